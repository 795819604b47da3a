"""/rewind over real assistant turns: the list of turns, going back to just before turn N (files and
conversation, or one of them by flag), and a refusal that changes neither."""

from __future__ import annotations

import pytest

from orkeon_engine.commands.session.rewind import ARGS, run_rewind
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import parse_args
from tests.support.checkpoint_turns import edit_turns
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles


def _args(*tokens: str):
    return parse_args("rewind", ARGS, list(tokens))


async def _three_turns(files: FakeFiles):
    return await edit_turns(files, ("make a", {"a.py": "a1\n"}),
                            ("change a and add b", {"a.py": "a2\n", "b.py": "b\n"}), ("just talk", {}))


async def test_rewind_lists_each_turn_with_its_request_and_files():
    deps = await _three_turns(FakeFiles())

    view = await run_rewind(_args(), deps)

    assert view.lines == ("1. make a | a.py (created)", "2. change a and add b | a.py, b.py (created)",
                          "3. just talk | no files changed")


async def test_rewind_n_restores_the_files_and_the_conversation_to_before_turn_n():
    files = FakeFiles()
    deps = await _three_turns(files)

    await run_rewind(_args("2"), deps)

    assert files.texts == {"/workspace/a.py": "a1\n"}
    assert [entry.text for entry in await deps.session.entries()] == ["make a", "done"]


async def test_rewind_files_keeps_the_conversation():
    files = FakeFiles()
    deps = await _three_turns(files)

    await run_rewind(_args("2", "--files"), deps)

    entries = await deps.session.entries()
    assert files.texts == {"/workspace/a.py": "a1\n"} and len(entries) == 7
    assert entries[-1].text.startswith("The person ran /rewind 2 --files: the file edits of turn 2 were taken back "
                                       "(restored a.py; removed b.py (the assistant created it))")


async def test_rewind_conversation_keeps_the_files():
    files = FakeFiles()
    deps = await _three_turns(files)

    view = await run_rewind(_args("1", "--conversation"), deps)

    assert files.texts == {"/workspace/a.py": "a2\n", "/workspace/b.py": "b\n"}
    (note,) = await deps.session.entries()
    assert "6 entries from turn 1 on taken out" in view.message
    assert note.role == "system" and "the files those turns changed keep their edits (a.py, b.py)" in note.text


async def test_a_refused_rewind_changes_neither_the_files_nor_the_conversation():
    files = FakeFiles()
    deps = await _three_turns(files)
    files.texts["/workspace/b.py"] = "b, and mine\n"

    with pytest.raises(CommandFailedError, match=r"/rewind 1: /workspace/b.py: changed since"):
        await run_rewind(_args("1"), deps)

    assert files.texts["/workspace/a.py"] == "a2\n" and len(await deps.session.entries()) == 6


@pytest.mark.parametrize("tokens, message", [
    (("x",), "'x' is not a turn number"),
    (("9",), r"turn 9 is not a turn of this session \(turns 1-3"),
    (("--files",), "need the turn"),
])
async def test_a_bad_turn_is_refused_with_what_would_be_accepted(tokens, message):
    deps = await _three_turns(FakeFiles())

    with pytest.raises(CommandFailedError, match=message):
        await run_rewind(_args(*tokens), deps)


async def test_rewind_in_a_session_without_turns_says_so():
    view = await run_rewind(_args(), await make_deps())

    assert "nothing to rewind" in view.message
