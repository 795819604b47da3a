"""The main loop's use cases over the ports: one turn of the assistant, /summary, /context, and the
rendering of every prompt for `orkeon prompts render`.

One turn runs seven steps, in this order (the hooks of the `hooks` setting at their points: UserPromptSubmit
before step 5, which may block the turn before anything is stored; PreToolUse and PostToolUse around each
tool call, through the gate and the tool loop; Stop once the model answers, which may send it back to work
with the hook's reason, at most MAX_STOP_CONTINUATIONS times):
1. the launching command's prelude call, if any (its failure fails the turn before anything is stored);
2. the mode the launching command resolved, and where it came from;
3. the tool offer from the mode, the extra tools, the rules (the gate of the run reads them once) and the
   tool set (`assistant.toolSet`: the core few for a model with a small window, domain/tools/tool_sets.py), and
   what the rules and the tool set took out; the extra tools of `tools.extra` are checked against what the
   MCP servers register at the launch, before step 1, so an unknown one fails the turn before anything runs;
4. the behaviour flags, read once (before step 1, since the model they choose is checked before anything
   else: no model configured fails the turn at once);
5. the automatic compaction when the history is under pressure, then the turn's checkpoint opened (where the
   conversation stands; every file the turn's tools write or remove in /workspace is recorded in it, before
   and after, an open editor buffer's unsaved text included) and the request appended to the buffer;
6. the prompt (the static header, the user body; a request to fix something first runs the check it points
   at, and its failure joins the body) and the tool loop under the budget and the gate; then, when the turn
   changed files, the project's narrowest relevant check, its failure sent back to the model until it passes
   or the budget ends (`assistant.verify`, services/turn_checks.py; each run put to the gate); a failed
   model call, or a cancel before the model is asked, takes the request back out of the buffer (the turn
   stores nothing) and fails with the provider's error; a spent budget or a cancel once the model is at
   work records a note of the stop and fails;
7. the answer appended (what was said, never the tool results), the working files noted, the epilogue
   call, if any (its failure is a warning), and the automatic compaction again when the turn left the
   history saturated.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from orkeon_engine.crews.main_loop.body import (
    BodyParts,
    assemble_body,
    body_sections,
    measure_prompt,
)
from orkeon_engine.crews.main_loop.header import (
    HeaderInput,
    build_static_header,
)
from orkeon_engine.crews.main_loop.mode_prefix import split_mode_prefix
from orkeon_engine.crews.main_loop.offer import ToolOffer, offer_tools
from orkeon_engine.crews.main_loop.plan_steps import plan_steps
from orkeon_engine.crews.main_loop.prompt_catalogue import every_prompt
from orkeon_engine.crews.main_loop.report import (
    TurnFigures,
    answer_or_silence,
    answer_with_changes,
    changes_text,
    checkpoint_line,
    document_title,
    figures_line,
    mode_line,
    refusal_lines,
    stopped_note,
)
from orkeon_engine.crews.main_loop.session_summary import (
    SESSION_SUMMARY_TOKENS,
    build_session_summary_prompt,
    build_session_summary_request,
)
from orkeon_engine.crews.main_loop.verify_request import build_verify_request
from orkeon_engine.domain.checks.change_checks import ChangeChecks
from orkeon_engine.domain.checks.turn_checks import CheckOutcome, budget_left, check_line
from orkeon_engine.domain.context.compaction_thresholds import Gauge, Thresholds, estimate_tokens
from orkeon_engine.domain.context.context_files import ContextFile, context_files_budget
from orkeon_engine.domain.context.context_use import (
    LAST_CALL_KEY,
    context_used_text,
    last_call_state,
    read_last_prompt,
    summed_usage_text,
)
from orkeon_engine.domain.context.request_material import RequestMaterial, uses_request_search
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.extensions.hooks import HookContext
from orkeon_engine.domain.model.act import ActResult, Budget, BudgetExhausted, Cancelled, ToolCallRecord
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, Usage
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt
from orkeon_engine.domain.model_replies.unbacked_claims import unbacked_claims, with_claims_checked
from orkeon_engine.domain.permissions.decide import GateContext
from orkeon_engine.domain.permissions.modes import PERMISSION_MODES, parse_mode
from orkeon_engine.domain.permissions.rules import RuleEntry
from orkeon_engine.domain.permissions.tools import EDIT_TOOLS, SHELL_TOOLS
from orkeon_engine.domain.session.compaction import BREAKER_KEY, CompactOutcome, chars_for, read_breaker
from orkeon_engine.domain.session.history import is_archived, is_request, live, live_tokens
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.session.working_files import WORKING_FILES_KEY, note_working_files, touched_paths
from orkeon_engine.domain.settings.behaviour import BehaviourFlags
from orkeon_engine.domain.tools.tool_sets import uses_core_set
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.ports.chat_model import AnswerCut
from orkeon_engine.ports.checkpoint_store import CheckpointStore
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.hook_commands import HookCommands
from orkeon_engine.ports.human_input import HumanInput
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.memory_store import MemoryStore
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.scratch_copies import ScratchCopies
from orkeon_engine.ports.shell import Shell
from orkeon_engine.ports.shell_grammar import ShellGrammar
from orkeon_engine.ports.turn_events import TurnEvents
from orkeon_engine.ports.usage_ledger import UsageLedger
from orkeon_engine.services.candidate_step import (
    CandidateCalls,
    StepPorts,
    StepResult,
    run_candidate_step,
    wanted_candidates,
)
from orkeon_engine.services.checkpoints import RecordingFiles
from orkeon_engine.services.compaction import CompactionPorts, compact_session
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.context_files import Refusal, quiet_read_refusal, read_context_files, read_refusal
from orkeon_engine.services.context_window import WindowChoice, WindowLookup, resolve_context_window
from orkeon_engine.services.gate import GatePorts, RunGate, gate_for_run
from orkeon_engine.services.hooks import TurnHooks
from orkeon_engine.services.hooks import read_hooks as read_declared_hooks
from orkeon_engine.services.llm import Llm
from orkeon_engine.services.permission_mode import resolve_mode
from orkeon_engine.services.request_material import MaterialChoice, read_request_material
from orkeon_engine.services.session_io import CurrentSession
from orkeon_engine.services.todos import TodoBoard
from orkeon_engine.services.turn_checks import CheckRunner, TurnChecks, read_verify
from orkeon_engine.services.turn_inputs import (
    call_options,
    read_behaviour,
    read_budget,
    read_environment,
    read_hooks,
    read_instructions,
    read_memory,
    read_skills,
    session_cost,
)
from orkeon_engine.tools.toolbox import RunToolbox

if TYPE_CHECKING:
    from orkeon_engine.tools.base import Tool

STEPS = 7
MAX_STOP_CONTINUATIONS = 3
"""How many times Stop hooks may send the model back to work in one turn."""

class LaunchToolbox(Protocol):
    """Builds the tools of one turn (Deps.launch_toolbox)."""

    def __call__(self, extra: Sequence[Tool[Any]] = (), files: Files | None = None) -> Awaitable[RunToolbox]: ...


Prelude = Callable[[], Awaitable[str]]
"""A launching command's call before the turn; its text follows the request."""
Epilogue = Callable[[str], Awaitable[None]]
"""A launching command's call with the answer after the turn."""


