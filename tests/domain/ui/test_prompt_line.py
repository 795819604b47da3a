import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Positional
from orkeon_engine.domain.ui.prompt_line import continued, line_tokens, split_typed_words, wants_to_leave

SPECS = {
    "assistant": ArgSpec(positionals=(Positional("request", many=True),), free_text=True, typed_from=0),
    "debug-tool-call": ArgSpec(positionals=(Positional("tool"), Positional("json", many=True)), typed_from=1),
    "permissions": ArgSpec(positionals=(Positional("action"), Positional("rule", many=True)), free_text=True),
}


def read(line: str) -> list[str]:
    return line_tokens(line, SPECS.get, "assistant")


@pytest.mark.parametrize("line", ["exit", "quit", "  EXIT ", "/exit", "/quit", "Quit"])
def test_exit_and_quit_leave_the_prompt(line):
    assert wants_to_leave(line)


@pytest.mark.parametrize("line", ["exit the loop early in parse()", "//exit", "/exit now", "quitting"])
def test_a_line_that_only_mentions_exit_does_not_leave(line):
    assert not wants_to_leave(line)


def test_a_request_that_mentions_exit_goes_to_the_assistant():
    assert read("exit the loop early in parse()") == ["assistant", "exit the loop early in parse()"]


def test_a_permission_rule_with_spaces_is_split_as_a_shell_would():
    tokens = read("/permissions add deny shell_command(git push:*)")

    assert tokens == ["permissions", "add", "deny", "shell_command(git", "push:*)"]


def test_a_json_argument_is_handed_over_as_typed():
    tokens = read('/debug-tool-call file_read {"path": "src/a b.py", "limit": 2}')

    assert tokens == ["debug-tool-call", "file_read", '{"path": "src/a b.py", "limit": 2}']


def test_free_text_keeps_its_apostrophes_and_quotes():
    tokens = read("""/assistant don't touch "the parser" """)

    assert tokens == ["assistant", """don't touch "the parser\""""]


def test_an_apostrophe_no_quote_closes_is_a_letter():
    assert split_typed_words("memory add feedback don't squash") == ["memory", "add", "feedback", "don't", "squash"]


def test_a_hash_is_a_character_not_a_comment():
    assert split_typed_words("memory add project see #123") == ["memory", "add", "project", "see", "#123"]


def test_an_unclosed_double_quote_names_the_problem():
    with pytest.raises(ArgumentError, match="cannot split the line"):
        read('/memory add project "half')


def test_an_empty_line_asks_for_nothing():
    assert read("   ") == [] and read("/") == []


@given(st.text(max_size=60))
def test_any_line_is_read_or_refused_with_an_argument_error(line):
    try:
        tokens = read(line)
    except ArgumentError:
        return
    assert all(isinstance(token, str) for token in tokens)


@given(st.dictionaries(st.text(max_size=10), st.text(max_size=10) | st.integers(), max_size=4))
def test_any_json_object_reaches_debug_tool_call_intact(value):
    text = json.dumps(value)

    typed = read(f"/debug-tool-call file_read {text}")

    assert json.loads(" ".join(typed[2:]) or "{}") == value


@given(st.lists(st.text(alphabet="abcxyz-_.:()*", min_size=1), min_size=1, max_size=6))
def test_plain_words_split_into_themselves(words):
    assert split_typed_words(" ".join(words)) == words


@pytest.mark.parametrize("line, expected", [
    ("fix the parser \\", ("fix the parser ", True)),
    ("a path C:\\\\", ("a path C:\\\\", False)),
    ("three \\\\\\", ("three \\\\", True)),
    ("no mark", ("no mark", False)),
    ("ends \\\r\n", ("ends ", True)),
])
def test_a_line_ending_with_an_odd_number_of_backslashes_goes_on(line, expected):
    assert continued(line) == expected


def test_a_pasted_request_keeps_its_lines_for_the_assistant():
    assert read("fix this:\n  def f(:\n      pass") == ["assistant", "fix this:\n  def f(:\n      pass"]
