from orkeon_engine.domain.session.compaction import entry_label
from orkeon_engine.domain.session.history import COMMAND_OUTPUT, is_request
from orkeon_engine.domain.session.run_command import capped_output, command_line, output_entry, person_reason


def test_one_token_is_the_line_as_typed_and_several_are_quoted_as_a_shell_would():
    assert command_line(["ls -a | head -3"]) == "ls -a | head -3"
    assert command_line(["grep", "a b", "x.py"]) == "grep 'a b' x.py"


def test_the_reason_keeps_the_persons_part_and_drops_the_advice_to_the_model():
    reason = ("refused by the rule *(.env) (rule set secrets): an env file holds the environment's secrets; "
              "change approach instead of repeating the call")

    assert person_reason(reason) == ("refused by the rule *(.env) (rule set secrets): an env file holds the "
                                     "environment's secrets")
    assert person_reason("refused: the plan mode does not offer shell_command, a tool of class shell; the mode "
                         "is the person's choice, so change approach") == (
        "the plan mode does not offer shell_command, a tool of class shell")


def test_a_long_output_keeps_its_head_and_tail_around_a_note():
    text = "h" * 700 + "m" * 2_000 + "t" * 300

    shown, cut = capped_output(text, 1_000)

    assert cut and shown.startswith("h" * 666) and shown.endswith("t" * 300)
    assert "[... 2,000 characters of the output left out here ...]" in shown


def test_the_entry_is_the_persons_command_output_and_no_request():
    entry, cut = output_entry("make test", "exit code 0\nall passed\n")

    assert entry.kind == COMMAND_OUTPUT and entry.role == "user" and not is_request(entry) and not cut
    assert entry.text == "The person ran `make test` in /workspace (/run):\n```\nexit code 0\nall passed\n```"
    assert entry_label(entry) == "[command output]"