@dataclass(frozen=True)
class MainLoopPorts:
    """What the main loop works over (commands/_shared/main_loop.py builds it from the Deps)."""

    workspace: WorkspaceInfo
    session: CurrentSession
    config: ConfigStore
    clock: Clock
    human: HumanInput
    progress: Progress
    logger: Logger
    toolbox: LaunchToolbox
    """The run's tools with the given ones (todo_write) and the extra tools of `tools.extra`, checked at the
    call (ExtraToolsError); over the turn's recording Files when one is given."""
    llm: Llm | None = None
    files: Files | None = None
    shell: Shell | None = None
    memory: MemoryStore | None = None
    usage: UsageLedger | None = None
    window: WindowLookup | None = None
    events: TurnEvents | None = None
    """A front end that shows the turn as it goes (the model's text streamed, the calls, a plan)."""
    grammar: ShellGrammar | None = None
    hook_commands: HookCommands | None = None
    """Runs the hooks' commands; without it no hook runs (and none is declared to run)."""
    checkpoints: CheckpointStore | None = None
    """Where each turn's edits are recorded for /undo and /rewind; without it (or without files) none is."""
    can_ask: bool = True
    """False when nobody can answer a question (the command line without a terminal): the tools whose every
    call would ask are then left out (crews/main_loop/offer.py)."""
    scratch: ScratchCopies | None = None
    """Scratch copies of the workspace, where candidate changes are tried (`assistant.candidates`); without
    one, no candidate is asked for."""
    local_model: bool = False
    """The model is served on the person's own machine or network: a cost nobody priced is "no price (local
    model)" in the closing line, not "unknown"."""

    def recorder(self) -> RecordingFiles | None:
        """The Files port of one turn, recording its edits, when the engine keeps checkpoints."""
        if self.checkpoints is None or self.files is None:
            return None
        return RecordingFiles(self.files, self.checkpoints, self.session.id)

    def gate_ports(self) -> GatePorts:
        return GatePorts(self.config, self.session, self.human, self.grammar, self.logger)

    def require_llm(self) -> Llm:
        if self.llm is None:
            raise NotConfiguredError("the assistant needs a model: run `orkeon config set model <provider/model>`")
        return self.llm

    def compaction(self) -> CompactionPorts:
        return CompactionPorts(self.session, self.memory, self.files, self.llm, self.logger)


@dataclass(frozen=True)
class MainLoopInput:
    """A turn as the launching command hands it over: the request and the mode it resolved."""

    request: str
    mode: str
    mode_source: str
    mode_detail: str = ""
    mode_problem: str = ""
    prelude: Prelude | None = None
    epilogue: Epilogue | None = None
    reproduce: bool = True
    """Whether a request to fix something runs its check first (the person's words; not /verify's request,
    which is code's and checks nothing before the model does)."""


