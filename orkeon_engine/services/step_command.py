"""A command a dev step runs itself (a bug's reproduction, a performance measurement): the model's
`shell_command` tool called by code, under the gate of the session's mode and the step's rule sets, as the
model's own call would be (the `shell.allow` list, the permission rules, a question to the person when the
rules say ask), and timed on the Clock.

A command the gate or the allow list refuses, or that cannot start, is no run: `refusal` says why."""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.domain.dev.brief import RunRecord, clean_output
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.services.permission_mode import resolve_mode

RUN_TIMEOUT_SECONDS = 300


@dataclass(frozen=True)
class StepRun:
    """The run, or why there was none."""

    run: RunRecord | None = None
    refusal: str = ""


async def run_step_command(step: DevStep, command: str, dev_step: str,
                           timeout: int = RUN_TIMEOUT_SECONDS) -> StepRun:
    """Run one command line for the step; never raises for the command's own failure."""
    ports = step.ports
    tool = ports.toolbox().catalogue.find("shell_command")
    if tool is None:
        return StepRun(refusal="this engine has no shell to run commands with")
    args = tool.parse({"command": command, "timeout_seconds": timeout})
    mode = await resolve_mode(ports.session, ports.config)
    gate = await gate_for_run(ports.gate_ports(), mode.mode, step=dev_step)
    verdict = await gate.authorize(await tool.describe(args))
    if not verdict.allowed:
        return StepRun(refusal=f"the permission gate refused it in the {mode.describe()} mode: {verdict.reason}")
    started = ports.clock.now()
    result = await tool.run(args)
    elapsed = ports.clock.now() - started
    if result.data.get("refused") or "exit_code" not in result.data:
        return StepRun(refusal=result.text)
    exit_code = result.data.get("exit_code")
    output = clean_output(result.text.partition("\n")[2])  # the tool's first line repeats how it ended
    milliseconds = max(0, int(elapsed.total_seconds() * 1000))
    return StepRun(RunRecord(command, exit_code if isinstance(exit_code, int) else None, milliseconds, output))
