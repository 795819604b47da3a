"""Children: start a child agent from a charter with a brief, wait for it, read what it left, stop it.

The API the crews stand on (the dev pipeline's reviewer and auditor, spawn_agent, /tasks send):

    handle = await children.spawn("dev-reviewer", brief, step="dev-plan", parent="/dev-plan (t4)")
    record = await children.wait(handle)        # until it ends; record.report, record.usage, record.state
    record = await children.report(handle)      # what it left so far, without waiting
    await children.stop(handle.id)              # running: it ends as stopped
    records = await children.recent(session_id, parent="/dev-plan (t4)")

A child runs as a task of the engine's event loop (the ChildRuntime port), with its own progress line,
under its own gate: its charter's mode (`general`: the parent's), the session's rules and the settings'
followed by its step's rule sets, read once and never stored (the step named at spawn, else its
charter's), and its step's budget (else its charter's). Its questions to the person carry its name, and
are otherwise its parent's: a front end that takes the gate's whole question (the ACP agent's) gets the
child's whole question too, tied to its call, with the same answers (`named_human_input`). In the
background it asks through `background_human`, which an edge may set to nobody (the terminal does). Its
model calls are recorded in the session's usage ledger under `child <charter>` and on its own record, its
transcript message by message, its report when it ends (the ChildStore port). It is offered no
spawn_agent: a child has no child of its own.
"""

from __future__ import annotations

import asyncio
import dataclasses
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from orkeon_engine.domain.agents.agents import (
    GENERAL_CHARTER,
    AgentCharter,
    charter_names,
    child_budget,
    find_charter,
    general_charter,
    known_step,
)
from orkeon_engine.domain.agents.child_prompt import ChildPromptInput, child_system_prompt, child_user_message
from orkeon_engine.domain.agents.children import (
    ChildDraft,
    ChildRecord,
    ChildState,
    SpawnRequest,
    child_label,
    named_question,
    report_for_parent,
    ticket_text,
    usage_text,
)
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.model.act import Budget, BudgetExhausted, Cancelled
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatReply
from orkeon_engine.domain.model.usage import UsageRecord, UsageSummary, summarise
from orkeon_engine.domain.model_replies.prompt_tool_protocol import ToolProtocol
from orkeon_engine.domain.permissions.modes import parse_mode
from orkeon_engine.domain.permissions.policy import policy_for
from orkeon_engine.domain.permissions.question import PermissionQuestion
from orkeon_engine.domain.permissions.rule_sets import STEP_RULE_SETS
from orkeon_engine.domain.tool_call import FileEdit
from orkeon_engine.ports.chat_model import ChatModel
from orkeon_engine.ports.children import ChildRuntime, ChildStore
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.human_input import HumanInput, PermissionAsker
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.shell_grammar import ShellGrammar
from orkeon_engine.ports.usage_ledger import UsageLedger
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.gate import GatePorts, RunGate, gate_for_run
from orkeon_engine.services.llm import Llm
from orkeon_engine.services.session_io import CurrentSession

if TYPE_CHECKING:
    from orkeon_engine.tools.base import Tool
    from orkeon_engine.tools.catalogue import ToolCatalogue
    from orkeon_engine.tools.toolbox import RunToolbox

ChildListener = Callable[[ChildRecord], None]
STOPPED_BY_TASKS = "stopped by /tasks stop"
STOPPED_WITH_PARENT = "stopped: the run that waited for it was cancelled"
STOPPED_FROM_PROGRESS = "stopped from its progress line"


class ChildError(CommandFailedError):
    """A child that cannot be started, found or stopped; the message says why and what would do."""


@dataclass(frozen=True)
class ChildHandle:
    """A started child: its id, its charter, and whether its starter waits for it."""

    id: int
    charter: str
    background: bool = True

    @property
    def label(self) -> str:
        return child_label(self.id)


ChildRef = ChildHandle | ChildRecord | int


@dataclass(frozen=True)
class ChildPorts:
    """What the children of one engine run over (bootstrap builds it)."""

    llm: Llm
    """The engine's model facade, recording in the session's ledger (its spawner is dropped for a child)."""
    config: ConfigStore
    session: CurrentSession
    human: HumanInput
    toolbox: Callable[[Progress], RunToolbox]
    """The standard tools of one run, reporting to that progress (the engine's ToolboxFactory)."""
    progress_for: Callable[[str], Progress]
    """A new progress line titled so, one per child (the editor: its own `$/progress`)."""
    clock: Clock
    logger: Logger | None = None
    background_human: HumanInput | None = None
    """Who a background child asks; None: `human`."""
    grammar: ShellGrammar | None = None
    """How the child's gate reads a command line (None: every shell call is refused)."""


