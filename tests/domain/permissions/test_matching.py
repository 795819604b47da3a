import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.permissions.matching import allowable, matches_rule
from orkeon_engine.domain.permissions.rules import EFFECTS, parse_rule
from orkeon_engine.domain.tool_call import ToolCall
from tests.support.bash_grammar import BASH_READ
from tests.support.permission_calls import read, shell, write


def _rule(effect, text):
    return parse_rule(text, effect)


def test_a_prefix_matches_the_command_and_what_follows_but_not_a_longer_word():
    rule = _rule("allow", "shell_command(git diff:*)")

    assert matches_rule(rule, shell("git diff"), BASH_READ)
    assert matches_rule(rule, shell("git diff --stat HEAD~1"), BASH_READ)
    assert not matches_rule(rule, shell("git difftool"), BASH_READ)


def test_a_glob_stands_for_any_text():
    rule = _rule("allow", "shell_command(npm run *)")

    assert matches_rule(rule, shell("npm run test -- --watch"), BASH_READ)
    assert not matches_rule(rule, shell("npm install"), BASH_READ)


def test_a_specifier_without_a_wildcard_is_the_exact_command():
    rule = _rule("allow", "shell_command(npm test)")

    assert matches_rule(rule, shell("npm test"), BASH_READ)
    assert not matches_rule(rule, shell("npm test --coverage"), BASH_READ)


def test_quoting_does_not_change_what_a_command_is():
    rule = _rule("allow", "shell_command(git commit -m 'fix the build')")

    assert matches_rule(rule, shell('git commit -m "fix the build"'), BASH_READ)


def test_an_allow_rule_matches_a_compound_command_only_when_every_part_matches():
    rule = _rule("allow", "shell_command(git:*)")

    assert matches_rule(rule, shell("git status && git log -1"), BASH_READ)
    assert not matches_rule(rule, shell("git status && rm -rf build"), BASH_READ)


@pytest.mark.parametrize("operator", ["&&", "||", ";", "|", "\n"])
def test_a_deny_rule_matches_when_any_part_does(operator):
    rule = _rule("deny", "shell_command(git push:*)")

    assert matches_rule(rule, shell(f"git status {operator} git push origin main"), BASH_READ)


def test_an_ask_rule_reads_a_compound_command_as_a_deny_rule_does():
    assert matches_rule(_rule("ask", "shell_command(rm:*)"), shell("ls && rm -rf dist"), BASH_READ)


@pytest.mark.parametrize(
    "command",
    [
        "git log $(cat refs.txt)",
        "git log `cat refs.txt`",
        "diff <(git show HEAD:a) a",
        "git log > log.txt",
        "git log >> log.txt",
        "eval git log",
        "git log 'unclosed",
    ],
)
def test_an_allow_rule_never_matches_substitution_eval_redirection_or_a_broken_line(command):
    assert not matches_rule(_rule("allow", "shell_command(git:*)"), shell(command), BASH_READ)
    assert not matches_rule(_rule("allow", "shell_command"), shell(command), BASH_READ)
    assert not allowable(command, BASH_READ)


def test_the_same_constructs_do_not_hide_a_command_from_a_deny_rule():
    rule = _rule("deny", "shell_command(git push:*)")

    assert matches_rule(rule, shell("echo $(git push)"), BASH_READ)
    assert matches_rule(rule, shell("eval 'git push'"), BASH_READ)
    assert matches_rule(rule, shell('sh -c "git push"'), BASH_READ)
    assert matches_rule(rule, shell("sudo git -C .. push"), BASH_READ)


def test_a_command_rule_names_its_tool_only():
    assert not matches_rule(_rule("deny", "shell_command(git push:*)"), shell("git push", tool="start_job"), BASH_READ)


def test_a_path_rule_allows_only_when_every_path_matches_and_denies_when_any_does():
    both = write("/workspace/src/a.py", "/workspace/README.md", tool="edit_batch")

    assert not matches_rule(_rule("allow", "edit_batch(src/**)"), both, BASH_READ)
    assert matches_rule(_rule("deny", "edit_batch(src/**)"), both, BASH_READ)
    one = write("/workspace/src/a.py", tool="edit_batch")
    assert matches_rule(_rule("allow", "edit_batch(src/**)"), one, BASH_READ)


def test_a_path_rule_does_not_match_a_call_without_paths():
    assert not matches_rule(_rule("deny", "file_read(.env)"), ToolCall("file_read", "read", {}), BASH_READ)


def test_a_star_rule_reads_the_files_a_shell_command_names():
    rule = _rule("deny", "*(.env)")

    assert matches_rule(rule, shell("cat .env"), BASH_READ)
    assert matches_rule(rule, shell("cat config/.env | grep KEY"), BASH_READ)
    assert matches_rule(rule, shell("source ./.env"), BASH_READ)
    assert matches_rule(rule, shell("cat .e*"), BASH_READ)
    assert matches_rule(rule, read("/workspace/.env", tool="node_read"), BASH_READ)
    assert not matches_rule(rule, shell("cat .env.example"), BASH_READ)
    assert not matches_rule(rule, shell("ls *"), BASH_READ)


def test_a_star_rule_never_allows_a_shell_command():
    assert not matches_rule(_rule("allow", "*(src/**)"), shell("rm -rf src/app"), BASH_READ)


def test_a_bare_rule_matches_every_call_of_its_tool():
    assert matches_rule(_rule("deny", "file_write"), write("/workspace/a"), BASH_READ)
    assert not matches_rule(_rule("deny", "file_write"), read("/workspace/a"), BASH_READ)


CALLS = st.builds(
    ToolCall,
    name=st.sampled_from(["shell_command", "file_read", "file_write", "start_job"]),
    tool_class=st.sampled_from(["read", "edit", "shell", "network"]),
    command=st.none() | st.text(max_size=60),
    paths=st.lists(st.text(max_size=30), max_size=3).map(tuple),
)
RULE_TEXTS = st.sampled_from([
    "shell_command(git push:*)", "shell_command(npm run *)", "shell_command", "*(.env)", "file_read(src/**)",
    "file_write(/a.py)", "*", "start_job(make:*)",
])


@given(CALLS, RULE_TEXTS, st.sampled_from(EFFECTS))
def test_matching_never_raises(call, text, effect):
    assert matches_rule(parse_rule(text, effect), call, BASH_READ) in (True, False)


def test_a_bare_allow_rule_matches_an_extra_tool_of_class_shell_that_carries_no_command():
    assert matches_rule(_rule("allow", "docker_run"), ToolCall("docker_run", "shell", {}), BASH_READ)


def test_a_builtin_shell_call_without_its_command_is_never_allowed_by_a_rule():
    assert not matches_rule(_rule("allow", "shell_command"), ToolCall("shell_command", "shell", {}), BASH_READ)
