from datetime import UTC, datetime

from orkeon_engine.crews.main_loop.body import (
    BODY_ORDER,
    MEMORY_CEILING_CHARS,
    PROACTIVE_CLAUSE,
    SKILL_CEILING_CHARS,
    BodyParts,
    assemble_body,
    body_sections,
    build_context_files_block,
    build_environment_block,
    build_gauge_block,
    build_history_block,
    build_instructions_block,
    build_memory_block,
    build_preferences_block,
    build_skills_block,
    build_task_block,
    files_overview,
    measure_prompt,
)
from orkeon_engine.domain.context.compaction_thresholds import INSTRUCTIONS_CEILING_CHARS, Gauge, thresholds_for
from orkeon_engine.domain.context.context_files import ContextFile
from orkeon_engine.domain.context.turn_inputs import Environment, Hook, ProjectInstructions, Skill
from orkeon_engine.domain.session.history import SUMMARY
from orkeon_engine.domain.session.memory import MemoryNote
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.settings.behaviour import BehaviourFlags

WHEN = datetime(2026, 1, 1, tzinfo=UTC)
ENV = Environment("/workspace", "2026-01-01", "")


def _full_parts():
    return BodyParts(
        request="fix the parser",
        read_only=False,
        environment=ENV,
        flags=BehaviourFlags(output_style="concise", proactive=True, language="German"),
        instructions=ProjectInstructions("AGENTS.md", "Run make test."),
        skills=(Skill("s", "do it"),),
        memory=(MemoryNote("n1", "project", "fact", WHEN),),
        hooks=(Hook("afterEdit", "make lint"),),
        history=(BufferEntry("user", "earlier"),),
        context_files=(ContextFile("/workspace/a.py", False, "a = 1\n", 5),),
        gauge=Gauge(10, 100, "ok", "$0"),
    )


def test_the_blocks_come_in_the_fixed_order_with_the_request_last():
    body = assemble_body(_full_parts())

    markers = ["## The project's instructions, from AGENTS.md", "Session preferences", "## Attached skills",
               "## Notes from earlier sessions", "## Hooks", "## Earlier in this conversation",
               "## Files in the context", "## Environment", "Context in use", "## The request"]
    positions = [body.index(marker) for marker in markers]
    assert positions == sorted(positions)
    assert [name for name, _ in body_sections(_full_parts())] == list(BODY_ORDER)
    assert body.rstrip().endswith(PROACTIVE_CLAUSE)


def test_the_instructions_are_carried_verbatim_under_a_heading_naming_the_file():
    body = assemble_body(BodyParts("hello", False, ENV, instructions=ProjectInstructions("CLAUDE.md", "Use tabs.\n")))

    assert body.startswith("## The project's instructions, from CLAUDE.md\n\nUse tabs.\n\n## Environment")


def test_a_long_instructions_file_is_cut_with_a_note_naming_it():
    block = build_instructions_block(ProjectInstructions("AGENTS.md", "x" * (INSTRUCTIONS_CEILING_CHARS + 10)))

    assert block.endswith("[The rest of AGENTS.md was left out here; read it with file_read when you need it.]")


def test_a_session_that_uses_no_block_gets_only_the_environment_and_the_request():
    body = assemble_body(BodyParts("hello", True, ENV))

    assert body.startswith("## Environment") and "## The request\n\nhello" in body
    assert "system-reminder" not in body


def test_the_default_output_style_renders_nothing_and_concise_keeps_explanations_whole():
    assert build_preferences_block(BehaviourFlags()) == ""
    assert "error output, or a safety warning: those stay whole" in build_preferences_block(
        BehaviourFlags(output_style="concise"))


def test_the_answer_language_is_a_preference():
    assert "Write the answer in Japanese" in build_preferences_block(BehaviourFlags(language="Japanese"))


def test_a_long_skill_is_cut_and_marked():
    block = build_skills_block([Skill("big", "y" * (SKILL_CEILING_CHARS + 5))])

    assert block.endswith("[cut here: the rest of this skill was left out]")