@dataclass(frozen=True)
class _Start:
    """A child ready to run: its charter, step, budget, tools, prompt and progress."""

    charter: AgentCharter
    step: str | None
    budget: Budget
    tools: list[Tool[Any]]
    progress: Progress


class Children:
    """The children of one engine: start, wait, read, list, stop; the ended ones told to the listeners."""

    def __init__(self, store: ChildStore, runtime: ChildRuntime, ports: ChildPorts) -> None:
        self._store = store
        self._runtime = runtime
        self._ports = ports
        self._listeners: list[ChildListener] = []

    def on_end(self, listener: ChildListener) -> None:
        """Call `listener` with each child's record once it has ended (never raises into the child)."""
        self._listeners.append(listener)

    async def spawn(self, charter: str, brief: str, *, step: str | None = None, background: bool = True,
                    parent: str = "", mode: str | None = None, tools: Sequence[str] | None = None,
                    previous: int | None = None, inherited: Sequence[Tool[Any]] = ()) -> ChildHandle:
        """Start a child of `charter` on `brief` and hand back its handle at once.

        `general` needs the parent's `mode` (and takes its `tools`); a built-in charter has its own mode and
        tools. `inherited` are the parent's own tool objects: a name the engine's catalogue does not hold (an
        MCP server's extra tool) is taken from them. `step` (a dev step) replaces the charter's step. Raises
        ChildError for an unknown charter or step, or an empty brief, and UnknownToolError for a charter tool
        the engine lacks, before anything is recorded or asked of the model."""
        if not brief.strip():
            raise ChildError("the brief is empty: say what the child should do and what its report must answer")
        start = self._prepare(self._charter(charter, mode, tools), step, inherited)
        draft = ChildDraft(session_id=self._ports.session.id, charter=start.charter.name, mode=start.charter.mode,
                           brief=brief.strip(), started=self._ports.clock.now(), tools=start.charter.tools,
                           step=start.step, parent=parent, previous=previous, background=background)
        record = await self._store.create(draft)
        human = self._ports.background_human if background and self._ports.background_human else self._ports.human
        ports = GatePorts(self._ports.config, self._ports.session, named_human_input(human, record.title),
                          self._ports.grammar, self._ports.logger)
        gate = await gate_for_run(ports, record.mode, step=start.step)
        start.progress.begin(f"Orkeon {record.title}", _first_line(record.brief))
        self._runtime.launch(record.id, self._run(record, start, gate))
        return ChildHandle(record.id, record.charter, background)

    async def wait(self, child: ChildRef) -> ChildRecord:
        """The child's record once it has ended (at once for an ended child, or one another process runs)."""
        child_id = _child_id(child)
        await self._runtime.wait(child_id)
        return await self.report(child_id)

    async def report(self, child: ChildRef) -> ChildRecord:
        """What the child left so far: its state, report, usage. ChildError for an unknown id."""
        child_id = _child_id(child)
        record = await self._store.get(child_id)
        if record is None:
            raise ChildError(f"no child has the id {child_label(child_id)} (`/tasks` lists them)")
        return record

    async def recent(self, session_id: str | None = None, parent: str | None = None,
                     limit: int = 50) -> list[ChildRecord]:
        """The latest children, oldest first: of a session, of one parent run, when given."""
        return await self._store.recent(session_id, parent, limit)

    async def transcript(self, child: ChildRef) -> list[ChatMessage]:
        """The child's conversation as its model saw it."""
        return await self._store.transcript(_child_id(child))

    def running(self) -> tuple[int, ...]:
        """The children running in this engine."""
        return self._runtime.running()

    async def stop(self, child: ChildRef, reason: str = STOPPED_BY_TASKS) -> ChildRecord:
        """Stop a running child (it ends as stopped); an ended one is returned as it is. ChildError when it
        runs in another Orkeon process."""
        record = await self.report(child)
        if not record.running:
            return record
        if self._runtime.stop(record.id):
            return await self._end(record.id, "stopped", "", reason)
        if record.owner != self._store.owner:
            raise ChildError(f"{record.label} runs in another Orkeon process ({record.owner.split(':')[0]}); "
                             "stop it where it runs")
        return await self._end(record.id, "interrupted", "", "its task had ended without a word")

    async def wait_running(self) -> list[ChildRecord]:
        """Wait until no child runs in this engine (the children started meanwhile included)."""
        ended: list[ChildRecord] = []
        while running := self._runtime.running():
            ended.append(await self.wait(running[0]))
        return ended

    def close(self) -> tuple[int, ...]:
        """Cancel every running child (the engine ends): the store marks them interrupted."""
        return self._runtime.close()

    async def spawn_for_model(self, request: SpawnRequest, inherited: Sequence[Tool[Any]] = ()) -> str:
        """spawn_agent's call: a ticket for a background child, else the report once it has ended (a cancel
        of the waiting parent stops the child). `inherited`: the parent's tools, as `spawn` takes them."""
        handle = await self.spawn(request.charter, request.brief, background=request.background,
                                  parent=request.parent, mode=request.mode, tools=request.tools, inherited=inherited)
        if handle.background:
            return ticket_text(handle.label, handle.charter)
        try:
            record = await self.wait(handle)
        except asyncio.CancelledError:
            await asyncio.shield(self.stop(handle.id, STOPPED_WITH_PARENT))
            raise
        return report_for_parent(record)

    # --- starting ---------------------------------------------------------------------------------------

    def _charter(self, name: str, mode: str | None, tools: Sequence[str] | None) -> AgentCharter:
        wanted = name.strip().lower()
        if wanted == GENERAL_CHARTER:
            parent_mode = parse_mode(mode or "")
            if parent_mode is None:
                raise ChildError(f"a general child works in its parent's mode, and {mode!r} names none")
            return general_charter(parent_mode, tuple(tools or ()))
        charter = find_charter(wanted)
        if charter is None:
            raise ChildError(f"no charter is named {name!r}; charters: {', '.join(charter_names())}")
        return charter

    def _prepare(self, charter: AgentCharter, step: str | None, inherited: Sequence[Tool[Any]] = ()) -> _Start:
        step = step if step is not None else charter.step
        if step is not None and not known_step(step):
            raise ChildError(f"unknown dev step {step!r}; steps: {', '.join(STEP_RULE_SETS)}")
        progress = self._ports.progress_for(f"Orkeon {charter.name}")
        tools = _selected(self._ports.toolbox(progress).catalogue, charter.tools, inherited)
        limits = child_budget(charter, step)
        budget = Budget(limits.tool_calls, limits.seconds, limits.context_tokens)
        return _Start(charter, step, budget, tools, progress)

    def _child_llm(self, record: ChildRecord, progress: Progress) -> Llm:
        base = self._ports.llm
        model = TranscribedModel(base.model, self._store, record.id, self._ports.logger)
        ledger = ChildUsageLedger(self._store, record.id, base.ledger, self._ports.logger)
        return dataclasses.replace(base, model=model, ledger=ledger, progress=progress,
                                   command=f"child {record.charter}", spawner=None, run=record.title)

    # --- running ----------------------------------------------------------------------------------------

    async def _run(self, record: ChildRecord, start: _Start, gate: RunGate) -> None:
        llm = self._child_llm(record, start.progress)
        read_only = policy_for(start.charter.mode).read_only
        system = child_system_prompt(ChildPromptInput(record.title, start.charter.purpose, record.mode, read_only))
        state: ChildState = "done"
        report, detail = "", ""
        try:
            result = await llm.act(system, [ChatMessage.user(child_user_message(record.brief))], start.tools,
                                   start.budget, gate, CallOptions())
            report = result.text
        except asyncio.CancelledError:
            start.progress.end("stopped")  # whoever cancelled records why
            raise
        except BudgetExhausted as stop:
            state, detail = "failed", str(stop)
        except Cancelled:
            state, detail = "stopped", STOPPED_FROM_PROGRESS
        except (CommandFailedError, NotConfiguredError) as error:  # the model failed (LlmFailure...)
            state, detail = "failed", str(error)
        except Exception as error:  # a bug: the child fails, the engine goes on
            self._log_error(f"{record.title} raised {type(error).__name__}:\n{traceback.format_exc()}")
            state, detail = "failed", f"{type(error).__name__}: {error}"
        ended = await self._end(record.id, state, report, detail)
        start.progress.end(f"{ended.state}: {usage_text(ended.usage)}")

    async def _end(self, child_id: int, state: ChildState, report: str, detail: str) -> ChildRecord:
        try:
            ended = await self._store.finish(child_id, state, report, detail, self._ports.clock.now())
        except OSError as error:
            self._log_error(f"{child_label(child_id)}: its end could not be recorded ({error})")
            ended = None
        if ended is None:
            raise ChildError(f"{child_label(child_id)} could not be recorded as {state}")
        self._notify(ended)
        return ended

    def _notify(self, record: ChildRecord) -> None:
        for listener in list(self._listeners):
            try:
                listener(record)
            except Exception as error:  # a listener's fault (a closed editor) never fails the child
                self._log_error(f"a listener of {record.title} failed: {type(error).__name__}: {error}")

    def _log_error(self, message: str) -> None:
        if self._ports.logger is not None:
            self._ports.logger.error(message)


