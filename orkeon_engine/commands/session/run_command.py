"""/run <command>: run a shell command line as the assistant's shell tool would, through the permission gate
in the session's mode (its rules, the `secrets` rule set, `shell.allow`; a call the mode asks about is put
to you), and offer what it printed to the conversation: the output joins the session's history, capped,
so the next turn sees it. A refused command never runs, says why, and leaves nothing in the history."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.run_command import RUN_TIMEOUT_SECONDS, command_line, output_entry, person_reason
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.services.permission_mode import resolve_mode

ARGS = ArgSpec(
    positionals=(Positional("command", "the command line, run by bash in the workspace", required=True,
                            many=True),),
    free_text=True,
    typed_from=0,
)
USAGE = "/run <command line>"
SHELL_TOOL = "shell_command"


async def run_run_command(args: ParsedArgs, deps: Deps) -> CommandView:
    line = command_line(args.rest(0))
    if not line:
        raise ArgumentError("the command line is empty: say what to run", USAGE)
    tool = deps.run_toolbox().catalogue.get(SHELL_TOOL)
    call = tool.parse({"command": line, "timeout_seconds": RUN_TIMEOUT_SECONDS})
    mode = await resolve_mode(deps.session, deps.config)
    gate = await gate_for_run(deps.gate_ports(), mode.mode)
    verdict = await gate.authorize(await tool.describe(call))
    if not verdict.allowed:
        raise CommandFailedError(f"not run: {person_reason(verdict.reason)} (mode {mode.describe()})")
    result = await tool.run(call)
    if result.data.get("refused") or "exit_code" not in result.data:  # shell.allow, or the shell failed to start
        raise CommandFailedError(f"not run: {person_reason(result.text)}")
    entry, cut = output_entry(line, result.text)
    await deps.session.append(entry)
    failed = result.data["exit_code"] != 0 or result.data.get("timed_out") is True
    kept = "cut to its head and tail" if cut else "whole"
    return CommandView(
        lines=tuple(result.text.splitlines()),
        message=f"The output is in the conversation ({kept}) for the next turn.",
        data={"command": line, "exitCode": result.data["exit_code"], "timedOut": result.data.get("timed_out"),
              "output": result.text, "inHistory": entry.text},
        exit_code=1 if failed else 0,
    )
