"""/commit on real temporary repositories, with the scripted model drafting the message."""

import json

import pytest

from orkeon_engine.adapters.http_github_api import HttpGitHubApi
from orkeon_engine.commands.git.commit import run_commit
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.ui.args import ParsedArgs
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.git_deps import make_git_deps
from tests.support.git_repo import commit_files, committed_paths, init_repo, isolate_git, staged_paths, write
from tests.support.github_api_server import GitHubApiServer
from tests.support.scripted_chat_model import ScriptedChatModel

DRAFT = {"type": "feat", "scope": "core", "subject": "add the parser and its tests",
         "body": "The engine needs to read its input before it can act on it.", "breaking": False}


def draft(**changes):
    return json.dumps({**DRAFT, **changes})


@pytest.fixture
def repo(tmp_path, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "home")
    repository = init_repo(tmp_path / "work")
    commit_files(repository, {"a.py": "a = 1\n", "b.py": "b = 1\n", "c.py": "c = 1\n"}, "chore: start the project")
    return repository


def args(*words, **flags):
    return ParsedArgs(flags={name: [True] for name in flags}, words=words)


async def test_two_paths_are_committed_and_a_third_staged_path_stays_staged(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, "b.py", "b = 2\n")
    write(repo, "c.py", "c = 2\n")
    repo.git.add("c.py")
    model = ScriptedChatModel([draft()])
    deps = await make_git_deps(repo, chat_model=model, human=FakeHumanInput(choices=["Commit"]))

    view = await run_commit(args("a.py", "b.py"), deps)

    assert committed_paths(repo) == ["a.py", "b.py"]
    assert staged_paths(repo) == ["c.py"]
    assert view.message.startswith(f"committed {repo.head.commit.hexsha[:7]} on main: 2 files")


async def test_the_prompt_sees_only_what_will_be_committed(repo):
    write(repo, "a.py", "a = 'committed'\n")
    write(repo, "c.py", "c = 'staged elsewhere'\n")
    repo.git.add("c.py")
    write(repo, "new.py", "print('brand new')\n")
    model = ScriptedChatModel([draft()])
    deps = await make_git_deps(repo, chat_model=model)

    await run_commit(args("a.py", "new.py", yes=True), deps)

    prompt = model.requests[0].last_user_text
    assert "a = 'committed'" in prompt and "print('brand new')" in prompt
    assert "staged elsewhere" not in prompt and "c.py" not in prompt
    assert "- chore: start the project" in prompt


async def test_the_message_has_a_conventional_header_a_blank_line_and_the_why(repo):
    write(repo, "a.py", "a = 2\n")
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]))

    await run_commit(args(yes=True), deps)

    assert repo.head.commit.message.strip() == (
        "feat(core): add the parser and its tests\n\nThe engine needs to read its input before it can act on it.")


async def test_a_draft_over_the_subject_limit_is_sent_back_once_then_committed_when_repaired(repo):
    write(repo, "a.py", "a = 2\n")
    model = ScriptedChatModel([draft(subject="x" * 80), draft()])
    deps = await make_git_deps(repo, chat_model=model)

    await run_commit(args(yes=True), deps)

    assert "- subject: at most 61 characters, was 80: 'xxx" in model.requests[1].last_user_text
    assert repo.head.commit.message.startswith("feat(core): add the parser")


async def test_a_draft_that_never_passes_the_checks_commits_nothing(repo):
    write(repo, "a.py", "a = 2\n")
    before = repo.head.commit.hexsha
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft(body=""), draft(body="")]))

    with pytest.raises(CommandFailedError, match="did not fit CommitDraft"):
        await run_commit(args(yes=True), deps)
    assert repo.head.commit.hexsha == before and staged_paths(repo) == []


async def test_without_an_identity_the_commit_stops_before_the_model_with_the_two_commands(repo, tmp_path,
                                                                                          monkeypatch):
    isolate_git(monkeypatch, tmp_path / "nobody", identity=False)
    write(repo, "a.py", "a = 2\n")
    model = ScriptedChatModel([draft()])
    deps = await make_git_deps(repo, chat_model=model)

    with pytest.raises(NotConfiguredError) as refusal:
        await run_commit(args(yes=True), deps)

    assert 'git config --global user.name "Your Name"' in str(refusal.value)
    assert 'git config --global user.email "you@example.com"' in str(refusal.value)
    assert model.requests == []


