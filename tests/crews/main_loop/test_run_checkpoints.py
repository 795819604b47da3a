"""The main loop's checkpoints: each turn is recorded with where the conversation stood, and the files its
tools wrote or removed, before and after (an open editor buffer's unsaved text as the before)."""

from __future__ import annotations

from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop
from orkeon_engine.domain.session.checkpoints import FileChange
from tests.support.deps import make_deps
from tests.support.doubles.fake_checkpoint_store import FakeCheckpointStore
from tests.support.doubles.fake_files import FakeFiles
from tests.support.scripted_chat_model import Call, ScriptedChatModel


async def _run(*script, files: FakeFiles, request: str = "set the tax"):
    store = FakeCheckpointStore()
    deps = (await make_deps(chat_model=ScriptedChatModel(list(script)), vfs=files, checkpoints=store)).for_run(
        "assistant")
    result = await run_main_loop(MainLoopInput(request, "acceptEdits", "explicit"), main_loop_ports(deps))
    return result, store, deps


async def test_a_turn_that_writes_a_file_records_it_before_and_after():
    files = FakeFiles({"cart.py": "TAX = 0.2\n"})

    result, store, deps = await _run(Call("file_write", {"path": "cart.py", "content": "TAX = 0.21\n"}), "done",
                                     files=files)

    (turn,) = store.checkpoints[deps.session.id]
    assert turn.turn == 1 and turn.request == "set the tax" and turn.history_at == 0
    assert turn.files == (FileChange("/workspace/cart.py", "TAX = 0.2\n", "TAX = 0.21\n"),)
    assert "checkpoint: turn 1 changed cart.py (/undo takes it back, /rewind lists the turns)" in result.lines()


async def test_an_answer_that_says_nothing_in_words_is_followed_by_what_the_turn_changed():
    files = FakeFiles({"cart.py": "TAX = 0.2\n"})

    result, _, deps = await _run(Call("file_write", {"path": "cart.py", "content": "TAX = 0.21\n"}),
                                 "```\nobj['result']\n```", files=files)

    assert result.answer == ("```\nobj['result']\n```\n\nThe answer says nothing of the request in words; this turn "
                             "changed cart.py (/diff shows how, /undo takes it back).")
    assert (await deps.session.entries())[-1].text == "```\nobj['result']\n```"  # the history keeps what was said


async def test_an_answer_in_words_is_left_as_it_is():
    files = FakeFiles({"cart.py": "TAX = 0.2\n"})

    result, _, _ = await _run(Call("file_write", {"path": "cart.py", "content": "TAX = 0.21\n"}),
                              "Set `TAX` to 0.21.", files=files)

    assert result.answer == "Set `TAX` to 0.21."


async def test_a_turn_that_only_talks_is_listed_with_no_files():
    result, store, deps = await _run("just an answer", files=FakeFiles())

    (turn,) = store.checkpoints[deps.session.id]
    assert turn.files == () and result.changed == () and not any("checkpoint" in line for line in result.lines())


async def test_the_second_turn_knows_where_the_conversation_stood():
    files = FakeFiles()
    store = FakeCheckpointStore()
    deps = (await make_deps(chat_model=ScriptedChatModel(["one", "two"]), vfs=files, checkpoints=store)).for_run(
        "assistant")
    ports = main_loop_ports(deps)
    await run_main_loop(MainLoopInput("first", "acceptEdits", "explicit"), ports)

    await run_main_loop(MainLoopInput("second", "acceptEdits", "explicit"), ports)

    second = store.checkpoints[deps.session.id][1]
    entries = await deps.session.entries()
    assert second.turn == 2 and entries[second.history_at].text == "second"