class NamedHumanInput:
    """The HumanInput of a child: every question marked with the child's name."""

    def __init__(self, inner: HumanInput, title: str) -> None:
        self._inner = inner
        self._title = title

    async def choose(self, question: str, options: list[str], edits: Sequence[FileEdit] = ()) -> str | None:
        return await self._inner.choose(named_question(self._title, question), options, edits)

    async def ask_text(self, question: str, default: str = "") -> str | None:
        return await self._inner.ask_text(named_question(self._title, question), default)


class NamedPermissionAsker(NamedHumanInput):
    """The HumanInput of a child behind a front end that takes the gate's whole question: the question keeps
    its call, its answers and its rules, its text marked with the child's name."""

    def __init__(self, inner: HumanInput, asker: PermissionAsker, title: str) -> None:
        super().__init__(inner, title)
        self._asker = asker

    async def ask_permission(self, question: PermissionQuestion) -> str | None:
        named = dataclasses.replace(question, text=named_question(self._title, question.text))
        return await self._asker.ask_permission(named)


def named_human_input(inner: HumanInput, title: str) -> HumanInput:
    """A child's HumanInput: `inner`'s questions under the child's name, the gate's whole question included
    when `inner` takes it (so a child's question is its parent's on every front end)."""
    if isinstance(inner, PermissionAsker):
        return NamedPermissionAsker(inner, inner, title)
    return NamedHumanInput(inner, title)