async def test_a_path_that_usually_holds_secrets_stops_the_commit_before_the_model(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, "config/.env", "HELLO=1\n")
    model = ScriptedChatModel([draft()])
    deps = await make_git_deps(repo, chat_model=model)

    with pytest.raises(CommandFailedError, match=r"usually hold secrets:\n  config/.env \(an environment file\)"):
        await run_commit(args(yes=True), deps)
    assert model.requests == [] and staged_paths(repo) == []


async def test_naming_the_other_paths_commits_without_the_secret_path(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, ".env", "HELLO=1\n")
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]))

    await run_commit(args("a.py", yes=True), deps)

    assert committed_paths(repo) == ["a.py"]


async def test_a_credential_in_the_change_is_refused_with_file_and_line_and_no_message(repo):
    write(repo, "b.py", "b = 1\nkey = 'AKIA" + "IOSFODNN7EXAMPLE'\n")
    model = ScriptedChatModel([draft()])
    deps = await make_git_deps(repo, chat_model=model)

    with pytest.raises(CommandFailedError, match=r"looks like a credential.*\n  b.py:2: an AWS access key id"):
        await run_commit(args(yes=True), deps)
    assert model.requests == [] and staged_paths(repo) == []


async def test_a_credential_in_a_new_file_is_found_below_what_the_prompt_would_show(repo):
    write(repo, "new.py", "\n" * 300 + "token = 'ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'\n")
    model = ScriptedChatModel([draft()])
    deps = await make_git_deps(repo, chat_model=model)

    with pytest.raises(CommandFailedError, match="new.py:301: a GitHub token"):
        await run_commit(args(yes=True), deps)
    assert model.requests == []


@pytest.mark.parametrize("mode", ["plan", "dontAsk"])
async def test_a_read_only_mode_refuses_the_commit(repo, mode):
    write(repo, "a.py", "a = 2\n")
    model = ScriptedChatModel([draft()])
    deps = await make_git_deps(repo, chat_model=model)
    await deps.session.set_state("permissions.mode", mode)

    with pytest.raises(CommandFailedError, match=f"refused in the {mode} mode, which is read-only"):
        await run_commit(args(yes=True), deps)
    assert model.requests == []


async def test_an_unknown_mode_fails_closed(repo):
    write(repo, "a.py", "a = 2\n")
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]))
    await deps.session.set_state("permissions.mode", "yolo")

    with pytest.raises(CommandFailedError, match="is not a known mode"):
        await run_commit(args(yes=True), deps)


async def test_cancel_stages_and_commits_nothing(repo):
    write(repo, "a.py", "a = 2\n")
    before = repo.head.commit.hexsha
    human = FakeHumanInput(choices=["Cancel"])
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]), human=human)

    view = await run_commit(args(), deps)

    assert view.message == "cancelled: nothing was staged or committed"
    assert repo.head.commit.hexsha == before and staged_paths(repo) == []
    assert human.questions[0][1] == ["Commit", "Edit message", "Cancel"]


async def test_nobody_to_answer_is_a_cancel(repo):
    write(repo, "a.py", "a = 2\n")
    before = repo.head.commit.hexsha
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]), human=FakeHumanInput())

    view = await run_commit(args(), deps)

    assert view.message.startswith("cancelled") and repo.head.commit.hexsha == before


async def test_without_a_terminal_and_without_yes_the_commit_stops_before_the_model(repo):
    write(repo, "a.py", "a = 2\n")
    model = ScriptedChatModel([draft()])
    deps = await make_git_deps(repo, chat_model=model)
    deps.can_ask = False

    with pytest.raises(CommandFailedError, match="no terminal to ask on: run it in a terminal, or add --yes"):
        await run_commit(args(), deps)
    assert model.requests == []


async def test_without_a_terminal_yes_commits_the_draft(repo):
    write(repo, "a.py", "a = 2\n")
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]))
    deps.can_ask = False

    view = await run_commit(args(yes=True), deps)

    assert view.message.startswith("committed")


