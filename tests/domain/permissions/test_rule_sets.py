import pytest

from orkeon_engine.domain.permissions.matching import matches_rule
from orkeon_engine.domain.permissions.rule_sets import RULE_SETS, STEP_RULE_SETS, step_entries
from tests.support.bash_grammar import BASH_READ
from tests.support.permission_calls import read, shell, write


def _denied(name, call):
    return any(matches_rule(entry.rule, call, BASH_READ) for entry in RULE_SETS[name].entries())


def test_the_five_sets_are_shipped():
    assert sorted(RULE_SETS) == ["git-readonly", "inline-interpreters", "read-noise", "secrets", "state-files"]


def test_every_rule_of_every_set_parses_as_a_deny_rule_with_a_reason():
    for rule_set in RULE_SETS.values():
        entries = rule_set.entries()
        assert entries and all(entry.rule.effect == "deny" and entry.reason for entry in entries)
        assert all(entry.source == f"rule set {rule_set.name}" for entry in entries)


def test_every_step_names_sets_that_exist():
    for step, names in STEP_RULE_SETS.items():
        assert names and set(names) <= set(RULE_SETS), step
        assert step_entries(step)


@pytest.mark.parametrize(
    "command",
    ["git push", "git push origin main", "git reset --hard HEAD~1", "git commit -am wip", "git checkout -- a.py",
     "git clean -fdx", "git rebase -i main", "git branch -D old", "git stash", "git -C sub push",
     'sh -c "git push"', "bash -lc 'git reset --hard'", "git status && git push", "echo $(git push)",
     "git -c alias.p=push p origin", "git -c 'alias.p=!git push' p", "find . -exec git push ;"],
)
def test_git_readonly_denies_what_changes_the_repository(command):
    assert _denied("git-readonly", shell(command))
    assert _denied("git-readonly", shell(command, tool="start_job"))


@pytest.mark.parametrize("command", ["git status", "git log --oneline -5", "git diff --stat", "git show HEAD",
                                     "git blame a.py", "git branch", "git stash list", "git tag -l"])
def test_git_readonly_lets_git_read(command):
    assert not _denied("git-readonly", shell(command))


@pytest.mark.parametrize(
    "command",
    ["python -c 'print(1)'", "python3 -c 'import os'", "node -e 'process.exit(1)'", "bash -c 'ls'", "sh -c ls",
     "perl -e 'print 1'", "cd src && python3 -c 'x'", "bash -lc 'echo hi'", "python -Ic 'x'", "python -c'x'",
     "python -I -c x", "python3.11 -c x", "node --eval=x", "node -pe x", "echo ls | bash", "bash -s <<< ls"],
)
def test_inline_interpreters_denies_programs_written_on_the_command_line(command):
    assert _denied("inline-interpreters", shell(command))


@pytest.mark.parametrize("command", ["python -m pytest -q", "node scripts/build.js", "bash scripts/check.sh",
                                     "python -m pytest -c setup.cfg", "node build.js -e prod", "bash --version"])
def test_inline_interpreters_lets_the_projects_scripts_run(command):
    assert not _denied("inline-interpreters", shell(command))


@pytest.mark.parametrize(
    "call",
    [read("/workspace/node_modules/react/index.js"), read("/workspace/.venv/lib/site.py", tool="directory_read"),
     read("/workspace/dist/app.min.js", tool="node_read"), read("/workspace/package-lock.json"),
     read("/workspace/web/build/out.js", tool="node_outline")],
)
def test_read_noise_denies_reading_generated_and_vendored_files(call):
    assert _denied("read-noise", call)


def test_read_noise_leaves_the_code_and_the_build_commands_alone():
    assert not _denied("read-noise", read("/workspace/src/app.py"))
    assert not _denied("read-noise", shell("npm run build"))


@pytest.mark.parametrize(
    "call",
    [read("/workspace/.env"), read("/workspace/api/.env.production", tool="node_read"),
     read("/workspace/certs/server.pem"), write("/workspace/.env"), read("/home/dev/.ssh/id_rsa"),
     shell("cat .env"), shell("cat ~/.ssh/id_rsa"), shell("openssl x509 -in certs/ca.pem"),
     shell("sh -c 'cat .env'"), shell("grep KEY < .env"), shell("cp .env /tmp/x", tool="start_job"),
     shell("tail -f $(ls .env)")],
)
def test_secrets_denies_env_files_and_keys_by_any_tool_the_shell_included(call):
    assert _denied("secrets", call)


def test_secrets_leaves_other_files_alone():
    assert not _denied("secrets", read("/workspace/README.md"))
    assert not _denied("secrets", shell("cat README.md"))


@pytest.mark.parametrize(
    "call",
    [write("/workspace/.git/config"), write("/workspace/.orkeon/local/state.db", tool="edit_batch"),
     write("/workspace/.orkeon/config.json", tool="node_replace"), write("/workspace/vendor/lib/.git/HEAD")],
)
def test_state_files_denies_edits_of_gits_store_and_orkeons_state(call):
    assert _denied("state-files", call)


def test_state_files_lets_the_project_be_edited_and_git_be_read():
    assert not _denied("state-files", write("/workspace/src/app.py"))
    assert not _denied("state-files", read("/workspace/.git/HEAD"))