@dataclass(frozen=True)
class MainLoopResult:
    """The answer of a turn and what the person is told beside it."""

    request: str
    answer: str
    mode_line: str
    offer: ToolOffer
    flags: BehaviourFlags
    figures: TurnFigures
    calls: tuple[ToolCallRecord, ...] = ()
    compactions: tuple[CompactOutcome, ...] = ()
    warnings: tuple[str, ...] = ()
    checkpoint: int | None = None
    """The turn's number in the session's checkpoints (None: none kept)."""
    changed: tuple[str, ...] = ()
    """The workspace files the turn wrote or removed (/undo takes them back)."""
    checked: CheckOutcome | None = None
    """The project's check run after the turn's edits (`assistant.verify`), as it last ended; None: none ran."""
    written: tuple[str, ...] = ()
    """The files the closing line names as changed: `changed`, else (no checkpoints) the edit calls' paths."""
    ran: bool = False
    """Whether a shell command ran in the turn."""
    claims: tuple[str, ...] = ()
    """The sentences that follow an answer claiming a change or a run that did not happen (in `answer` too)."""

    def lines(self) -> tuple[str, ...]:
        """The lines shown before the answer: the mode, the core tool set when it applies, what the rules
        removed, what nobody could approve, the flags, the calls the gate refused, compactions."""
        lines = [self.mode_line]
        if self.offer.trimmed:
            lines.append(self.offer.trimmed_text())
        if self.offer.removed:
            lines.append(self.offer.removed_text())
        if self.offer.unapprovable:
            lines.append(self.offer.unapprovable_text())
        if self.flags.describe():
            lines.append(f"flags: {self.flags.describe()}")
        lines += refusal_lines(self.calls)
        lines += [f"compaction: {outcome.describe()}" for outcome in self.compactions]
        if self.changed and self.checkpoint is not None:
            lines.append(checkpoint_line(self.checkpoint, self.changed))
        lines += [f"warning: {warning}" for warning in self.warnings]
        return tuple(lines)

    def closing(self) -> str:
        """The figures, then the files the turn changed or that it changed none (appended: scripts read the
        figures from the start of the line)."""
        return f"{figures_line(self.figures)}; {changes_text(self.written, self.ran)}"

    def title(self) -> str:
        """The title of the answer's document in the editor."""
        return document_title(self.request)


# --- launching --------------------------------------------------------------------------------------------

async def run_assistant_request(text: str, ports: MainLoopPorts, prelude: Prelude | None = None,
                                epilogue: Epilogue | None = None, reproduce: bool = True) -> MainLoopResult:
    """/assistant and free text: the `mode:` prefix read, the mode resolved (prefix, the session's
    default, the fallback setting, the default), then one turn."""
    prefixed = split_mode_prefix(text)
    if prefixed.mode is not None and parse_mode(prefixed.mode) is None:
        raise CommandFailedError(f"mode:{prefixed.mode} names no mode; modes: {', '.join(PERMISSION_MODES)}")
    if not prefixed.request and prelude is None:
        raise CommandFailedError("the request is empty: say what the assistant should do")
    explicit = parse_mode(prefixed.mode) if prefixed.mode else None
    choice = await resolve_mode(ports.session, ports.config, explicit)
    turn = MainLoopInput(prefixed.request, choice.mode, choice.source, choice.detail, choice.problem, prelude,
                         epilogue, reproduce)
    return await run_main_loop(turn, ports)