async def test_the_confirmation_shows_the_files_and_the_message(repo):
    write(repo, "a.py", "a = 2\n")
    human = FakeHumanInput(choices=["Cancel"])
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]), human=human)

    await run_commit(args(), deps)

    question = human.questions[0][0]
    assert question.startswith("Commit 1 file on main:\n  .M a.py")
    assert "feat(core): add the parser and its tests" in question


async def test_edit_message_commits_the_text_the_person_wrote(repo):
    write(repo, "a.py", "a = 2\n")
    human = FakeHumanInput(choices=["Edit message"], texts=["fix: my own words"])
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]), human=human)

    await run_commit(args(), deps)

    assert repo.head.commit.message.strip() == "fix: my own words"


async def test_the_work_folder_is_left_out_and_the_confirmation_says_so(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, ".orkeon/local/notes.md", "mine\n")
    human = FakeHumanInput(choices=["Commit"])
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]), human=human)

    await run_commit(args(), deps)

    assert committed_paths(repo) == ["a.py"]
    assert "left out: 1 path under Orkeon's folders (.orkeon/local/, .orkeon/work/)" in human.questions[0][0]


async def test_the_dev_work_folder_is_left_out_unless_a_path_inside_it_is_named(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, ".orkeon/work/cart/spec.md", "# Spec cart: Carts\n")
    human = FakeHumanInput(choices=["Commit", "Commit"])
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft(), draft(type="docs")]), human=human)

    await run_commit(args(), deps)
    first = committed_paths(repo)
    await run_commit(args(".orkeon/work/cart"), deps)  # a Markdown file alone: the schema offers docs only

    assert first == ["a.py"] and committed_paths(repo) == [".orkeon/work/cart/spec.md"]
    assert "taken from Orkeon's folders because named: .orkeon/work/cart/spec.md" in human.questions[1][0]


async def test_the_work_folder_the_setting_names_is_the_one_left_out(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, "notes/work/cart/spec.md", "# Spec cart: Carts\n")
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]), human=FakeHumanInput(choices=["Commit"]))
    await deps.config.set_value("dev.workFolder", "notes/work", "session")

    await run_commit(args(), deps)

    assert committed_paths(repo) == ["a.py"]


async def test_nothing_to_commit_is_said_without_a_model_call(repo):
    model = ScriptedChatModel()
    deps = await make_git_deps(repo, chat_model=model)

    with pytest.raises(CommandFailedError, match="nothing to commit: git status lists no change"):
        await run_commit(args(yes=True), deps)


async def test_push_on_the_default_branch_pushes_to_the_bare_remote_without_a_pull_request(repo, tmp_path):
    bare = tmp_path / "remote.git"
    repo.git.init("--bare", str(bare))
    repo.git.remote("add", "origin", str(bare))
    write(repo, "a.py", "a = 2\n")
    files = FakeFiles()
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]), vfs=files)

    view = await run_commit(args(yes=True, push=True), deps)

    assert repo.git.rev_parse("origin/main") == repo.head.commit.hexsha
    assert view.message.endswith("pushed to origin/main")
    assert view.data["prFile"] is None and files.writes == []


async def test_push_off_the_default_branch_writes_the_pr_body_and_prints_the_gh_command(repo, tmp_path):
    bare = tmp_path / "remote.git"
    repo.git.init("--bare", str(bare))
    repo.git.remote("add", "origin", str(bare))
    repo.git.switch("-c", "feat/parser")
    write(repo, "a.py", "a = 2\n")
    files = FakeFiles()
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]), vfs=files)

    view = await run_commit(args(yes=True, pr=True), deps)

    assert repo.git.rev_parse("origin/feat/parser") == repo.head.commit.hexsha
    body = files.texts["/output/pr-feat-parser/PR.md"]
    assert body.startswith("# feat(core): add the parser and its tests\n\nThe engine needs")
    assert view.data["ghCommand"].startswith("gh pr create --base main --head feat/parser --title ")
    assert "pull request body: /repo/.orkeon/local/output/pr-feat-parser/PR.md" in view.lines
    assert "the pull request was not opened: this engine has no GitHub API client; open it with:" in view.lines


