from orkeon_engine.domain.context.turn_inputs import ProjectInstructions, pick_instructions


def test_agents_md_wins_over_claude_md_and_an_empty_file_does_not_count():
    assert pick_instructions({"AGENTS.md": "a", "CLAUDE.md": "c"}) == ProjectInstructions("AGENTS.md", "a")
    assert pick_instructions({"AGENTS.md": "  ", "CLAUDE.md": "c"}) == ProjectInstructions("CLAUDE.md", "c")
    assert pick_instructions({"AGENTS.md": None, "CLAUDE.md": None}) is None
