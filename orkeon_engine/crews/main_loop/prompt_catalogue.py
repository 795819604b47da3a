"""Every prompt of the assistant, rendered over sample inputs in every permission mode, as the model
reads it: `orkeon prompts render DIR` writes them to review a change as a diff, and the prompt-contract
test reads them for its markers. The prompts of the child agents spawn_agent starts (a `general` child and
each built-in charter) follow.

The sample session uses every block (preferences, a skill, notes, a hook, a history opened by a
compaction, a git status, a gauge shown at its warning tier), so no rule hides behind an empty block.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from orkeon_engine.crews.main_loop.body import BodyParts, assemble_body, measure_prompt
from orkeon_engine.crews.main_loop.header import HeaderInput, build_static_header
from orkeon_engine.crews.main_loop.offer import offer_tools
from orkeon_engine.crews.main_loop.session_summary import (
    build_session_summary_prompt,
    build_session_summary_request,
)
from orkeon_engine.crews.main_loop.verify_request import build_verify_request
from orkeon_engine.domain.agents.agents import CHARTERS, AgentCharter, general_charter
from orkeon_engine.domain.agents.child_prompt import ChildPromptInput, child_system_prompt, child_user_message
from orkeon_engine.domain.checks.change_checks import ChangeChecks, Playbook, nearest_tests
from orkeon_engine.domain.checks.project_tooling import detect_zones, is_test_file
from orkeon_engine.domain.context.compaction_thresholds import thresholds_for
from orkeon_engine.domain.context.turn_inputs import Environment, Hook, ProjectInstructions, Skill
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt
from orkeon_engine.domain.permissions.modes import PERMISSION_MODES
from orkeon_engine.domain.permissions.policy import policy_for
from orkeon_engine.domain.permissions.tools import BUILTIN_TOOLS
from orkeon_engine.domain.session.compaction import (
    build_memory_prompt,
    build_summary_prompt,
    build_summary_request,
    render_transcript,
)
from orkeon_engine.domain.session.history import SUMMARY
from orkeon_engine.domain.session.memory import MemoryNote
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.settings.behaviour import BehaviourFlags

SAMPLE_WHEN = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
SAMPLE_INSTRUCTIONS = ProjectInstructions(
    "AGENTS.md", "# Sample project\n\nRun the tests with `make test`; keep the domain free of I/O.\n"
)
SAMPLE_NOTES = (
    MemoryNote("m1", "user", "Prefers answers that lead with the diff.", SAMPLE_WHEN),
    MemoryNote("m2", "project", "The parser module is generated; edit its grammar instead.", SAMPLE_WHEN),
    MemoryNote("m3", "feedback", "Run the narrow test first.", SAMPLE_WHEN, reason="the full suite is slow"),
)
SAMPLE_HISTORY = (
    BufferEntry("system", "## Goal\nSplit the parser module.\n## Still to do\nMove the lexer.", SUMMARY),
    BufferEntry("user", "Where does the lexer live now?"),
    BufferEntry("assistant", "In src/parser/lexer.py, still imported by the old module."),
)
SAMPLE_REQUEST = "Move the lexer into its own module and update the imports."
SAMPLE_FLAGS = BehaviourFlags(effort="high", proactive=True, output_style="concise", language="English")
SAMPLE_PATHS = ("pyproject.toml", "Makefile", "src/parser/__init__.py", "src/parser/lexer.py",
                "tests/parser/test_lexer.py", "tests/test_cli.py")
SAMPLE_PYPROJECT = "[tool.pytest.ini_options]\ntestpaths = [\"tests\"]\n"
SAMPLE_PLAYBOOK = ("## Prerequisites\n- `make setup`\n## Steps\n1. `make test`\n## Expected signal\nEvery test passes."
                   "\n## What to report\nThe failing tests by name.")
SAMPLE_BRIEF = ("Review the plan in plan.md against src/parser/: which step has no test, and which file it "
                "names does not exist? Report each gap with its path:line.")


def main_loop_prompt(mode: str, request: str = SAMPLE_REQUEST, name: str = "") -> RenderedPrompt:
    """The main loop's turn in `mode` over the sample session, every built-in tool registered."""
    offer = offer_tools(mode, sorted(BUILTIN_TOOLS.items()))
    header = build_static_header(HeaderInput(offer.read_only, offer.offered))
    parts = BodyParts(
        request=request,
        read_only=offer.read_only,
        environment=Environment("/workspace", "2026-03-02", "## main\n M src/parser/__init__.py"),
        flags=SAMPLE_FLAGS,
        instructions=SAMPLE_INSTRUCTIONS,
        skills=(Skill("release-checklist", "1. Bump the version.\n2. Update the changelog."),),
        memory=SAMPLE_NOTES,
        hooks=(Hook("PostToolUse file_write", "make lint"),),
        history=SAMPLE_HISTORY,
    )
    measured = measure_prompt(header, parts, thresholds_for(None), "$0.0420")
    assert measured.gauge is not None
    at_warning = replace(measured, gauge=replace(measured.gauge, used=105_000, tier="warning"))
    return RenderedPrompt(name or f"main-loop-{mode}", header, assemble_body(at_warning))


def verify_prompt() -> RenderedPrompt:
    """/verify's turn in the default mode: the sample change, its nearest test, the zone and its playbook."""
    zones = detect_zones(SAMPLE_PATHS, {"pyproject.toml": SAMPLE_PYPROJECT, "Makefile": "test:\n\tpytest\nlint:\n"})
    changed = ("src/parser/lexer.py", "src/parser/__init__.py")
    tests = tuple(path for path in SAMPLE_PATHS if is_test_file(path))
    checks = ChangeChecks(changed, nearest_tests(changed, tests), tuple(zones),
                          (Playbook(".orkeon/verifiers/root.md", SAMPLE_PLAYBOOK),), "the lexer's error positions")
    return main_loop_prompt("default", build_verify_request(checks), "verify")


def child_prompt(charter: AgentCharter, number: int = 1) -> RenderedPrompt:
    """The prompt of a child of `charter`, over the sample brief."""
    spec = ChildPromptInput(f"c{number} {charter.name}", charter.purpose, charter.mode,
                            policy_for(charter.mode).read_only)
    return RenderedPrompt(f"child-{charter.name}", child_system_prompt(spec), child_user_message(SAMPLE_BRIEF))


def every_prompt() -> list[RenderedPrompt]:
    """Every prompt: the main loop in each mode, /verify's turn, the compaction's two, /summary's, then the
    children's."""
    transcript = render_transcript(SAMPLE_HISTORY + (BufferEntry("user", SAMPLE_REQUEST),), 20_000)
    budget = thresholds_for(None).summary
    prompts = [main_loop_prompt(mode) for mode in PERMISSION_MODES]
    prompts.append(verify_prompt())
    prompts += [
        RenderedPrompt("compaction-summary", build_summary_prompt(budget), build_summary_request(transcript)),
        RenderedPrompt("compaction-summary-focus", build_summary_prompt(budget, "the lexer's public names"),
                       build_summary_request(transcript)),
        RenderedPrompt("memory-extraction", build_memory_prompt(SAMPLE_NOTES), transcript),
        RenderedPrompt("session-summary", build_session_summary_prompt(),
                       build_session_summary_request(SAMPLE_HISTORY)),
    ]
    general = general_charter("default", tuple(sorted(BUILTIN_TOOLS)))
    prompts += [child_prompt(charter, number) for number, charter in enumerate((general, *CHARTERS), 1)]
    return prompts
