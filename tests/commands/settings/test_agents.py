import pytest

from orkeon_engine.commands.settings.agents import ARGS, run_agents
from orkeon_engine.commands.settings.mode import ARGS as MODE_ARGS
from orkeon_engine.commands.settings.mode import run_mode
from orkeon_engine.domain.agents.agents import CHARTERS
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import parse_args
from tests.support.deps import make_deps


async def test_agents_lists_every_charter_with_its_mode_tools_and_budget():
    deps = await make_deps()

    view = await run_agents(parse_args("agents", ARGS, []), deps)

    assert [row[0] for row in view.table.rows] == [c.name for c in CHARTERS]
    first = view.table.rows[0]
    assert first[1:3] == ("plan", "dev-review") and "file_read" in first[3] and "tool calls" in first[4]


async def test_agents_with_a_name_shows_its_purpose_and_each_tool_with_its_class():
    deps = await make_deps()

    view = await run_agents(parse_args("agents", ARGS, ["dev-auditor"]), deps)

    assert view.lines[0].startswith("dev-auditor: Judges a delivered batch")
    assert view.lines[2].startswith("step: dev-verify")
    assert "  file_read (read)" in view.lines


async def test_agents_with_an_unknown_name_lists_the_charters():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="charters: general, dev-reviewer, dev-auditor"):
        await run_agents(parse_args("agents", ARGS, ["helper"]), deps)


async def test_agents_general_shows_the_charter_with_the_sessions_mode():
    deps = await make_deps()
    await run_mode(parse_args("mode", MODE_ARGS, ["plan"]), deps)

    view = await run_agents(parse_args("agents", ARGS, ["General"]), deps)

    assert view.lines[0].startswith("general: Does one bounded part of its parent's task")
    assert view.lines[1] == "mode: its parent's (this session's now: plan (session))"
    assert "budget: 100 tool calls, 900 s, 400,000 context tokens" in view.lines