class TranscribedModel:
    """The ChatModel of a child: each call's new messages and the reply go to the child's transcript."""

    def __init__(self, inner: ChatModel, store: ChildStore, child_id: int, logger: Logger | None) -> None:
        self._inner = inner
        self._store = store
        self._child_id = child_id
        self._logger = logger
        self._written = 0

    async def chat(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                   options: CallOptions) -> ChatReply:
        reply = await self._inner.chat(messages, tools, options)
        fresh = [*messages[self._written:], reply.message]
        self._written = len(messages) + 1
        try:
            await self._store.add_messages(self._child_id, fresh)
        except OSError as error:
            if self._logger is not None:
                self._logger.warning(f"{child_label(self._child_id)}: its transcript could not be kept ({error})")
        return reply

    async def configured_model(self, options: CallOptions) -> str:
        return await self._inner.configured_model(options)

    async def tool_protocol(self, options: CallOptions) -> ToolProtocol:
        return await self._inner.tool_protocol(options)


class ChildUsageLedger:
    """The UsageLedger of a child's calls: each call's usage goes on the child's record, then to the
    session's ledger (when there is one)."""

    def __init__(self, store: ChildStore, child_id: int, inner: UsageLedger | None, logger: Logger | None) -> None:
        self._store = store
        self._child_id = child_id
        self._inner = inner
        self._logger = logger

    async def record(self, entry: UsageRecord) -> None:
        try:
            await self._store.add_usage(self._child_id, entry.usage)
        except OSError as error:
            if self._logger is not None:
                self._logger.warning(f"{child_label(self._child_id)}: its usage could not be counted ({error})")
        if self._inner is not None:
            await self._inner.record(entry)

    async def summary(self, session_id: str) -> UsageSummary:
        return await self._inner.summary(session_id) if self._inner is not None else summarise(())


def _selected(catalogue: ToolCatalogue, names: Sequence[str], inherited: Sequence[Tool[Any]]) -> list[Tool[Any]]:
    """The child's tools in the order named: the engine's own from its fresh toolbox, any other (an MCP
    server's extra tool) from the parent's; UnknownToolError, naming them all, for names neither holds."""
    theirs = {tool.name.lower(): tool for tool in inherited}
    catalogue.select([name for name in names if name.lower() not in theirs])  # raises for the unknown ones
    chosen: dict[str, Tool[Any]] = {}
    for name in names:
        tool = catalogue.find(name) or theirs[name.lower()]
        chosen.setdefault(tool.name, tool)
    return list(chosen.values())


def _child_id(child: ChildRef) -> int:
    return child if isinstance(child, int) else child.id


def _first_line(text: str, limit: int = 120) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 1] + "…"
