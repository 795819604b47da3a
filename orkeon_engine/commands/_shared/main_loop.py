"""The main loop's ports built from a command's Deps, for the commands that launch it or read it
(/assistant, /summary, /context) and for /compact's compaction."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.crews.main_loop.run import MainLoopPorts


def main_loop_ports(deps: Deps) -> MainLoopPorts:
    """The ports of one run of the main loop: a fresh toolbox per turn, this run's progress and model."""
    return MainLoopPorts(
        workspace=deps.workspace,
        session=deps.session,
        config=deps.config,
        clock=deps.clock,
        human=deps.human,
        progress=deps.progress,
        logger=deps.logger,
        toolbox=deps.run_toolbox,
        llm=deps.llm,
        files=deps.files,
        shell=deps.shell,
        memory=deps.memory,
        usage=deps.usage,
        window=deps.context_window,
        grammar=deps.shell_grammar,
        events=deps.events,
    )
