"""Assistant turns that edit files, run through the real main loop over the fakes, for the /undo and /rewind
tests: `edit_turns` plays one turn per script step (a file_write call, then the answer)."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop
from tests.support.deps import make_deps
from tests.support.doubles.fake_checkpoint_store import FakeCheckpointStore
from tests.support.doubles.fake_files import FakeFiles
from tests.support.scripted_chat_model import Call, Script, ScriptedChatModel


async def edit_turns(files: FakeFiles, *writes: tuple[str, dict[str, str]]) -> Deps:
    """A Deps over `files` after one acceptEdits turn per (request, {path: new text}) in `writes`."""
    script: list[Script] = []
    for _, texts in writes:
        script += [Call("file_write", {"path": path, "content": text}) for path, text in texts.items()]
        script.append("done")
    deps = await make_deps(chat_model=ScriptedChatModel(script), vfs=files, checkpoints=FakeCheckpointStore())
    ports = main_loop_ports(deps.for_run("assistant"))
    for request, _ in writes:
        await run_main_loop(MainLoopInput(request, "acceptEdits", "explicit"), ports)
    return deps