async def run_main_loop(turn: MainLoopInput, ports: MainLoopPorts) -> MainLoopResult:
    """One turn of the loop, its seven steps in order (the module docstring)."""
    llm = ports.require_llm()
    flags = await read_behaviour(ports.config)  # read once, here: the model they choose is checked first
    options, warnings = await call_options(ports.config, flags)
    warnings = [*ports.workspace.ignored, *warnings]  # state a clone shipped: never read, said each turn
    await llm.require_model(options)  # the workspace's trust is settled here, before the hooks are read
    recorder = ports.recorder()
    writer = _RewriteCalls(llm, options, turn.request.strip())
    toolbox = await _toolbox(ports, recorder, writer)  # the extra tools checked first
    hooks, hook_problems = await _turn_hooks(ports, turn.mode)
    warnings += hook_problems
    steps = _Steps(ports.logger)
    request = turn.request.strip()
    if turn.prelude is not None:  # 1
        steps.report(1, "the launching command's call")
        request = f"{request}\n\n{(await turn.prelude()).strip()}".strip()
        writer.request = request
    line = mode_line(turn.mode, turn.mode_source, turn.mode_detail, turn.mode_problem)  # 2
    steps.report(2, line)
    gate = await gate_for_run(ports.gate_ports(), turn.mode, hooks=hooks)  # 3
    writer.refusal = quiet_read_refusal(gate.context)  # a rewrite sends the file to the model: read rules apply
    window = await resolve_context_window(ports.config, ports.window)  # the tool set and step 5 depend on it
    core = await _uses_core_set(ports.config, window)
    offer = _offer(ports, turn.mode, toolbox, gate.context.rules, core, hooks)
    tools = toolbox.select(offer.offered)
    if core:  # spawn_agent is the host's tool, offered by the act itself: not in the core set either
        llm = dataclasses.replace(llm, spawner=None)
    steps.report(3, _offer_line(offer, len(tools), window))
    steps.report(4, f"flags: {flags.describe() or 'the defaults'}")  # 4
    blocked = await hooks.user_prompt_submit(request) if hooks is not None else None
    if blocked is not None:
        raise CommandFailedError(blocked)
    outcomes = [await _auto_compact(ports, window.thresholds)]
    if recorder is not None:  # opened before the request is stored: a store that fails stores nothing
        await recorder.begin(request, len(await ports.session.entries()))
    await ports.session.append(BufferEntry("user", request))
    steps.report(5, "the request is in the history")
    checks = await _turn_checks(ports, gate)
    try:  # 6
        header, body, gauge, pinned = await turn_prompt(ports, request, offer, flags, window.thresholds,
                                                        tool_definition_tokens(tools),
                                                        tuple(hooks.prompt_context) if hooks is not None else (),
                                                        await _turn_reads(ports.config, gate.context, core, hooks))
        failure = await checks.reproduce(request) if checks is not None and turn.reproduce else ""
        body = f"{body}\n\n{failure}" if failure else body
    except BaseException:  # a cancel (or a fault) before the model was asked: the turn stores nothing
        await asyncio.shield(_forget_request(ports.session, request))
        raise
    warnings += [f"context: {item.path} is pinned but left out of this turn: {item.left_out}"
                 for item in pinned if not item.shown]
    steps.report(6, f"the model is working; context about {gauge.line()}, estimated")
    started = ports.clock.monotonic()
    search = _CandidateSearch(_step_ports(ports, checks, tools), CandidateCalls(llm, options), request,
                              await wanted_candidates(ports.config, core))
    found = await search.run(checks.reproduced if checks is not None else None, (), session=ports.session)
    if found is not None and found.ends_turn:  # a candidate proved a change: the model's loop is not needed
        act, checked = ActResult(found.text, found.calls, Usage(), 0), found.checked
    else:
        act = await _act(ports, llm, header, [ChatMessage.user(body)], tools, gate, options, request, hooks)
        act = await _stop_hooks(ports, llm, header, act, tools, gate, options, request, hooks)

        async def again(done: ActResult, text: str) -> ActResult | None:  # a failed check's round, in the budget
            left = budget_left(await read_budget(ports.config), done, ports.clock.monotonic() - started)
            return None if left is None else await _go_on(ports, llm, header, done, tools, gate, options, request,
                                                          hooks, text, left)

        checked = None
        if checks is not None:
            act, checked = await checks.after_edits(act, _changed_paths(recorder, act.calls), again)
        if found is None and checked is not None and checked.failed:  # the model's rounds did not pass it
            found = await search.run(checked, _changed_paths(recorder, act.calls), session=ports.session)
            if found is not None and found.ends_turn:
                act = dataclasses.replace(act, text=found.text, calls=act.calls + found.calls)
                checked = found.checked if found.written else checked
        if found is not None and not found.ends_turn:  # said beside the model's answer; nothing of it written
            act = dataclasses.replace(act, text=f"{act.text.rstrip()}\n\n{found.text}".strip(),
                                      calls=act.calls + found.calls)
    act = dataclasses.replace(act, text=answer_or_silence(act.text, act.calls))
    warnings += act.ignored
    if hooks is not None:
        warnings += [f"hook: {line}" for line in hooks.messages]
    await ports.session.append(BufferEntry("assistant", act.text))  # 7
    if act.last_prompt_tokens:
        await ports.session.set_state(LAST_CALL_KEY, last_call_state(act.last_prompt_tokens))
    await _show_plan(ports.events, turn.mode, act.text)
    await _note_working_files(ports, act.calls)
    warnings += await _epilogue(turn.epilogue, act.text)
    outcomes.append(await _auto_compact(ports, window.thresholds))
    calls = act.turns + writer.calls + search.calls.calls  # the focused and candidates' calls count too
    usage = summed_usage_text(act.usage + writer.usage + search.calls.usage, calls, ports.local_model)
    steps.report(7, f"answered: {usage}")
    context = context_used_text(act.last_prompt_tokens or None, gauge, window.thresholds)
    figures = TurnFigures(len(act.calls), calls, usage, context)
    changed = tuple(recorder.changed) if recorder is not None else ()
    done = [call for call in act.calls if not call.result.is_error]
    wrote = changed or tuple(dict.fromkeys(str(c.arguments.get("path") or c.name) for c in done
                                           if c.name in EDIT_TOOLS))  # without checkpoints: the edit calls
    ran = any(call.name in SHELL_TOOLS for call in done) or (checked is not None and checked.status != "unchecked")
    answer = with_claims_checked(answer_with_changes(act.text, changed), wrote, ran)
    answer = f"{answer.rstrip()}\n\n{check_line(checked)}" if checked is not None else answer
    return MainLoopResult(request, answer, line, offer, flags, figures, act.calls,
                          tuple(o for o in outcomes if o.kind != "none"), tuple(warnings),
                          checkpoint=recorder.turn if recorder is not None else None,
                          changed=changed, checked=checked, written=wrote, ran=ran,
                          claims=unbacked_claims(act.text, wrote, ran))


