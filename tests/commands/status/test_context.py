from orkeon_engine.commands.status.context import run_context
from orkeon_engine.domain.args import ParsedArgs
from orkeon_engine.domain.session import BufferEntry
from tests.support.deps import make_deps


async def test_context_shows_each_part_the_window_and_the_tier():
    deps = await make_deps()
    await deps.config.set_value("model.contextWindow", "32000", "session")
    await deps.session.append(BufferEntry("user", "x" * 8_000))

    view = await run_context(ParsedArgs(), deps)

    parts = [row[0] for row in view.table.rows]
    assert parts[0] == "header" and "history" in parts and "environment" in parts
    assert view.lines[0].startswith("window: 32,000 tokens, from model.contextWindow (session); mode default")
    assert view.message.startswith("context: ") and "tier ok" in view.message