async def test_a_failed_push_says_the_commit_was_made(repo):
    write(repo, "a.py", "a = 2\n")
    deps = await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]))

    with pytest.raises(CommandFailedError, match="committed [0-9a-f]+ on main, but the push failed"):
        await run_commit(args(yes=True, push=True), deps)


TOKEN = "ghp_commit0123456789abcdefghijklmn"


def on_github(repo, tmp_path):
    """origin reads as github.com/acme/rocket, while the push goes to a bare repository beside the work tree."""
    bare = tmp_path / "rocket.git"
    repo.git.init("--bare", str(bare))
    repo.git.remote("add", "origin", "https://github.com/acme/rocket.git")
    repo.git.remote("set-url", "--push", "origin", str(bare))
    repo.git.switch("-c", "feat/parser")
    write(repo, "a.py", "a = 2\n")


async def pr_deps(repo, api_url, token=TOKEN):
    settings = FakeConfigFiles(user=json.dumps({"github.apiUrl": api_url}))
    return await make_git_deps(repo, chat_model=ScriptedChatModel([draft()]), vfs=FakeFiles(), files=settings,
                               github=HttpGitHubApi(token))


async def test_pr_opens_the_pull_request_on_github_after_the_push_and_prints_its_url(repo, tmp_path):
    on_github(repo, tmp_path)
    with GitHubApiServer(TOKEN) as api:
        deps = await pr_deps(repo, api.url)
        view = await run_commit(args(yes=True, pr=True), deps)

    sent = api.requests[0].body
    assert "pull request opened #1: https://github.com/acme/rocket/pull/1" in view.lines
    assert view.data["prUrl"] == "https://github.com/acme/rocket/pull/1" and view.data["ghCommand"] is None
    assert (sent["title"], sent["head"], sent["base"]) == ("feat(core): add the parser and its tests", "feat/parser",
                                                           "main")
    assert sent["body"] == deps.files.texts["/output/pr-feat-parser/PR.md"]


async def test_pr_without_a_token_prints_the_gh_command_with_the_reason(repo, tmp_path):
    on_github(repo, tmp_path)
    with GitHubApiServer(TOKEN) as api:
        view = await run_commit(args(yes=True, pr=True), await pr_deps(repo, api.url, token=None))

    assert api.requests == [] and view.data["prUrl"] is None
    assert ("the pull request was not opened: no GitHub token: neither GITHUB_TOKEN nor GH_TOKEN is set; open it "
            "with:") in view.lines
    assert view.data["ghCommand"].startswith("gh pr create --base main --head feat/parser")


async def test_pr_refused_by_github_prints_its_reason_and_the_gh_command(repo, tmp_path):
    on_github(repo, tmp_path)
    with GitHubApiServer("ghp_another_token_that_github_holds0") as api:
        view = await run_commit(args(yes=True, pr=True), await pr_deps(repo, api.url))

    assert any("GitHub refused the token (401: Bad credentials)" in line for line in view.lines)
    assert view.data["ghCommand"].startswith("gh pr create")


async def test_pr_on_a_branch_whose_pull_request_is_open_shows_that_one(repo, tmp_path):
    on_github(repo, tmp_path)
    with GitHubApiServer(TOKEN) as api:
        api.pulls[("acme/rocket", "feat/parser")] = {"number": 7, "html_url": "https://github.com/acme/rocket/pull/7"}
        view = await run_commit(args(yes=True, pr=True), await pr_deps(repo, api.url))

    assert "a pull request is already open for this branch #7: https://github.com/acme/rocket/pull/7" in view.lines


async def test_a_readme_change_is_offered_the_docs_type_alone(repo):
    write(repo, "README.md", "# The shop\n\nRun it with make run.\n")
    model = ScriptedChatModel([draft(type="docs")])
    human = FakeHumanInput(choices=["Commit"])
    deps = await make_git_deps(repo, chat_model=model, human=human)

    await run_commit(args(), deps)

    instructions = model.requests[0].messages[0].text
    assert '"enum": ["docs"]' in instructions or '"const": "docs"' in instructions
    assert "\ndocs(core): " in human.questions[0][0]