async def _toolbox(ports: MainLoopPorts, files: Files | None = None,
                   rewrite: _RewriteCalls | None = None) -> RunToolbox:
    """The turn's tools: the run's, with todo_write over the session's todo list and, given the focused
    calls, definition_rewrite (offered with the core set only); over `files` when given (the turn's
    recording Files)."""
    from orkeon_engine.tools.definition_rewrite import DefinitionRewriteTool
    from orkeon_engine.tools.todo_write import TodoWriteTool  # pydantic loads with the first turn

    extra: list[Tool[Any]] = [TodoWriteTool(TodoBoard(ports.session, ports.progress, ports.events))]
    edited = files if files is not None else ports.files
    if rewrite is not None and edited is not None:
        extra.append(DefinitionRewriteTool(edited, rewrite))
    return await (ports.toolbox(extra, files) if files is not None else ports.toolbox(extra))


@dataclass
class _RewriteCalls:
    """definition_rewrite's focused calls (its Writer): the turn's model and options, no tools, the tool's own
    answer cap; what they used joins the turn's figures, so the turn line and /cost agree."""

    llm: Llm
    options: CallOptions
    request: str
    """The person's request as the turn has it: its prelude's text joins it at step 1."""
    refusal: Refusal | None = None
    """file_read's rules under the turn's gate (set at step 3); before it, nothing is read for a rewrite."""
    usage: Usage = field(default_factory=Usage)
    calls: int = 0

    def read_refusal(self, path: str, paths: tuple[str, ...]) -> str | None:
        if self.refusal is None:
            return "the turn's read rules are not settled"
        return self.refusal(path, paths)

    async def __call__(self, system: str, user: str, max_tokens: int) -> str:
        self.calls += 1
        try:
            reply = await self.llm.reply(system, user, dataclasses.replace(self.options, max_tokens=max_tokens))
        except AnswerCut as cut:  # talk past the cap after the code block: the block may be whole
            self.usage = self.usage + (cut.usage or Usage())
            return cut.text
        self.usage = self.usage + reply.usage
        return reply.message.text


async def _turn_hooks(ports: MainLoopPorts, mode: str) -> tuple[TurnHooks | None, list[str]]:
    """The turn's hooks (None when none is declared or nothing can run them), and the problems of the setting."""
    declared = await read_declared_hooks(ports.config)
    problems = [f"hooks: {line}" for line in declared.book.problems]
    if not (declared.book.hooks or declared.book.broken_guards) or ports.hook_commands is None:
        return None, problems
    context = HookContext(ports.session.id, ports.workspace.root, mode)
    return TurnHooks(declared.book, ports.hook_commands, context, ports.logger), problems


async def _stop_hooks(ports: MainLoopPorts, llm: Llm, header: str, act: ActResult, tools: Any, gate: Any,
                      options: CallOptions, request: str, hooks: TurnHooks | None) -> ActResult:
    """The Stop hooks on the final answer: while one blocks (at most MAX_STOP_CONTINUATIONS times), the model
    goes on with the hook's reason as the next message."""
    if hooks is None:
        return act
    for again in range(MAX_STOP_CONTINUATIONS + 1):
        reason = await hooks.stop(act.text, again > 0)
        if reason is None:
            return act
        if again == MAX_STOP_CONTINUATIONS:
            hooks.messages.append(f"the Stop hooks still block after {MAX_STOP_CONTINUATIONS} more rounds; the "
                                  f"turn ends with the last answer ({reason})")
            return act
        act = await _go_on(ports, llm, header, act, tools, gate, options, request, hooks, reason)
    return act


async def _go_on(ports: MainLoopPorts, llm: Llm, header: str, act: ActResult, tools: Any, gate: Any,
                 options: CallOptions, request: str, hooks: TurnHooks | None, text: str,
                 budget: Budget | None = None) -> ActResult:
    """The turn carried on: the conversation so far and `text` as the model's next input, the rounds summed."""
    history = [message for message in act.messages if message.role != "system"]
    more = await _act(ports, llm, header, [*history, ChatMessage.user(text)], tools, gate, options, request, hooks,
                      budget)
    return ActResult(more.text, act.calls + more.calls, act.usage + more.usage, act.turns + more.turns,
                     more.messages, more.last_prompt_tokens)


async def _act(ports: MainLoopPorts, llm: Llm, header: str, messages: list[ChatMessage], tools: Any, gate: Any,
               options: CallOptions, request: str, hooks: TurnHooks | None = None,
               budget: Budget | None = None) -> ActResult:
    budget = budget or await read_budget(ports.config)
    try:
        return await llm.act(header, messages, tools, budget, gate, options, ports.events, hooks)
    except (BudgetExhausted, Cancelled) as stop:
        await ports.session.append(BufferEntry("assistant", stopped_note(str(stop), len(stop.calls))))
        await _note_working_files(ports, stop.calls)
        raise
    except asyncio.CancelledError:
        await asyncio.shield(ports.session.append(BufferEntry("assistant", stopped_note("cancelled", 0))))
        raise
    except Exception:  # a failed model call (LlmFailure...): the turn stores nothing
        await _forget_request(ports.session, request)
        raise