def test_memory_is_introduced_as_possibly_stale_and_the_request_wins():
    block = build_memory_block([MemoryNote("n1", "user", "reads French", WHEN)])

    assert "may be out of date" in block and "the request wins" in block and "- [user] reads French" in block


def test_too_many_notes_keep_the_newest_and_say_how_many_are_not_shown():
    notes = [MemoryNote(f"n{i}", "project", f"fact {i} " + "z" * 200, WHEN) for i in range(60)]

    block = build_memory_block(notes)

    assert "fact 59" in block and "fact 0 " not in block and "older notes not shown" in block
    assert len(block) < MEMORY_CEILING_CHARS + 600


def test_the_history_marks_a_compaction_summary_and_warns_that_tool_results_are_not_kept():
    block = build_history_block([BufferEntry("system", "the plan so far", SUMMARY), BufferEntry("user", "go")])

    assert "[compacted] the plan so far" in block and "[person] go" in block
    assert "not the tool results" in block


def test_the_environment_says_when_the_folder_is_not_a_repository():
    assert "not a git repository" in build_environment_block(Environment("/workspace", "2026-01-01", None))
    assert "(clean: nothing to commit)" in build_environment_block(ENV)


def test_the_environment_lists_the_project_files_so_the_model_names_real_paths():
    block = build_environment_block(Environment("/workspace", "2026-01-01", "", ("calc.py", "test_calc.py")))

    assert "The project's files (2, as git lists them" in block and "calc.py\ntest_calc.py" in block


def test_a_file_list_over_the_ceiling_becomes_the_top_level_with_counts():
    paths = [f"src/pkg/module_{n}.py" for n in range(300)] + ["README.md", "docs/a.md"]

    overview = files_overview(sorted(paths), ceiling=200)

    assert "the top level only" in overview
    assert "README.md" in overview and "docs/ (1 files)" in overview and "src/ (300 files)" in overview
    assert "module_1.py" not in overview


def test_a_top_level_too_long_for_the_ceiling_says_how_many_entries_it_left_out():
    overview = files_overview([f"folder_{n:03}/a.py" for n in range(100)], ceiling=100)

    assert "more entries left out" in overview and len(overview) < 400


def test_the_gauge_warns_at_its_tiers():
    ok = build_gauge_block(Gauge(10, 100, "ok", "$0"))
    warning = build_gauge_block(Gauge(80, 100, "warning", "$0"))
    error = build_gauge_block(Gauge(95, 100, "error", "$0"))

    assert "stop reading large files whole" not in ok
    assert "stop reading large files whole" in warning
    assert "wrap up this turn now" in error and "/compact" in error


def test_a_small_models_gauge_is_left_out_while_ok_and_warns_in_full_from_the_warning_tier():
    assert build_gauge_block(Gauge(10, 100, "ok", "$0"), brief=True) == ""
    warning = build_gauge_block(Gauge(80, 100, "warning", "$0"), brief=True)
    assert "Context in use: about" in warning and "stop reading large files whole" in warning


def test_the_task_carries_the_permission_note_of_the_mode():
    assert "This mode is read-only" in build_task_block("x", True, False)
    assert "The host may ask the person" in build_task_block("x", False, False)
    assert PROACTIVE_CLAUSE not in build_task_block("x", False, False)


def test_the_gauge_measures_the_header_and_the_body():
    parts = BodyParts("x" * 4_000, False, ENV)

    measured = measure_prompt("h" * 8_000, parts, thresholds_for(100_000), "$0.01")

    assert measured.gauge is not None and 3_000 < measured.gauge.used < 3_400
    assert measured.gauge.cost == "$0.01"


def test_the_files_block_shows_each_shown_file_fenced_and_names_those_left_out():
    block = build_context_files_block([
        ContextFile("/workspace/a.md", True, "use ``` fences\n", 9),
        ContextFile("/workspace/big.py", False, left_out="it is about 90,000 tokens"),
    ])

    assert "### /workspace/a.md (read-only)\n\n````\nuse ``` fences\n````" in block
    assert block.endswith("- /workspace/big.py (editable): it is about 90,000 tokens")
    assert "the edit tools refuse them" in block
