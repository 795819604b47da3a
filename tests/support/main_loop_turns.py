"""One assistant turn's set-up over the fakes, for the tests of crews/main_loop/run*.py: the Deps, the
scripted model and the loop's ports (`set_up_turn`), and a turn as a launching command hands it over
(`turn_input`)."""

from __future__ import annotations

from typing import Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import MainLoopInput, MainLoopPorts
from orkeon_engine.domain.session.compaction import MEMORIES_BEGIN, MEMORIES_END
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.scripted_chat_model import Script, ScriptedChatModel

NO_MEMORIES = f"{MEMORIES_BEGIN}\n{MEMORIES_END}"
"""A compaction's answer that keeps no memory."""


async def set_up_turn(*turns: Script, files: FakeFiles | None = None, human: Any = None, memory: Any = None,
                      shell: Any = None, model: Any = None) -> tuple[Deps, Any, MainLoopPorts]:
    """The Deps of an /assistant run over `files` (one small Python file by default), the model playing
    `turns` (or `model`), and the main loop's ports built from them as a command builds them."""
    model = model or ScriptedChatModel(list(turns))
    deps = await make_deps(chat_model=model, vfs=files or FakeFiles({"/workspace/a.py": "print('a')\n"}),
                           human=human, memory=memory, shell=shell)
    deps = deps.for_run("assistant")
    return deps, model, main_loop_ports(deps)


def turn_input(request: str = "fix the parser", mode: str = "default", source: str = "fallback",
               **extra: Any) -> MainLoopInput:
    """A turn as the launching command hands it over (the mode and where it came from)."""
    return MainLoopInput(request, mode, source, **extra)