async def _show_plan(events: TurnEvents | None, mode: str, answer: str) -> None:
    """A plan-mode answer's steps, for a front end that shows a plan."""
    if events is None or mode != "plan":
        return
    steps = plan_steps(answer)
    if steps:
        await events.plan(steps)


async def _forget_request(session: CurrentSession, request: str) -> None:
    entries = await session.entries()
    if entries and is_request(entries[-1]) and entries[-1].text == request:
        await session.replace_entries(entries[:-1])


async def _turn_checks(ports: MainLoopPorts, gate: RunGate) -> TurnChecks | None:
    """The turn's checks (services/turn_checks.py) under its gate; None when `assistant.verify` is off, in plan
    mode (nothing runs) or in an engine without files or a shell."""
    if gate.mode == "plan" or ports.files is None or ports.shell is None or await read_verify(ports.config) == "off":
        return None
    try:
        root = ports.files.host_path("/workspace")
    except FilesError:
        root = ports.workspace.root
    runner = CheckRunner(ports.shell, gate, ports.config, ports.grammar, root, ports.files)
    return TurnChecks(runner, ports.files, ports.progress)


def _step_ports(ports: MainLoopPorts, checks: TurnChecks | None, tools: Sequence[Tool[Any]]) -> StepPorts | None:
    """The candidate search's ports, when the turn has checks, files and a scratch copy to try in."""
    if checks is None or ports.files is None or ports.scratch is None:
        return None
    return StepPorts(ports.config, ports.files, ports.scratch, checks, tools, ports.events, ports.progress)


@dataclass
class _CandidateSearch:
    """The turn's search for a change that passes (services/candidate_step.py), run at most once: on
    the failure a fix request reproduced, else on the failure the model's edits left."""

    ports: StepPorts | None
    calls: CandidateCalls
    request: str
    count: int
    ran: bool = False

    async def run(self, failing: CheckOutcome | None, changed: Sequence[str],
                  session: CurrentSession) -> StepResult | None:
        if self.ran or self.ports is None or failing is None or not failing.failed:
            return None
        self.ran = True
        try:
            return await run_candidate_step(self.ports, self.calls, self.request, failing, changed, self.count)
        except (BudgetExhausted, Cancelled):
            raise
        except asyncio.CancelledError:
            await asyncio.shield(session.append(BufferEntry("assistant", stopped_note("cancelled", 0))))
            raise
        except Exception:  # a failed model call (LlmFailure...): the turn stores nothing
            await _forget_request(session, self.request)
            raise


def _changed_paths(recorder: RecordingFiles | None, calls: Sequence[ToolCallRecord]) -> list[str]:
    """The workspace-relative files the turn changed: as its checkpoint recorded them, else as its edit calls
    name them."""
    paths = recorder.changed if recorder is not None else touched_paths(
        (call.name, call.arguments) for call in calls if call.name in EDIT_TOOLS and not call.result.is_error)
    return list(dict.fromkeys(path.removeprefix("/workspace/") for path in paths))


async def _note_working_files(ports: MainLoopPorts, calls: tuple[ToolCallRecord, ...]) -> None:
    touched = touched_paths((call.name, call.arguments) for call in calls if not call.result.is_error)
    if touched:
        previous = await ports.session.get_state(WORKING_FILES_KEY)
        await ports.session.set_state(WORKING_FILES_KEY, note_working_files(previous, touched))


async def _epilogue(epilogue: Epilogue | None, answer: str) -> list[str]:
    if epilogue is None:
        return []
    try:
        await epilogue(answer)
    except Exception as error:  # the answer is given already: an epilogue that fails is only a warning
        return [f"the closing call failed: {error}"]
    return []


async def _auto_compact(ports: MainLoopPorts, thresholds: Thresholds) -> CompactOutcome:
    return await compact_session(ports.compaction(), thresholds, automatic=True)


class _Steps:
    """The turn's own bookkeeping (`step 4 of 7: flags: the defaults`): written to the log at info, never
    to the progress line, which shows what the turn does (its action lines) rather than how it is built."""

    def __init__(self, logger: Logger) -> None:
        self._logger = logger

    def report(self, number: int, what: str) -> None:
        self._logger.info(f"assistant: step {number} of {STEPS}: {what}")


async def _uses_core_set(config: ConfigStore, window: WindowChoice) -> bool:
    """Whether the turn offers the core tool set (`assistant.toolSet`, domain/tools/tool_sets.py)."""
    return uses_core_set(str(await config.get("assistant.toolSet", "auto")), window.window)


