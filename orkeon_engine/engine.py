"""The Engine facade the CLI, the language server and the ACP agent call: run a command by name, get a typed
result. It also re-exports what an edge's own adapters need (UserInterface; ShellResult, ShellError, and
`terminal_command`, the program and arguments that run a line in a client's terminal as the engine's own
shell runs it: bash without profile or rc, from a scrubbed environment), so no edge reaches into the
engine's inner layers."""

from __future__ import annotations

import dataclasses
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.entry import CommandEntry, find_entry
from orkeon_engine.commands.catalogue import CATALOGUE
from orkeon_engine.domain.deferred import built, when_built
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.settings.config_schema import ConfigValueError, find_key, known_keys_text
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Choice, ParsedArgs, parse_args
from orkeon_engine.domain.ui.prompt_line import line_tokens
from orkeon_engine.domain.ui.view import CommandView, render_text
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.session_store import SessionNotFoundError
from orkeon_engine.ports.ui import UserInterface
from orkeon_engine.services.permission_mode import resolve_mode

__all__ = [
    "CHOICE_SOURCES", "FREE_TEXT_COMMAND", "BadArguments", "Choice", "CommandEntry", "Engine", "Failed",
    "NotConfigured", "Ok", "RunResult", "ShellError", "ShellResult", "UserInterface", "command_catalogue",
    "terminal_command",
]

FREE_TEXT_COMMAND = "assistant"
"""The command a line of free text runs (a request to the assistant)."""

CHOICE_SOURCES: tuple[str, ...] = ("sessions", "commands")
"""The sources of argument values known only at run time (a positional's `choices_from`)."""
SESSIONS_OFFERED = 50


@dataclass(frozen=True)
class Ok:
    """The command ran; here is its view."""

    view: CommandView

    def render(self, width: int | None = None) -> str:
        """The view as text; its table fitted to `width` columns when given (a terminal's width)."""
        return render_text(self.view, width)


@dataclass(frozen=True)
class BadArguments:
    """The tokens did not fit the command; the message names the problem and the usage."""

    message: str
    usage: str

    def render(self) -> str:
        return self.message


@dataclass(frozen=True)
class NotConfigured:
    """Something the command needs is not set up; the message says how."""

    message: str

    def render(self) -> str:
        return self.message


@dataclass(frozen=True)
class Failed:
    """The command could not do its work; the message says what failed."""

    message: str

    def render(self) -> str:
        return self.message


RunResult = Ok | BadArguments | NotConfigured | Failed


if TYPE_CHECKING:  # the rest loads with the methods that use it (a status calls none of them)
    from orkeon_engine.adapters.subprocess_shell import terminal_command
    from orkeon_engine.domain.agents.children import ChildRecord
    from orkeon_engine.domain.session.tasks import TaskState
    from orkeon_engine.ports.shell import ShellError, ShellResult
    from orkeon_engine.services.findings_board import FindingsBoard


