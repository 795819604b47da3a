from orkeon_engine.domain.permissions.decide import Ask
from orkeon_engine.domain.permissions.question import answers, question_text
from orkeon_engine.domain.permissions.rules import Rule
from tests.support.permission_calls import shell, write

PROJECT = "/repo/.orkeon/config.json"


def test_a_shell_question_shows_the_command_the_reason_and_the_rule_it_would_add():
    ask = Ask("shell_command asks first in the default mode", (Rule("allow", "shell_command", "make lint"),))

    text = question_text(shell("make lint"), ask, PROJECT)

    assert text == (
        "Allow shell_command?\n"
        "  $ make lint\n"
        "Asked because shell_command asks first in the default mode.\n"
        "Allow for this session adds the rule shell_command(make lint) to this session; Always allow writes it "
        "to /repo/.orkeon/config.json (permissions.allow)."
    )


def test_an_edit_question_shows_the_path_and_a_short_diff():
    diff = "\n".join(f"+line {n}" for n in range(30))
    ask = Ask("file_write asks first in the default mode", (Rule("allow", "file_write", "/a.py"),))

    text = question_text(write("/workspace/a.py", preview=diff), ask, PROJECT)

    assert "  /workspace/a.py\n  +line 0\n" in text
    assert "  +line 19\n  ... 10 more lines\n" in text


def test_four_answers_when_a_rule_is_offered_and_two_when_none_is():
    assert answers(Ask("x", (Rule("allow", "file_write", "/a.py"),))) == [
        "Allow once", "Allow for this session", "Always allow", "Deny"]
    assert answers(Ask("x")) == ["Allow once", "Deny"]


def test_several_offered_rules_are_named_together():
    ask = Ask("x", (Rule("allow", "shell_command", "npm ci"), Rule("allow", "shell_command", "npm test")))

    text = question_text(shell("npm ci && npm test"), ask, PROJECT)

    assert text.endswith("adds the rules shell_command(npm ci), shell_command(npm test) to this session; Always "
                         "allow writes them to /repo/.orkeon/config.json (permissions.allow).")
