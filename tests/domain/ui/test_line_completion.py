"""What the prompt offers for the word being typed."""

from orkeon_engine.commands.catalogue import CATALOGUE
from orkeon_engine.domain.ui.line_completion import CommandWords, complete_line

COMMANDS = [CommandWords(entry.name, entry.args, entry.description, entry.aliases) for entry in CATALOGUE]


def texts(before: str) -> list[str]:
    return [completion.text for completion in complete_line(before, COMMANDS, ("exit", "quit")).words]


def test_a_command_name_is_completed_from_its_start():
    assert texts("/mo") == ["/mode", "/model"]
    assert texts("/ex") == ["/exit", "/export"]


def test_a_commands_flags_are_offered_after_a_dash():
    assert "--fail-on" in texts("/review --f") and all(text.startswith("--f") for text in texts("/review --f"))


def test_a_mode_name_is_completed_after_mode():
    completions = complete_line("/mode ac", COMMANDS).words

    assert [c.text for c in completions] == ["acceptEdits"] and completions[0].replaces == 2


def test_settings_keys_are_completed_after_config_get():
    assert texts("/config get model.con") == ["model.contextWindow"]
    assert "keys" in texts("/config ")


def test_a_flags_closed_values_are_completed():
    assert texts("/review --format ") and all(not text.startswith("-") for text in texts("/review --format "))


def test_a_mode_prefix_in_a_request_is_completed():
    assert texts("mode:pl") == ["mode:plan"]


def test_a_path_like_word_of_a_request_is_completed_from_the_disk():
    result = complete_line("explain src/ap", COMMANDS)

    assert result.path == "src/ap" and result.words == ()


def test_a_plain_word_of_a_request_offers_nothing():
    assert complete_line("explain the par", COMMANDS) == complete_line("", COMMANDS)


def test_an_argument_that_takes_a_file_is_completed_from_the_disk():
    assert complete_line("/export no", COMMANDS).path == "no"


def test_an_unknown_command_offers_nothing():
    assert complete_line("/frob x", COMMANDS).words == () and complete_line("/frob x", COMMANDS).path is None
