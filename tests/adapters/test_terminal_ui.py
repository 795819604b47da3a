"""The terminal's UserInterface: --verbose lowers the log to info, NO_COLOR keeps the plain screen."""

from orkeon_engine.adapters.terminal_events import TerminalTurnEvents
from orkeon_engine.adapters.terminal_screen import PlainScreen
from orkeon_engine.adapters.terminal_ui import log_level, terminal_ui


def test_verbose_shows_the_log_at_info_and_never_hides_debug():
    assert log_level({}, verbose=False) == "warning"
    assert log_level({}, verbose=True) == "info"
    assert log_level({"ORKEON_LOG_LEVEL": "debug"}, verbose=True) == "debug"
    assert log_level({"ORKEON_LOG_LEVEL": "error"}, verbose=False) == "error"


def test_the_turn_is_shown_as_action_lines_on_the_screen():
    terminal = terminal_ui({"NO_COLOR": "1"})

    assert isinstance(terminal.screen, PlainScreen) and isinstance(terminal.ui.events, TerminalTurnEvents)
