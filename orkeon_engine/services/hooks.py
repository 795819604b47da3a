"""The hooks of the `hooks` setting, read from every scope, and run at the points of the assistant's turn.

`read_hooks` reads the person's own file, the session's value and the project's file, in that order, and
adds the hooks of each (a scope does not hide another's). The project's file is the repository's: its hooks
wait for the workspace trust (domain/settings/trust.py gates the key) and are listed as held back until then, never
run. `TurnHooks` runs them over the HookCommands port, one after the other in the settings' order, each
with its own timeout:

- `pre_tool_use(call)`: the PreToolUse hooks whose matcher covers the tool; the gate (services/gate.py)
  joins their word with the rules' decision; a PreToolUse entry that does not parse refuses every call;
- `post_tool_use(call, result)`: the PostToolUse hooks; what a blocking hook says is added to the result the
  model reads;
- `user_prompt_submit(prompt)`: the reason the first blocking hook gives, when one blocks the turn; what the
  others print goes to `prompt_context`, which the turn adds beside the request (as Claude Code does);
- `stop(answer, again)`: the reason a blocking Stop hook gives for the model to go on working.

A hook that fails (another exit code, its timeout, a command that cannot start) is a line in `messages`,
which the turn shows the person as a warning, and logged; for PreToolUse it refuses the call. Nothing here
raises but the person's cancel.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.extensions.hooks import (
    HookBook,
    HookContext,
    HookDeclaration,
    HookEvent,
    HookOutcome,
    HookRun,
    PreToolVerdict,
    broken_guard_verdict,
    event_input,
    failure_line,
    join_pre_tool,
    parse_hooks,
    read_run,
)
from orkeon_engine.domain.tool_call import ToolCall, ToolResult
from orkeon_engine.ports.hook_commands import HookCommands
from orkeon_engine.ports.logger import Logger
from orkeon_engine.services.config_store import ConfigStore

HOOKS_KEY = "hooks"
MAX_RESULT_CHARS = 4_000
"""How much of a tool's result a PostToolUse hook reads on stdin (the model reads it whole)."""


@dataclass(frozen=True)
class DeclaredHooks:
    """The hooks that run, the project's hooks held back for want of trust, and where they came from."""

    book: HookBook
    sources: tuple[str, ...] = ()
    held_back: tuple[HookDeclaration, ...] = ()

    @property
    def source(self) -> str:
        return ", ".join(self.sources) or "default"


async def read_hooks(config: ConfigStore) -> DeclaredHooks:
    """The hooks of every scope; a settings file that cannot be read becomes a problem, never an exception."""
    book = HookBook()
    sources: list[str] = []
    held: tuple[HookDeclaration, ...] = ()
    for scope in ("user", "session", "project"):
        try:
            value = await _scope_value(config, scope)
        except ConfigFileError as error:
            book = book + HookBook(problems=(str(error),))
            continue
        if value is None:
            continue
        found = parse_hooks(value, scope, f"{HOOKS_KEY} ({_where(config, scope)})")  # type: ignore[arg-type]
        if scope == "project" and not config.trust.trusted():
            held = found.hooks
            book = book + HookBook(problems=found.problems)
            continue
        book = book + found
        sources.append(scope)
    return DeclaredHooks(book, tuple(sources), held)


async def _scope_value(config: ConfigStore, scope: str) -> Any:
    if scope == "session":
        return (await config.session_values()).get(HOOKS_KEY)
    return config.read_file(scope).get(HOOKS_KEY)  # type: ignore[arg-type]


def _where(config: ConfigStore, scope: str) -> str:
    return "session" if scope == "session" else config.location(scope)  # type: ignore[arg-type]


