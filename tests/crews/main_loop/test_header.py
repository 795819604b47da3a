import re

import pytest

from orkeon_engine.crews.main_loop.header import HeaderInput, authored_header, build_static_header
from orkeon_engine.domain.context.compaction_thresholds import HEADER_CEILING_CHARS
from orkeon_engine.domain.tools.tool_sets import CORE_TOOLS

EVERYTHING = ("file_read", "file_write", "shell_command", "codebase_search", "incremental_reindex")
CORE = tuple(sorted(CORE_TOOLS - {"shell_command"}))
"""The core set as a turn offers it when nobody can approve a command (no allow rule for the shell)."""


def test_the_header_holds_no_digit_whatever_the_tools():
    for tools in [(), ("file_read",), CORE, EVERYTHING]:
        for read_only in (True, False):
            assert re.search(r"\d", authored_header(HeaderInput(read_only, tools))) is None


def test_the_edit_and_shell_rules_appear_only_when_those_tools_are_offered():
    reading = authored_header(HeaderInput(True, ("file_read",)))
    writing = authored_header(HeaderInput(False, EVERYTHING))

    for marker in ("never weaken, skip or remove the check", "Look at a target before overwriting",
                   "shell_command runs only", "Git: no commit, push", "run the narrowest check the project names"):
        assert marker not in reading and marker in writing, marker


def test_the_core_sets_turn_without_a_shell_keeps_the_edit_rules_and_leaves_the_command_rules_out():
    core = authored_header(HeaderInput(False, CORE))

    assert "never weaken, skip or remove the check" in core and "Look at a target before overwriting" in core
    assert "Git:" not in core and "shell" not in core


def test_the_search_playbook_appears_with_the_code_intelligence_tools_and_names_the_shell_only_with_it():
    without = authored_header(HeaderInput(True, ("file_read",)))
    read_only = authored_header(HeaderInput(True, ("file_read", "codebase_search")))
    full = authored_header(HeaderInput(False, EVERYTHING))

    assert "code index" not in without
    assert "where they do not reach, read the file" in read_only and "last resort" not in read_only
    assert "prefer the code-intelligence tools to the shell, the last resort" in full


def test_the_index_refresh_is_asked_for_only_when_a_tool_can_refresh_it():
    assert "refresh them in it" not in authored_header(HeaderInput(False, CORE))
    assert "refresh them in it" in authored_header(HeaderInput(False, EVERYTHING))


def test_a_read_only_session_delivers_an_assessment_or_a_plan():
    assert "This session is read-only" in authored_header(HeaderInput(True, ()))
    assert "proposed in the answer, not performed" in authored_header(HeaderInput(False, ()))


@pytest.mark.parametrize("read_only", [True, False])
def test_the_authored_part_stays_under_its_ceiling(read_only):
    assert len(authored_header(HeaderInput(read_only, EVERYTHING))) <= HEADER_CEILING_CHARS


def test_the_same_offer_gives_the_same_bytes():
    first, second = build_static_header(HeaderInput(False, CORE)), build_static_header(HeaderInput(False, CORE))

    assert first.encode() == second.encode()


def test_the_core_sets_rewrite_is_named_only_when_it_is_offered():
    offered = authored_header(HeaderInput(False, ("file_read", "file_write", "definition_rewrite")))
    full = authored_header(HeaderInput(False, ("file_read", "file_write")))

    assert "with definition_rewrite, naming the file and the definition" in offered
    assert "definition_rewrite" not in full
