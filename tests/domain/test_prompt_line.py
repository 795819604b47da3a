import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.args import ArgSpec, ArgumentError, Positional
from orkeon_engine.domain.prompt_line import PromptLine, read_prompt_line, split_typed_words

SPECS = {
    "assistant": ArgSpec(positionals=(Positional("request", many=True),), free_text=True, typed_from=0),
    "debug-tool-call": ArgSpec(positionals=(Positional("tool"), Positional("json", many=True)), typed_from=1),
    "permissions": ArgSpec(positionals=(Positional("action"), Positional("rule", many=True)), free_text=True),
}


def read(line: str) -> PromptLine:
    return read_prompt_line(line, SPECS.get, "assistant")


@pytest.mark.parametrize("line", ["exit", "quit", "  EXIT ", "/exit", "/quit", "Quit"])
def test_exit_and_quit_leave_the_prompt(line):
    assert read(line).kind == "leave"


def test_a_request_that_mentions_exit_goes_to_the_assistant():
    typed = read("exit the loop early in parse()")

    assert typed == PromptLine("command", ("assistant", "exit the loop early in parse()"))


def test_a_permission_rule_with_spaces_is_split_as_a_shell_would():
    typed = read("/permissions add deny shell_command(git push:*)")

    assert typed.tokens == ("permissions", "add", "deny", "shell_command(git", "push:*)")


def test_a_json_argument_is_handed_over_as_typed():
    typed = read('/debug-tool-call file_read {"path": "src/a b.py", "limit": 2}')

    assert typed.tokens == ("debug-tool-call", "file_read", '{"path": "src/a b.py", "limit": 2}')


def test_free_text_keeps_its_apostrophes_and_quotes():
    typed = read("""/assistant don't touch "the parser" """)

    assert typed.tokens == ("assistant", """don't touch "the parser\"""")


def test_an_apostrophe_no_quote_closes_is_a_letter():
    assert split_typed_words("memory add feedback don't squash") == ["memory", "add", "feedback", "don't", "squash"]


def test_a_hash_is_a_character_not_a_comment():
    assert split_typed_words("memory add project see #123") == ["memory", "add", "project", "see", "#123"]


def test_an_unclosed_double_quote_names_the_problem():
    with pytest.raises(ArgumentError, match="cannot split the line"):
        read('/memory add project "half')


def test_an_empty_line_asks_for_nothing():
    assert read("   ").kind == "empty" and read("/").kind == "empty"


@given(st.text(max_size=60))
def test_any_line_is_read_or_refused_with_an_argument_error(line):
    try:
        typed = read(line)
    except ArgumentError:
        return
    assert typed.kind in ("empty", "leave", "command")


@given(st.dictionaries(st.text(max_size=10), st.text(max_size=10) | st.integers(), max_size=4))
def test_any_json_object_reaches_debug_tool_call_intact(value):
    text = json.dumps(value)

    typed = read(f"/debug-tool-call file_read {text}")

    assert json.loads(" ".join(typed.tokens[2:]) or "{}") == value


@given(st.lists(st.text(alphabet="abcxyz-_.:()*", min_size=1), min_size=1, max_size=6))
def test_plain_words_split_into_themselves(words):
    assert split_typed_words(" ".join(words)) == words