@dataclass
class TurnHooks:
    """The hooks of one assistant turn, run over `commands`; `messages` collects what the person is told."""

    book: HookBook
    commands: HookCommands
    context: HookContext
    logger: Logger | None = None
    messages: list[str] = field(default_factory=list)
    prompt_context: list[str] = field(default_factory=list)
    """What the UserPromptSubmit hooks printed, each line `<hook>: <its stdout>`, for the turn's prompt."""

    @property
    def active(self) -> bool:
        return bool(self.book.hooks or self.book.broken_guards)

    def guards(self, tool: str) -> bool:
        """Whether a PreToolUse hook runs for calls of `tool` (and so may allow one nobody else could)."""
        return bool(self.book.for_event("PreToolUse", tool))

    async def pre_tool_use(self, call: ToolCall) -> PreToolVerdict:
        """The PreToolUse hooks' word on `call`; they run until one denies or fails. While a PreToolUse entry
        does not parse, none runs and every call is refused."""
        if self.book.broken_guards:
            return broken_guard_verdict(self.book.broken_guards)
        outcomes: list[HookOutcome] = []
        for hook in self.book.for_event("PreToolUse", call.name):
            outcome = await self._run(hook, tool_name=call.name, tool_input=call.arguments)
            outcomes.append(outcome)
            if outcome.kind in ("deny", "failed"):
                break
        return join_pre_tool(tuple(outcomes))

    async def post_tool_use(self, call: ToolCall, result: ToolResult) -> ToolResult:
        """The result the model reads: `result`, with what each blocking PostToolUse hook says after it."""
        notes: list[str] = []
        response = {"text": result.text[:MAX_RESULT_CHARS], "is_error": result.is_error}
        for hook in self.book.for_event("PostToolUse", call.name):
            outcome = await self._run(hook, tool_name=call.name, tool_input=call.arguments, tool_response=response)
            if outcome.kind == "block":
                notes.append(f"[{outcome.said()} says: {outcome.reason}]")
        if not notes:
            return result
        return ToolResult("\n\n".join([result.text, *notes]), result.is_error, result.data)

    async def user_prompt_submit(self, prompt: str) -> str | None:
        """Why the turn is blocked, when a UserPromptSubmit hook blocks it; None to go on."""
        for hook in self.book.for_event("UserPromptSubmit"):
            outcome = await self._run(hook, prompt=prompt)
            if outcome.kind == "block":
                self.prompt_context.clear()
                return f"{outcome.said()} blocked the request: {outcome.reason}"
            if outcome.context:
                self.prompt_context.append(f"{outcome.said()} says:\n{outcome.context}")
        return None

    async def stop(self, answer: str, again: bool) -> str | None:
        """Why the model should go on working, when a Stop hook blocks the stop; `again` is True when the
        turn already went on for a Stop hook (the hook reads it as stop_hook_active)."""
        for hook in self.book.for_event("Stop"):
            outcome = await self._run(hook, answer=answer, stop_hook_active=again)
            if outcome.kind == "block":
                return f"{outcome.said()} asks you to go on before you stop: {outcome.reason}"
        return None

    async def _run(self, hook: HookDeclaration, **fields: Any) -> HookOutcome:
        stdin = event_input(hook.event, self.context, **fields)
        try:
            run = await self.commands.run(hook.command, stdin, hook.timeout)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the port's contract says never; a broken adapter still fails closed
            run = HookRun(None, error=f"{type(error).__name__}: {error}")
        outcome = read_run(hook, run)
        if outcome.kind == "failed":
            self._tell(failure_line(outcome))
        return outcome

    def _tell(self, line: str) -> None:
        self.messages.append(line)
        if self.logger is not None:
            self.logger.warning(line)


def no_hooks(commands: HookCommands, context: HookContext) -> TurnHooks:
    """A turn's hooks when none is declared."""
    return TurnHooks(HookBook(), commands, context)


def events_with_hooks(book: HookBook) -> tuple[HookEvent, ...]:
    """The events some hook is declared for, in the events' order."""
    return tuple(dict.fromkeys(hook.event for hook in book.hooks))
