from orkeon_engine.domain.workspace.project_files import INSTRUCTION_FILES, excerpt


def test_the_instruction_files_are_the_four_known_ones_agents_md_first():
    assert INSTRUCTION_FILES == ("AGENTS.md", "CLAUDE.md", ".cursorrules", ".github/copilot-instructions.md")


def test_a_long_file_is_cut_and_marked():
    shown = excerpt("Makefile", "x" * 50, limit=10)

    assert shown.cut and shown.text == "x" * 10 + "\n[... cut: 40 more characters]"


def test_a_short_file_is_shown_whole():
    assert excerpt("a", "abc").text == "abc"
