from orkeon_engine.crews.main_loop.run import run_main_loop
from orkeon_engine.crews.main_loop.run_session import forget_request
from orkeon_engine.domain.session.history import SNIP_NOTE, SUMMARY, live
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.session.working_files import WORKING_FILES_KEY
from tests.support.main_loop_turns import NO_MEMORIES, set_up_turn, turn_input
from tests.support.scripted_chat_model import Call

# --- compaction before the request and after the answer ---------------------------------------------------

async def test_a_history_under_pressure_is_compacted_before_the_request_joins_it():
    summary = "<summary>\n## Goal\nSplit the parser.\n</summary>"
    deps, model, ports = await set_up_turn(NO_MEMORIES, summary, "the answer")
    await deps.config.set_value("model.contextWindow", "8000", "session")
    await deps.session.append(*[BufferEntry(r, "w" * 40_000) for r in ("user", "assistant", "user", "assistant")])

    result = await run_main_loop(turn_input("and now?"), ports)

    kinds = [(e.role, e.kind) for e in live(await deps.session.entries())]
    assert [o.kind for o in result.compactions] == ["summarised"]
    assert kinds == [("system", SUMMARY), ("user", "message"), ("assistant", "message")]
    assert "[compacted] ## Goal" in model.requests[2].last_user_text


async def test_a_turn_that_saturates_the_history_compacts_it_after_the_answer():
    deps, model, ports = await set_up_turn(Call("file_read", {"path": "a.py"}), "z" * 4_000, NO_MEMORIES)
    await deps.config.set_value("model.contextWindow", "8000", "session")  # automatic past 2,400 tokens
    await deps.session.append(*[BufferEntry(role, f"{role} {n} " + "q" * 500)
                                for n in range(6) for role in ("user", "assistant")])

    result = await run_main_loop(turn_input(), ports)

    assert [o.kind for o in result.compactions] == ["snipped"]
    assert any(e.kind == SNIP_NOTE for e in live(await deps.session.entries()))


# --- the working files ------------------------------------------------------------------------------------

async def test_the_files_a_turn_touched_are_noted_as_working_files():
    deps, model, ports = await set_up_turn(Call("file_read", {"path": "/workspace/a.py"}), "done")

    await run_main_loop(turn_input(), ports)

    assert await deps.session.get_state(WORKING_FILES_KEY) == ["/workspace/a.py"]


# --- a turn that stores nothing -----------------------------------------------------------------------------

async def test_a_forgotten_request_is_taken_out_only_when_it_is_the_last_entry():
    deps, model, ports = await set_up_turn()
    await deps.session.append(BufferEntry("user", "first"), BufferEntry("assistant", "an answer"),
                              BufferEntry("user", "fix it"))

    await forget_request(deps.session, "fix it")
    await forget_request(deps.session, "first")

    assert [entry.text for entry in await deps.session.entries()] == ["first", "an answer"]
