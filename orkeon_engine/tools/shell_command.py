"""shell_command: one command line in /workspace, its programs checked against `shell.allow`, with a
timeout, its output capped with a note, and its exit code."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.permissions.shell import file_arguments, unlisted_programs
from orkeon_engine.domain.settings.setting_choices import DEFAULT_SHELL_ALLOW
from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.shell import Shell, ShellError, ShellResult
from orkeon_engine.ports.shell_grammar import ShellGrammar
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.shaping import link_targets

DEFAULT_TIMEOUT_SECONDS = 120
MAX_TIMEOUT_SECONDS = 600
MAX_OUTPUT_BYTES = 30_000


async def shell_allow_refusal(config: ConfigStore, grammar: ShellGrammar, command: str) -> str | None:
    """Why the command may not run under the `shell.allow` setting, or None when every program is listed.

    The line is read by the shell grammar, as bash reads it. A settings file that cannot be read refuses
    every command (fail closed)."""
    try:
        allowed = await config.get("shell.allow", list(DEFAULT_SHELL_ALLOW))
    except ConfigFileError as error:
        return f"refused: the shell.allow setting cannot be read ({error})"
    programs = unlisted_programs(grammar.read(command), allowed)
    if programs.refusal is not None:
        return f"refused: {programs.refusal}"
    unlisted = programs.names
    if not unlisted:
        return None
    names = ", ".join(unlisted)
    return (
        f"refused: {names} {'is' if len(unlisted) == 1 else 'are'} not on the shell.allow list "
        f"({', '.join(allowed)}); do it another way, or ask the person to add it to shell.allow"
    )


class ShellCommandInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    command: str = Field(
        description="The command line, run by bash in /workspace. Chaining with &&, | and ; is fine; every "
        "program must be on the allowed list; $(...) and backquotes are refused."
    )
    timeout_seconds: int = Field(
        DEFAULT_TIMEOUT_SECONDS,
        ge=1,
        le=MAX_TIMEOUT_SECONDS,
        description="Stop the command after this many seconds. Use start_job for longer work.",
    )


def describe_command(name: str, arguments: dict[str, object], command: str, grammar: ShellGrammar,
                     files: Files | None) -> ToolCall:
    """A shell call for the gate: its command line, and the paths its file arguments lead to through a
    symlink (the path rules read them too)."""
    paths = link_targets(files, file_arguments(command, grammar.read))
    return ToolCall(name, "shell", arguments, command=command, paths=paths)


def render_shell_result(result: ShellResult, timeout: float) -> str:
    if result.timed_out:
        head = f"timed out after {timeout:g} s: the command and what it started were stopped"
    else:
        head = f"exit code {result.exit_code}"
    lines = [head, result.output.rstrip("\n") if result.output.strip() else "(no output)"]
    if result.omitted_bytes:
        lines.append(
            f"[output cut: {result.omitted_bytes:,} bytes left out of the middle; ask for less (grep, head, "
            "tail, a quieter flag)]"
        )
    return "\n".join(lines)


class ShellCommandTool(Tool[ShellCommandInput]):
    name: ClassVar[str] = "shell_command"
    tool_class: ClassVar[ToolClass] = "shell"
    description: ClassVar[str] = (
        "Run a shell command in /workspace and wait for it: its exit code and its output (stdout and stderr "
        "together; a long output keeps its head and tail, with a note of what was left out). Only programs "
        "on the allowed list run. For work longer than a few minutes, use start_job."
    )
    Input = ShellCommandInput

    def __init__(self, shell: Shell, config: ConfigStore, grammar: ShellGrammar, files: Files | None = None) -> None:
        self._shell = shell
        self._config = config
        self._grammar = grammar
        self._files = files

    async def describe(self, args: ShellCommandInput) -> ToolCall:
        return describe_command(self.name, args.model_dump(), args.command, self._grammar, self._files)

    async def run(self, args: ShellCommandInput) -> ToolResult:
        refusal = await shell_allow_refusal(self._config, self._grammar, args.command)
        if refusal is not None:
            return ToolResult(refusal, is_error=True, data={"refused": True})
        try:
            result = await self._shell.run(args.command, args.timeout_seconds, MAX_OUTPUT_BYTES)
        except ShellError as error:
            return ToolResult(str(error), is_error=True)
        data = {"exit_code": result.exit_code, "timed_out": result.timed_out, "omitted_bytes": result.omitted_bytes}
        return ToolResult(render_shell_result(result, args.timeout_seconds), is_error=result.timed_out, data=data)
