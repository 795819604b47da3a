import re

import pytest

from orkeon_engine.crews.main_loop.header import (
    HeaderInput,
    authored_header,
    build_static_header,
    instructions_block,
)
from orkeon_engine.domain.compaction_thresholds import HEADER_CEILING_CHARS, INSTRUCTIONS_CEILING_CHARS
from orkeon_engine.domain.turn_inputs import ProjectInstructions

EVERYTHING = ("file_read", "file_write", "shell_command", "codebase_search")


def test_the_header_holds_no_digit_whatever_the_tools():
    for tools in [(), ("file_read",), EVERYTHING]:
        for read_only in (True, False):
            assert re.search(r"\d", authored_header(HeaderInput(read_only, tools))) is None


def test_the_writing_and_shell_lines_appear_only_when_those_tools_are_offered():
    reading = authored_header(HeaderInput(True, ("file_read",)))
    writing = authored_header(HeaderInput(False, EVERYTHING))

    assert "file_write replaces the whole file" not in reading and "shell_command runs only" not in reading
    assert "file_write replaces the whole file" in writing and "shell_command runs only" in writing


def test_the_search_playbook_appears_with_the_code_intelligence_tools_and_names_the_shell_only_with_it():
    without = authored_header(HeaderInput(True, ("file_read",)))
    read_only = authored_header(HeaderInput(True, ("file_read", "codebase_search")))
    full = authored_header(HeaderInput(False, EVERYTHING))

    assert "## Finding things" not in without
    assert "read the file itself" in read_only and "last resort" not in read_only
    assert "the shell is the last resort" in full


def test_a_read_only_session_delivers_an_assessment_or_a_plan():
    assert "This session is read-only" in authored_header(HeaderInput(True, ()))
    assert "proposed in the answer instead of performed" in authored_header(HeaderInput(False, ()))


def test_the_instructions_are_carried_verbatim_under_a_heading_naming_the_file():
    header = build_static_header(HeaderInput(False, (), ProjectInstructions("CLAUDE.md", "Use tabs.\n")))

    assert header.endswith("## The project's instructions, from CLAUDE.md\n\nUse tabs.\n")


def test_a_long_instructions_file_is_cut_with_a_note_naming_it():
    block = instructions_block(ProjectInstructions("AGENTS.md", "x" * (INSTRUCTIONS_CEILING_CHARS + 10)))

    assert block.endswith("[The rest of AGENTS.md was left out here; read it with file_read when you need it.]")


@pytest.mark.parametrize("read_only", [True, False])
def test_the_authored_part_stays_under_its_ceiling(read_only):
    assert len(authored_header(HeaderInput(read_only, EVERYTHING))) <= HEADER_CEILING_CHARS


def test_the_same_input_gives_the_same_bytes():
    spec = HeaderInput(False, EVERYTHING, ProjectInstructions("AGENTS.md", "Run make test."))

    assert build_static_header(spec).encode() == build_static_header(spec).encode()


def test_the_core_sets_rewrite_is_named_only_when_it_is_offered():
    offered = authored_header(HeaderInput(False, ("file_read", "file_write", "definition_rewrite")))
    full = authored_header(HeaderInput(False, ("file_read", "file_write")))

    assert "call definition_rewrite with the file and the definition's name" in offered
    assert "definition_rewrite" not in full