def __getattr__(name: str) -> Any:
    """`terminal_command`, ShellResult and ShellError, re-exported for the edges, imported when one asks for
    them (the ACP agent's terminal; a command line's status never does)."""
    if name == "terminal_command":
        from orkeon_engine.adapters.subprocess_shell import terminal_command

        return terminal_command
    if name in ("ShellResult", "ShellError"):
        from orkeon_engine.ports import shell

        return getattr(shell, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def command_catalogue() -> tuple[CommandEntry, ...]:
    """Every command, for an edge that lists them before an engine is built (the editor's initialize)."""
    return CATALOGUE


class Engine:
    """One workspace's engine: its commands over the wired dependencies."""

    def __init__(self, deps: Deps, catalogue: Sequence[CommandEntry], close: Callable[[], None],
                 load_model_client: Callable[[str, str | None], str] | None = None) -> None:
        self.deps = deps
        self.commands: tuple[CommandEntry, ...] = tuple(catalogue)
        self._close = close
        self._load_model_client = load_model_client

    @property
    def session_id(self) -> str:
        return self.deps.session.id

    def find(self, name: str) -> CommandEntry | None:
        return find_entry(self.commands, name)

    def line_tokens(self, line: str) -> list[str]:
        """A line as typed at a prompt, as the command and its tokens (domain/ui/prompt_line.py): free text is a
        request to the assistant; a command's words are split as a shell splits them, but for the tail its
        ArgSpec keeps as typed (/assistant's request, /debug-tool-call's JSON); ArgumentError when the
        quoting is unbalanced."""
        return line_tokens(line, self._spec_of, FREE_TEXT_COMMAND)

    def _spec_of(self, name: str) -> ArgSpec | None:
        entry = self.find(name)
        return entry.args if entry is not None else None

    async def permission_mode(self) -> str:
        """The session's permission mode as the next turn takes it (/mode, the fallback setting, default)."""
        return (await resolve_mode(self.deps.session, self.deps.config)).mode

    def host_path(self, virtual: str) -> str | None:
        """The host path behind a virtual path (`/workspace/src/a.py`), or None when it names none."""
        files = self.deps.files
        if files is None:
            return None
        from orkeon_engine.ports.files import FilesError

        try:
            return files.host_path(virtual)
        except FilesError:
            return None

    async def conversation(self) -> list[BufferEntry]:
        """The session's live conversation buffer (what the prompt's history shows), in order."""
        from orkeon_engine.domain.session.history import is_archived

        return [entry for entry in await self.deps.session.entries() if not is_archived(entry)]

    async def run(self, name: str, tokens: Sequence[str], progress: Progress | None = None) -> RunResult:
        """Run the named command with its tokens; every failure comes back as a result, never raised.

        `progress` replaces the engine's progress for this run (the editor opens one per request).
        Cancelling the awaiting task stops the command at its next await (asyncio.CancelledError)."""
        entry = self.find(name)
        if entry is None:
            known = ", ".join(sorted(e.name for e in self.commands))
            return BadArguments(f"unknown command /{name.lstrip('/')}; commands: {known}", "/help")
        try:
            args = parse_args(entry.name, entry.args, list(tokens))
        except ArgumentError as error:
            return BadArguments(str(error), error.usage)
        tasks = self.deps.tasks
        if not entry.launches_crew or tasks is None:
            return await self._run(entry, args, progress)
        from orkeon_engine.services.tasks import TaskStoppedError

        try:  # a crew runs as a task of the registry, which /tasks lists and stops
            return await tasks.run(entry.name, self.session_id,
                                   lambda task_id: self._run(entry, args, progress, task_id), _task_outcome)
        except TaskStoppedError as error:
            return Failed(str(error))

    async def _run(self, entry: CommandEntry, args: ParsedArgs, progress: Progress | None,
                   task_id: str | None = None) -> RunResult:
        try:
            deps = self.deps.for_run(entry.name, progress)
            if task_id is not None and deps.tasks is not None and deps.llm is not None:  # count the task's usage
                from orkeon_engine.services.tasks import TaskUsageLedger

                ledger = TaskUsageLedger(deps.tasks, task_id, deps.llm.ledger)
                run = f"/{entry.name} ({task_id})"
                deps = dataclasses.replace(deps, llm=dataclasses.replace(deps.llm, ledger=ledger, run=run))
            return Ok(await entry.run(args, deps))
        except ArgumentError as error:
            return BadArguments(str(error), error.usage)
        except NotConfiguredError as error:
            return NotConfigured(str(error))
        except (CommandFailedError, SessionNotFoundError) as error:
            return Failed(str(error))
        except OSError as error:
            return Failed(f"/{entry.name} failed: {error}")
        except Exception as error:  # a bug: the person gets one line, the log gets the traceback
            self.deps.logger.error(f"/{entry.name} raised {type(error).__name__}:\n{traceback.format_exc()}")
            return Failed(f"/{entry.name} failed unexpectedly ({type(error).__name__}: {error}); see the log")

    async def choices(self, source: str) -> list[Choice]:
        """The values an argument whose `choices_from` is `source` takes now: the saved sessions (newest
        first) or the command names; ValueError naming the known sources for any other."""
        if source == "sessions":
            sessions = await self.deps.session.store.list_sessions(SESSIONS_OFFERED)
            return [Choice(info.id, info.title or info.updated.strftime("%Y-%m-%d %H:%M")) for info in sessions]
        if source == "commands":
            return [Choice(entry.name, entry.description) for entry in sorted(self.commands, key=lambda e: e.name)]
        raise ValueError(f"unknown source of choices {source!r}; known: {', '.join(CHOICE_SOURCES)}")

    @property
    def findings(self) -> FindingsBoard | None:
        """The last review's findings, which the editor shows as diagnostics (None when none are wired)."""
        return self.deps.findings

    @property
    def repository_root(self) -> str:
        """The folder the findings' paths are relative to: the git root, else the workspace root."""
        return self.deps.workspace.git_root or self.deps.workspace.root

    @property
    def output_dir(self) -> Path | None:
        """The host folder behind /output (`.orkeon/local/output/`), or None when the workspace is not writable."""
        info = self.deps.workspace
        return Path(info.root) / ".orkeon" / "local" / "output" if info.writable else None

    async def apply_session_settings(self, values: Mapping[str, Any], mode: str | None = None) -> list[str]:
        """Set settings keys for this session only (a None value unsets one, so its default applies again),
        then the session's permission mode through /mode. Returns one line per value refused; a refused
        value leaves the key at its default."""
        problems: list[str] = []
        for key, value in values.items():
            spec = find_key(key)
            if spec is None:
                problems.append(f"unknown settings key {key!r}; known keys: {known_keys_text()}")
                continue
            try:
                await self.deps.config.write_value(spec, value, "session")
            except ConfigValueError as error:
                problems.append(f"{error}; using the default")
                await self.deps.config.write_value(spec, None, "session")
        if mode is not None:
            result = await self.run("mode", [mode])
            if not isinstance(result, Ok):
                problems.append(f"mode: {result.render()}; the mode is unchanged")
        return problems

    def on_child_end(self, listener: Callable[[ChildRecord], None]) -> None:
        """Call `listener` with each child agent's record once it has ended (the editor opens its report)."""
        if self.deps.children is not None:  # the service may start later, with the first child
            when_built(self.deps.children, lambda children: children.on_end(listener))

    def running_children(self) -> tuple[int, ...]:
        """The ids of the child agents running in this engine."""
        children = self.deps.children
        if children is None or built(children) is None:  # never started: none runs
            return ()
        return children.running()

    async def wait_for_children(self) -> list[ChildRecord]:
        """Wait until no child agent runs here; the records of those that ended meanwhile."""
        children = self.deps.children
        if children is None or built(children) is None:
            return []
        return await children.wait_running()
    async def settle_trust(self) -> None:
        """Ask the person, once, whether to trust this workspace when its settings file sets keys that wait
        for trust (the editor calls it at start-up; the first model call does otherwise). Never raises."""
        if self.deps.trust_question is not None:
            await self.deps.trust_question.settle()

    async def model_client_loader(self) -> Callable[[], str] | None:
        """What loads the model client (seconds of import for litellm) when a front end is idle, so the first
        model command does not wait for it: a blocking function for a background thread, given the model and
        its api base, returning a line for the log. None when no model is configured, `model.preload` is
        false, or the settings cannot be read."""
        if self._load_model_client is None:
            return None
        from orkeon_engine.services.model_settings import resolve_model  # here: off the server's start-up path

        try:
            if not await self.deps.config.get("model.preload", True):
                return None
            choice = await resolve_model(self.deps.config, self.deps.env)
        except CommandFailedError:  # a broken settings file: the first command reports it
            return None
        if not choice.model:
            return None
        load = self._load_model_client
        model, api_base = choice.model, choice.api_base

        def load_ahead() -> str:
            from orkeon_engine.tools.toolbox import import_tool_modules

            message = load(model, api_base)
            import_tool_modules()  # the first run's tools, with the client: both are the first command's wait
            return message

        return load_ahead

    async def model_offer(self) -> str | None:
        """The line that says no model is configured and offers `orkeon model local`, or None when a model is
        configured or the settings cannot be read (the first command reports that)."""
        from orkeon_engine.services.local_model import no_model_line  # here: off the server's start-up path

        try:
            return await no_model_line(self.deps.config, self.deps.env)
        except CommandFailedError:
            return None

    def close(self) -> None:
        """Close the engine: a child still running ends as interrupted."""
        self._close()


def _task_outcome(result: RunResult) -> tuple[TaskState, str]:
    return ("done", "") if isinstance(result, Ok) else ("failed", result.render().splitlines()[0])