def _offer(ports: MainLoopPorts, mode: str, toolbox: RunToolbox, rules: Iterable[RuleEntry], core: bool,
           hooks: TurnHooks | None) -> ToolOffer:
    """The turn's offer (crews/main_loop/offer.py): with nobody to answer, the tools every call of which would
    ask are left out, but those a PreToolUse hook guards."""
    hooked = {tool.name for tool in toolbox.catalogue if hooks is not None and hooks.guards(tool.name)}
    return offer_tools(mode, [(tool.name, tool.tool_class) for tool in toolbox.catalogue], rules, core,
                       unanswerable=not ports.can_ask, hooked=hooked)


def _offer_line(offer: ToolOffer, count: int, window: WindowChoice) -> str:
    """Step 3's progress line: how many tools, and why fewer when the core set or the rules took some out."""
    line = f"{count} tools offered"
    if offer.trimmed:
        size = f" for the model's window of {window.window:,} tokens" if window.window else ""
        line += f" (the core set{size}: assistant.toolSet)"
    line += f"; {offer.removed_text()}" if offer.removed else ""
    return line + (f"; {offer.unapprovable_text()}" if offer.unapprovable else "")


def tools_offered_in(mode: str, toolbox: RunToolbox, rules: Iterable[RuleEntry]) -> tuple[str, ...]:
    """The tools a turn of the assistant in `mode` is offered (step 3) out of `toolbox`, under `rules`."""
    return offer_tools(mode, [(tool.name, tool.tool_class) for tool in toolbox.catalogue], rules).offered


def turn_tools_offered_in(mode: str, rules: Iterable[RuleEntry], core: bool = False) -> tuple[str, ...]:
    """Which of the tools each turn builds itself (todo_write over the session, definition_rewrite over the
    turn's model), which no launch toolbox holds, a turn in `mode` offers under `rules`."""
    from orkeon_engine.tools.definition_rewrite import DefinitionRewriteTool
    from orkeon_engine.tools.todo_write import TodoWriteTool

    own = [(tool.name, tool.tool_class) for tool in (TodoWriteTool, DefinitionRewriteTool)]
    return offer_tools(mode, own, rules, core=core).offered


def tool_definition_tokens(tools: Sequence[Tool[Any]]) -> int:
    """The estimated tokens of the tool definitions sent beside the prompt at every model call."""
    return estimate_tokens(json.dumps([tool.spec() for tool in tools], ensure_ascii=False)) if tools else 0


@dataclass(frozen=True)
class TurnReads:
    """How a turn reads files besides the tool calls: the gate's read rules a pinned file meets, the
    stricter ones for what it reads unasked (services/request_material.py), and which of that it reads."""

    pinned: Refusal | None = None
    unasked: Refusal | None = None
    choice: MaterialChoice = field(default_factory=MaterialChoice)
    core: bool = False
    """The turn offers the core tool set (a small model): no gauge is shown while its tier is ok."""


async def _turn_reads(config: ConfigStore, context: GateContext, core: bool, hooks: TurnHooks | None) -> TurnReads:
    """The turn's reads under the gate's `context`: the named files unless `assistant.namedFiles` is false,
    the request's search as `assistant.requestSearch` says (auto: with the core tool set); none unasked
    while a PreToolUse hook guards file_read (or one cannot be read), since only a tool call meets it."""
    named = await config.get("assistant.namedFiles", True) is not False
    search = uses_request_search(str(await config.get("assistant.requestSearch", "auto")), core)
    guarded = hooks is not None and bool(hooks.book.broken_guards or hooks.book.for_event("PreToolUse", "file_read"))
    return TurnReads(read_refusal(context), None if guarded else quiet_read_refusal(context),
                     MaterialChoice(named, search), core)


async def turn_prompt(ports: MainLoopPorts, request: str, offer: ToolOffer, flags: BehaviourFlags,
                      thresholds: Thresholds, tool_tokens: int = 0, hook_context: tuple[str, ...] = (),
                      reads: TurnReads | None = None) -> tuple[str, str, Gauge, tuple[ContextFile, ...]]:
    """The static header, the user body (the history without the current request), the gauge, and the
    pinned files as the body carries them; `hook_context` is what the UserPromptSubmit hooks printed,
    `reads` the gate's read rules, which a pinned file and a file the turn reads unasked meet too."""
    header, measured = await _measured_prompt(ports, request, offer, flags, thresholds, tool_tokens, hook_context,
                                              reads or TurnReads())
    assert measured.gauge is not None
    return header, assemble_body(measured), measured.gauge, measured.context_files


