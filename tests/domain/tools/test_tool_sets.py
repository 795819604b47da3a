"""Which tool set a turn offers: the core few for a small known window, the full set otherwise."""

import pytest

from orkeon_engine.domain.tools.tool_sets import CORE_ONLY_TOOLS, CORE_TOOLS, SMALL_WINDOW, in_core_set, uses_core_set


@pytest.mark.parametrize(("setting", "window", "core"), [
    ("auto", 16_384, True), ("auto", SMALL_WINDOW, True), ("auto", SMALL_WINDOW + 1, False), ("auto", None, False),
    ("core", 200_000, True), ("core", None, True), ("full", 8_192, False),
])
def test_the_setting_and_the_window_choose_the_set(setting, window, core):
    assert uses_core_set(setting, window) is core


def test_the_core_set_is_what_a_coding_turn_needs_and_keeps_the_extra_tools():
    assert {"file_read", "directory_read", "codebase_search", "file_edit", "file_write", "shell_command",
            "definition_rewrite"} == CORE_TOOLS
    assert {"definition_rewrite"} == CORE_ONLY_TOOLS
    assert in_core_set("mcp__github__list_issues") and not in_core_set("edit_batch")
