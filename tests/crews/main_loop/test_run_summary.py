import pytest

from orkeon_engine.crews.main_loop.run_summary import run_session_summary
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.history import SUMMARY, archived
from orkeon_engine.domain.session.session import BufferEntry
from tests.support.main_loop_turns import set_up_turn


async def test_the_session_summary_reads_the_whole_history_with_no_tools():
    deps, model, ports = await set_up_turn("## Asked\nthe split")
    await deps.session.append(archived(BufferEntry("user", "the very first request")),
                              BufferEntry("system", "what was done", SUMMARY), BufferEntry("user", "the latest"))

    text = await run_session_summary(ports)

    request = model.requests[0]
    assert text == "## Asked\nthe split" and request.tools == ()
    assert "[person] the very first request" in request.last_user_text and "## Open" in request.system


async def test_the_session_summary_fits_the_history_to_the_models_window():
    deps, model, ports = await set_up_turn("## Asked\nthe split")
    await deps.config.set_value("model.contextWindow", "8000", "session")
    await deps.session.append(*[BufferEntry("user", f"request {n} " + "q" * 2_000) for n in range(20)])

    await run_session_summary(ports)

    sent = model.requests[0].last_user_text
    assert "of the middle of the transcript left out" in sent and len(sent) < 8_000 * 4


async def test_an_empty_session_has_nothing_to_summarise():
    deps, model, ports = await set_up_turn()

    with pytest.raises(CommandFailedError, match="nothing to summarise yet"):
        await run_session_summary(ports)