async def _measured_prompt(ports: MainLoopPorts, request: str, offer: ToolOffer, flags: BehaviourFlags,
                           thresholds: Thresholds, tool_tokens: int = 0,
                           hook_context: tuple[str, ...] = (),
                           reads: TurnReads | None = None) -> tuple[str, BodyParts]:
    """The static header and the body's parts, each read once through the ports, measured with the gauge
    (the tool definitions sent beside them counted as `tool_tokens`)."""
    reads = reads or TurnReads()
    header = build_static_header(HeaderInput(offer.read_only, offer.offered))
    history = live(await ports.session.entries())
    if history and is_request(history[-1]) and history[-1].text == request:
        history = history[:-1]
    budget = context_files_budget(thresholds)
    pinned = tuple(await read_context_files(ports.session, ports.files, reads.pinned, budget))
    environment = await read_environment(ports.workspace, ports.clock, ports.shell)
    material = RequestMaterial()
    if reads.unasked is not None:
        material = await read_request_material(ports.files, reads.unasked, request, environment.files,
                                                {item.path for item in pinned},
                                                budget - sum(item.tokens for item in pinned), reads.choice)
    parts = BodyParts(
        request=request,
        read_only=offer.read_only,
        environment=environment,
        flags=flags,
        instructions=await read_instructions(ports.files),
        skills=await read_skills(ports.session, ports.files),
        memory=await read_memory(ports.memory, ports.logger),
        hooks=await read_hooks(ports.config),
        hook_context=hook_context,
        history=tuple(history),
        context_files=pinned,
        material=material,
        brief_gauge=reads.core,
    )
    return header, measure_prompt(header, parts, thresholds, await session_cost(ports.usage, ports.session.id),
                                  tool_tokens)


# --- /summary and /context -------------------------------------------------------------------------------

async def run_verify_turn(checks: ChangeChecks, ports: MainLoopPorts,
                          epilogue: Epilogue | None = None) -> MainLoopResult:
    """/verify: one turn of the assistant on the request that checks the current change with the project's
    own checks (verify_request.py), in the session's mode."""
    if not checks.changed and not checks.focus:
        raise CommandFailedError("nothing to verify: git status lists no change; name what to check: "
                                 "/verify <what to check>")
    return await run_assistant_request(build_verify_request(checks), ports, None, epilogue, reproduce=False)


async def run_session_summary(ports: MainLoopPorts) -> str:
    """/summary: the whole session's history (the compacted turns included) summarised, no tools."""
    llm = ports.require_llm()
    entries = await ports.session.entries()
    if not any(entry.text.strip() for entry in entries):
        raise CommandFailedError("nothing to summarise yet: the session's history is empty")
    window = await resolve_context_window(ports.config, ports.window)  # the history is cut to fit the model
    return await llm.complete(build_session_summary_prompt(SESSION_SUMMARY_TOKENS),
                              build_session_summary_request(entries, chars_for(window.thresholds.transcript)))


@dataclass(frozen=True)
class ContextReport:
    """How the window is used: each part of the next turn's prompt in tokens, the gauge, the thresholds."""

    window: WindowChoice
    mode: str
    parts: tuple[tuple[str, int], ...]
    gauge: Gauge
    history_tokens: int
    archived_entries: int
    breaker_failures: int = 0
    notes: tuple[str, ...] = field(default_factory=tuple)
    last_prompt_tokens: int | None = None
    """The prompt tokens of the session's last model call as the provider counted them (None: none yet)."""
    context_files: tuple[ContextFile, ...] = ()
    """The pinned files (/add, /read-only) as the next turn reads them."""
    context_files_budget: int = 0


async def run_context_report(ports: MainLoopPorts) -> ContextReport:
    """/context: the next turn's prompt measured part by part (the request itself not counted)."""
    choice = await resolve_mode(ports.session, ports.config)
    toolbox = await _toolbox(ports, rewrite=_RewriteCalls(ports.llm, CallOptions(), "") if ports.llm else None)
    gate = await gate_for_run(ports.gate_ports(), choice.mode)
    window = await resolve_context_window(ports.config, ports.window)
    hooks, _ = await _turn_hooks(ports, choice.mode)
    offer = _offer(ports, choice.mode, toolbox, gate.context.rules, await _uses_core_set(ports.config, window), hooks)
    flags = await read_behaviour(ports.config)
    tool_tokens = tool_definition_tokens(toolbox.select(offer.offered))
    header, parts = await _measured_prompt(ports, "", offer, flags, window.thresholds, tool_tokens,
                                           reads=TurnReads(read_refusal(gate.context)))
    gauge = parts.gauge
    assert gauge is not None
    entries = await ports.session.entries()
    measured = [("header", estimate_tokens(header)), ("tool definitions", tool_tokens)]
    measured += [(name, estimate_tokens(text)) for name, text in body_sections(parts)]
    breaker = read_breaker(await ports.session.get_state(BREAKER_KEY))
    notes = []
    if breaker.open:
        notes.append(f"automatic compaction is off after {breaker.failures} failures ({breaker.last_error})")
    if live_tokens(entries) > window.thresholds.auto_compact:
        notes.append("the history is past the automatic compaction's threshold: the next turn compacts it first")
    return ContextReport(window, choice.mode, tuple(measured), gauge, live_tokens(entries),
                         sum(1 for e in entries if is_archived(e)), breaker.failures, tuple(notes),
                         read_last_prompt(await ports.session.get_state(LAST_CALL_KEY)),
                         parts.context_files, context_files_budget(window.thresholds))


def render_every_prompt() -> list[RenderedPrompt]:
    """Every prompt of the assistant in every mode, as the model reads it (sample inputs)."""
    return every_prompt()

