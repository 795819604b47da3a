"""The hooks of a turn (the `hooks` setting, services/hooks.py): read once at the turn's start, with the
problems of the setting said as warnings. UserPromptSubmit runs before step 5, PreToolUse through the gate,
PostToolUse in the tool loop, Stop once the model answers (run.py's `_Rounds.stop_hooks`).
"""

from __future__ import annotations

from orkeon_engine.crews.main_loop.run_ports import MainLoopPorts
from orkeon_engine.domain.extensions.hooks import HookContext
from orkeon_engine.services.hooks import TurnHooks
from orkeon_engine.services.hooks import read_hooks as read_declared_hooks


async def turn_hooks(ports: MainLoopPorts, mode: str) -> tuple[TurnHooks | None, list[str]]:
    """The turn's hooks (None when none is declared or nothing can run them), and the problems of the setting."""
    declared = await read_declared_hooks(ports.config)
    problems = [f"hooks: {line}" for line in declared.book.problems]
    if not (declared.book.hooks or declared.book.broken_guards) or ports.hook_commands is None:
        return None, problems
    context = HookContext(ports.session.id, ports.workspace.root, mode)
    return TurnHooks(declared.book, ports.hook_commands, context, ports.logger), problems
