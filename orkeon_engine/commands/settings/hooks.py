"""/hooks: the hooks of the `hooks` setting that run at the points of the assistant's turn, by event, where
each comes from, the project's hooks waiting for the workspace's trust, and the declarations refused (a
PreToolUse one refuses every tool call while it stands)."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.extensions.hooks import EXAMPLE, HOOK_EVENTS, TOOL_EVENTS, HookDeclaration
from orkeon_engine.domain.settings.trust import TRUST_COMMAND
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.services.hooks import read_hooks

ARGS = ArgSpec()
HOW = ("A hook reads the event as JSON on stdin. Exit 0 goes on (PreToolUse may print "
       '{"decision": "deny"|"ask"|"allow", "reason": "..."}); exit 2 blocks, its stderr the reason told to the '
       "model; any other exit or its timeout is shown to you, and a failing PreToolUse hook refuses the call.")


async def run_hooks(args: ParsedArgs, deps: Deps) -> CommandView:
    declared = await read_hooks(deps.config)
    lines = [f"problem: {line}" for line in declared.book.problems]
    guarded = bool(declared.book.broken_guards)
    if guarded:
        lines.append("A PreToolUse entry above does not parse: every tool call is refused until it is fixed "
                     f"(orkeon config set hooks '{EXAMPLE}' writes a good one).")
    if declared.held_back:
        count = len(declared.held_back)
        lines.append(f"{deps.config.location('project')} declares {count} hook{'s' if count != 1 else ''}, not "
                     f"run until you trust this workspace (`{TRUST_COMMAND}`): "
                     + "; ".join(hook.describe() for hook in declared.held_back))
    if not declared.book.hooks:
        return CommandView(
            lines=(*lines, f"Events: {', '.join(HOOK_EVENTS)}.", HOW,
                   f"Declare one with: orkeon config set hooks '{EXAMPLE}'"),
            message="No hook runs: " + ("a PreToolUse entry does not parse, so every tool call is refused."
                                        if guarded else "none is declared"
                                        + (" that may run yet." if declared.held_back else ".")),
        )
    rows = [_row(hook) for hook in declared.book.hooks]
    count = len(declared.book.hooks)
    return CommandView(
        lines=(*lines, HOW),
        table=table(["event", "tools", "command", "timeout", "from"], rows),
        message=f"{count} hook{'s' if count != 1 else ''} run at the points of the assistant's turn (from "
                f"{declared.source}).",
    )


def _row(hook: HookDeclaration) -> list[str]:
    tools = (hook.matcher if hook.matcher != "*" else "every tool") if hook.event in TOOL_EVENTS else ""
    return [hook.event, tools, hook.command, f"{hook.timeout:g} s", hook.source]
