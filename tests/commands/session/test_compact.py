import pytest

from orkeon_engine.commands.session.compact import ARGS, run_compact
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.compaction import BREAKER_KEY, MEMORIES_BEGIN, MEMORIES_END
from orkeon_engine.domain.session.history import SUMMARY, live
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import parse_args
from tests.support.deps import make_deps
from tests.support.scripted_chat_model import ScriptedChatModel


async def _deps(*turns, exchanges=3, size=8_000):
    model = ScriptedChatModel(list(turns))
    deps = await make_deps(chat_model=model)
    await deps.config.set_value("model.contextWindow", "8000", "session")
    for n in range(exchanges):
        await deps.session.append(BufferEntry("user", f"request {n} " + "r" * size), BufferEntry("assistant", "ok"))
    return deps, model


async def test_compact_with_a_focus_summarises_when_the_snip_is_not_enough():
    deps, model = await _deps(f"{MEMORIES_BEGIN}\n{MEMORIES_END}", "<summary>\n## Goal\nG\n</summary>")

    view = await run_compact(parse_args("compact", ARGS, ["the", "api"]), deps)

    assert view.message.startswith("summarised the history:")
    assert [e.kind for e in live(await deps.session.entries())] == [SUMMARY]
    assert "keep one thing above all: the api" in model.requests[1].system


async def test_compact_snip_only_snips_without_the_model():
    deps, model = await _deps(exchanges=10, size=1_100)

    view = await run_compact(parse_args("compact", ARGS, ["--snip"]), deps)

    assert view.message.startswith("snipped ") and model.requests == []


async def test_a_failed_compaction_is_a_failure_naming_the_cause():
    deps, model = await _deps(f"{MEMORIES_BEGIN}\n{MEMORIES_END}", "no markers at all")

    with pytest.raises(CommandFailedError, match="summary was empty"):
        await run_compact(parse_args("compact", ARGS, []), deps)
    assert (await deps.session.get_state(BREAKER_KEY))["failures"] == 1


async def test_snip_with_a_focus_is_refused():
    deps, model = await _deps()

    with pytest.raises(CommandFailedError, match="takes no focus"):
        await run_compact(parse_args("compact", ARGS, ["--snip", "the", "api"]), deps)


async def test_a_short_history_has_nothing_to_compact():
    deps, model = await _deps(exchanges=0)

    view = await run_compact(parse_args("compact", ARGS, ["--snip"]), deps)

    assert view.message.startswith("nothing to compact")
