"""run_git_commit over FakeGit and the scripted model: the paths the real-repository tests do not reach."""

import json

import pytest

from orkeon_engine.crews.git_commit.run import CommitCrewDeps, CommitRequest, run_git_commit
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.git.git import StatusEntry
from orkeon_engine.ports.git import GitError
from orkeon_engine.services.llm import Llm
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_git import FakeGit
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.scripted_chat_model import ScriptedChatModel

DRAFT = json.dumps({"type": "refactor", "scope": None, "subject": "move the parser", "body": "It belongs to lib.",
                    "breaking": False})


def crew(git, model=None, files=None, human=None):
    llm = Llm(model or ScriptedChatModel([DRAFT]), FakeClock())
    return CommitCrewDeps(git=git, llm=llm, human=human or FakeHumanInput(), progress=FakeProgress(), files=files)


async def test_a_staged_rename_is_staged_without_its_source_and_committed_with_it():
    git = FakeGit([StatusEntry("lib/parser.py", "R ", original="src/parser.py")])

    await run_git_commit(CommitRequest(assume_yes=True), crew(git))

    assert git.added == [["lib/parser.py"]]
    assert git.commits == [("refactor: move the parser\n\nIt belongs to lib.", ["src/parser.py", "lib/parser.py"])]


async def test_the_deletion_of_a_secret_path_is_not_stopped():
    git = FakeGit([StatusEntry(".env", " D")])

    outcome = await run_git_commit(CommitRequest(assume_yes=True), crew(git))

    assert outcome.files == (".env",)


async def test_a_push_from_a_detached_head_is_refused_after_the_commit():
    git = FakeGit([StatusEntry("a.py", " M")], branch=None)

    with pytest.raises(CommandFailedError, match="committed c0ffee1, but not pushed: HEAD is detached"):
        await run_git_commit(CommitRequest(push=True, assume_yes=True), crew(git))


async def test_without_a_known_default_branch_no_pull_request_body_is_written():
    git = FakeGit([StatusEntry("a.py", " M")], branch="feat/x", default=None)
    files = FakeFiles()

    outcome = await run_git_commit(CommitRequest(push=True, assume_yes=True), crew(git, files=files))

    assert git.pushed == ["feat/x"] and files.writes == []
    assert "no pull request body: the default branch is not known" in outcome.notes


async def test_without_pr_the_reason_still_says_why_the_pull_request_was_not_opened():
    git = FakeGit([StatusEntry("a.py", " M")], branch="feat/x")

    outcome = await run_git_commit(CommitRequest(push=True, assume_yes=True), crew(git, files=FakeFiles()))

    assert outcome.pr_file == "/output/pr-feat-x/PR.md"
    assert any(line.startswith("the pull request was not opened: --pr was not given") for line in outcome.lines)


async def test_a_git_refusal_of_the_commit_is_a_command_failure_with_git_s_reason():
    git = FakeGit([StatusEntry("a.py", " M")])
    git.fail["commit_only"] = GitError("git commit", "pre-commit hook failed")

    with pytest.raises(CommandFailedError, match="git commit: pre-commit hook failed"):
        await run_git_commit(CommitRequest(assume_yes=True), crew(git))


async def test_a_named_path_without_changes_is_noted_beside_the_commit():
    git = FakeGit([StatusEntry("a.py", " M")])

    outcome = await run_git_commit(CommitRequest(paths=("a.py", "docs"), assume_yes=True), crew(git))

    assert outcome.notes == ("no change under docs",)


async def test_an_empty_edited_message_cancels():
    git = FakeGit([StatusEntry("a.py", " M")])
    human = FakeHumanInput(choices=["Edit message"], texts=["   "])

    outcome = await run_git_commit(CommitRequest(), crew(git, human=human))

    assert outcome.commit_id is None and git.commits == []


async def test_progress_is_reported_and_ended():
    git = FakeGit([StatusEntry("a.py", " M")])
    deps = crew(git)

    await run_git_commit(CommitRequest(assume_yes=True), deps)

    assert deps.progress.events[0] == ("begin", "commit: reading the changes")
    assert deps.progress.events[-1] == ("end", "")


async def test_pr_opens_the_pull_request_through_the_ports_it_is_given():
    from orkeon_engine.services.pull_requests import PullRequestPorts
    from tests.support.doubles.fake_github_api import FakeGitHubApi
    from tests.support.settings import config_store

    git = FakeGit([StatusEntry("a.py", " M")], branch="feat/x")
    git.remotes["origin"] = "git@github.com:acme/rocket.git"
    api = FakeGitHubApi()
    files = FakeFiles()
    deps = crew(git, files=files)
    deps = CommitCrewDeps(deps.git, deps.llm, deps.human, deps.progress, files,
                          pull_requests=PullRequestPorts(git, api, await config_store(), files))

    outcome = await run_git_commit(CommitRequest(push=True, pull_request=True, assume_yes=True), deps)

    assert outcome.pr_url == "https://github.com/acme/rocket/pull/1" and outcome.summary.endswith(outcome.pr_url)
    assert api.created[0][2].title == "refactor: move the parser"
