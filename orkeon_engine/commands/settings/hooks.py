"""/hooks: the hooks the `hooks` setting declares, by event; nothing runs them yet, and the view says so."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.hooks import EXAMPLE_EVENTS, NOT_RUN_YET
from orkeon_engine.domain.view import CommandView, table
from orkeon_engine.services.hooks import read_hooks

ARGS = ArgSpec()
EXAMPLE = ('orkeon config set hooks \'{"afterTurn": ["make lint"], "beforeTool": [{"matcher": "shell_command", '
           '"command": "./check.sh"}]}\' --project')


async def run_hooks(args: ParsedArgs, deps: Deps) -> CommandView:
    declared = await read_hooks(deps.config)
    problems = tuple(f"problem: {line}" for line in declared.book.problems)
    if not declared.book.hooks:
        return CommandView(
            lines=(*problems, f"Events are free names, such as {', '.join(EXAMPLE_EVENTS)}.",
                   f"Declare one with: {EXAMPLE}"),
            message=f"No hook is declared (and {NOT_RUN_YET}).",
        )
    rows = [[hook.event, "" if hook.matcher == "*" else hook.matcher, hook.command]
            for hook in declared.book.hooks]
    count = len(declared.book.hooks)
    return CommandView(
        lines=problems,
        table=table(["event", "tools", "command"], rows),
        message=f"{count} hook{'s' if count != 1 else ''} declared (from {declared.source}); {NOT_RUN_YET}: "
                "they are listed here and shown to the assistant, and no command above is executed.",
    )
