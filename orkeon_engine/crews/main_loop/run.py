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

This module keeps the turn's sequence, its launchers and the calls of the tool loop (`_Rounds`: one run,
the turn carried on, the Stop hooks); each step's work is a `run_<step>.py` module beside it (run_offer.py
for step 3, run_prompt.py, run_checks.py and run_candidates.py for step 6, run_answer.py for step 7,
run_session.py for what the turn writes to the session, run_hooks.py; docs/architecture.md lists them), and
/context and /summary are run_context.py and run_summary.py. Other packages reach the crew through this
module (`__all__`).
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from orkeon_engine.crews.main_loop.mode_prefix import split_mode_prefix
from orkeon_engine.crews.main_loop.prompt_catalogue import every_prompt
from orkeon_engine.crews.main_loop.report import TurnFigures, answer_or_silence, mode_line, stopped_note
from orkeon_engine.crews.main_loop.run_answer import answer_as_read, claims_told, store_answer, turn_ran
from orkeon_engine.crews.main_loop.run_candidates import CandidateSearch, step_ports
from orkeon_engine.crews.main_loop.run_checks import changed_paths, turn_checks
from orkeon_engine.crews.main_loop.run_context import ContextReport, run_context_report
from orkeon_engine.crews.main_loop.run_hooks import turn_hooks
from orkeon_engine.crews.main_loop.run_offer import (
    RewriteCalls,
    offer_line,
    offers_core_set,
    tool_definition_tokens,
    tools_offered_in,
    turn_offer,
    turn_toolbox,
    turn_tools_offered_in,
)
from orkeon_engine.crews.main_loop.run_ports import LaunchToolbox, MainLoopPorts
from orkeon_engine.crews.main_loop.run_prompt import turn_prompt, turn_reads
from orkeon_engine.crews.main_loop.run_session import auto_compact, forget_request, record_working_files
from orkeon_engine.crews.main_loop.run_summary import run_session_summary
from orkeon_engine.crews.main_loop.turn import Epilogue, MainLoopInput, MainLoopResult, Prelude
from orkeon_engine.crews.main_loop.verify_request import build_verify_request
from orkeon_engine.domain.checks.change_checks import ChangeChecks
from orkeon_engine.domain.checks.turn_checks import budget_left
from orkeon_engine.domain.context.context_use import context_used_text, summed_usage_text
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.model.act import ActResult, Budget, BudgetExhausted, Cancelled
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, Usage
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt
from orkeon_engine.domain.model_replies.unbacked_claims import unbacked_claims
from orkeon_engine.domain.permissions.modes import PERMISSION_MODES, parse_mode
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.ports.logger import Logger
from orkeon_engine.services.candidate_step import CandidateCalls, wanted_candidates
from orkeon_engine.services.context_files import quiet_read_refusal
from orkeon_engine.services.context_window import resolve_context_window
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.services.hooks import TurnHooks
from orkeon_engine.services.llm import Llm
from orkeon_engine.services.permission_mode import resolve_mode
from orkeon_engine.services.turn_inputs import call_options, read_behaviour, read_budget

__all__ = [
    "MAX_STOP_CONTINUATIONS", "ContextReport", "Epilogue", "LaunchToolbox", "MainLoopInput", "MainLoopPorts",
    "MainLoopResult", "Prelude", "render_every_prompt", "run_assistant_request", "run_context_report",
    "run_main_loop", "run_session_summary", "run_verify_turn", "tools_offered_in", "turn_tools_offered_in",
]

STEPS = 7
MAX_STOP_CONTINUATIONS = 3
"""How many times Stop hooks may send the model back to work in one turn."""


class _Steps:
    """The turn's own bookkeeping (`step 4 of 7: flags: the defaults`): written to the log at info, never
    to the progress line, which shows what the turn does (its action lines) rather than how it is built."""

    def __init__(self, logger: Logger) -> None:
        self._logger = logger

    def report(self, number: int, what: str) -> None:
        self._logger.info(f"assistant: step {number} of {STEPS}: {what}")


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


async def run_verify_turn(checks: ChangeChecks, ports: MainLoopPorts,
                          epilogue: Epilogue | None = None) -> MainLoopResult:
    """/verify: one turn of the assistant on the request that checks the current change with the project's
    own checks (verify_request.py), in the session's mode."""
    if not checks.changed and not checks.focus:
        raise CommandFailedError("nothing to verify: git status lists no change; name what to check: "
                                 "/verify <what to check>")
    return await run_assistant_request(build_verify_request(checks), ports, None, epilogue, reproduce=False)


async def run_main_loop(turn: MainLoopInput, ports: MainLoopPorts) -> MainLoopResult:
    """One turn of the loop, its seven steps in order (the module docstring)."""
    llm = ports.require_llm()
    flags = await read_behaviour(ports.config)  # read once, here: the model they choose is checked first
    options, warnings = await call_options(ports.config, flags)
    warnings = [*ports.workspace.ignored, *warnings]  # state a clone shipped: never read, said each turn
    await llm.require_model(options)  # the workspace's trust is settled here, before the hooks are read
    recorder = ports.recorder()
    writer = RewriteCalls(llm, options, turn.request.strip())
    toolbox = await turn_toolbox(ports, recorder, writer)  # the extra tools checked first
    hooks, hook_problems = await turn_hooks(ports, turn.mode)
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
    core = await offers_core_set(ports.config, window)
    offer = turn_offer(ports, turn.mode, toolbox, gate.context.rules, core, hooks)
    tools = toolbox.select(offer.offered)
    if core:  # spawn_agent is the host's tool, offered by the act itself: not in the core set either
        llm = dataclasses.replace(llm, spawner=None)
    steps.report(3, offer_line(offer, len(tools), window))
    steps.report(4, f"flags: {flags.describe() or 'the defaults'}")  # 4
    blocked = await hooks.user_prompt_submit(request) if hooks is not None else None
    if blocked is not None:
        raise CommandFailedError(blocked)
    outcomes = [await auto_compact(ports, window.thresholds)]  # 5
    if recorder is not None:  # opened before the request is stored: a store that fails stores nothing
        await recorder.begin(request, len(await ports.session.entries()))
    await ports.session.append(BufferEntry("user", request))
    steps.report(5, "the request is in the history")
    checks = await turn_checks(ports, gate)
    try:  # 6
        header, body, gauge, pinned = await turn_prompt(ports, request, offer, flags, window.thresholds,
                                                        tool_definition_tokens(tools),
                                                        tuple(hooks.prompt_context) if hooks is not None else (),
                                                        await turn_reads(ports.config, gate.context, core, hooks))
        failure = await checks.reproduce(request) if checks is not None and turn.reproduce else ""
        body = f"{body}\n\n{failure}" if failure else body
    except BaseException:  # a cancel (or a fault) before the model was asked: the turn stores nothing
        await asyncio.shield(forget_request(ports.session, request))
        raise
    warnings += [f"context: {item.path} is pinned but left out of this turn: {item.left_out}"
                 for item in pinned if not item.shown]
    steps.report(6, f"the model is working; context about {gauge.line()}, estimated")
    started = ports.clock.monotonic()
    search = CandidateSearch(step_ports(ports, checks, tools), CandidateCalls(llm, options), request,
                             await wanted_candidates(ports.config, core))
    found = await search.run(checks.reproduced if checks is not None else None, (), session=ports.session)
    if found is not None and (found.ends_turn or found.tried):  # a candidate proved a change, or changes were
        # tried and none passed: the search is the answer (after it the model's own rounds, on the same failure and
        # files, changed nothing and often claimed a fix: docs/models.md, 2026-12-08)
        act, checked = ActResult(found.text, found.calls, Usage(), 0), found.checked
    else:
        rounds = _Rounds(ports, llm, header, tools, gate, options, request, hooks)

        async def again(done: ActResult, text: str) -> ActResult | None:  # one more round, in the budget
            left = budget_left(await read_budget(ports.config), done, ports.clock.monotonic() - started)
            return None if left is None else await rounds.go_on(done, text, left)

        act = await rounds.stop_hooks(await rounds.act([ChatMessage.user(body)]))
        edited = changed_paths(recorder, act.calls)
        ran = turn_ran(act.calls, checks.reproduced if checks is not None else None)
        pending = checks is not None and await checks.will_check(edited)  # a run claim waits for that check
        act = await claims_told(act, edited, ran or pending, offer.offered, again)
        checked = None
        if checks is not None:
            act, checked = await checks.after_edits(act, changed_paths(recorder, act.calls), again)
        if found is None and checked is not None and checked.failed:  # the model's rounds did not pass it
            found = await search.run(checked, changed_paths(recorder, act.calls), session=ports.session)
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
    warnings += await store_answer(ports, turn, act)  # 7
    outcomes.append(await auto_compact(ports, window.thresholds))
    calls = act.turns + writer.calls + search.calls.calls  # the focused and candidates' calls count too
    usage = summed_usage_text(act.usage + writer.usage + search.calls.usage, calls, ports.local_model)
    steps.report(7, f"answered: {usage}")
    context = context_used_text(act.last_prompt_tokens or None, gauge, window.thresholds)
    figures = TurnFigures(len(act.calls), calls, usage, context)
    changed = tuple(recorder.changed) if recorder is not None else ()
    answer, wrote, ran = answer_as_read(act, changed, checked)
    return MainLoopResult(request, answer, line, offer, flags, figures, act.calls,
                          tuple(o for o in outcomes if o.kind != "none"), tuple(warnings),
                          checkpoint=recorder.turn if recorder is not None else None,
                          changed=changed, checked=checked, written=wrote, ran=ran,
                          claims=unbacked_claims(act.text, wrote, ran))


@dataclasses.dataclass(frozen=True)
class _Rounds:
    """The turn's calls of the tool loop: what every round shares (the ports, the model, the prompt's header,
    the offered tools, the gate, the call options, the request and the hooks), and the rounds themselves."""

    ports: MainLoopPorts
    llm: Llm
    header: str
    tools: Any
    gate: Any
    options: CallOptions
    request: str
    hooks: TurnHooks | None

    async def act(self, messages: list[ChatMessage], budget: Budget | None = None) -> ActResult:
        """One run of the tool loop over `messages`, under `budget` (the turn's setting when None); a stop
        records its note, a failed model call takes the request back out of the session."""
        budget = budget or await read_budget(self.ports.config)
        try:
            return await self.llm.act(self.header, messages, self.tools, budget, self.gate, self.options,
                                      self.ports.events, self.hooks)
        except (BudgetExhausted, Cancelled) as stop:
            await self.ports.session.append(BufferEntry("assistant", stopped_note(str(stop), len(stop.calls))))
            await record_working_files(self.ports, stop.calls)
            raise
        except asyncio.CancelledError:
            await asyncio.shield(self.ports.session.append(BufferEntry("assistant", stopped_note("cancelled", 0))))
            raise
        except Exception:  # a failed model call (LlmFailure...): the turn stores nothing
            await forget_request(self.ports.session, self.request)
            raise

    async def go_on(self, done: ActResult, text: str, budget: Budget | None = None) -> ActResult:
        """The turn carried on: the conversation so far and `text` as the model's next input, the rounds summed."""
        history = [message for message in done.messages if message.role != "system"]
        more = await self.act([*history, ChatMessage.user(text)], budget)
        return ActResult(more.text, done.calls + more.calls, done.usage + more.usage, done.turns + more.turns,
                         more.messages, more.last_prompt_tokens)

    async def stop_hooks(self, act: ActResult) -> ActResult:
        """The Stop hooks on the final answer: while one blocks (at most MAX_STOP_CONTINUATIONS times), the
        model goes on with the hook's reason as the next message."""
        if self.hooks is None:
            return act
        for again in range(MAX_STOP_CONTINUATIONS + 1):
            reason = await self.hooks.stop(act.text, again > 0)
            if reason is None:
                return act
            if again == MAX_STOP_CONTINUATIONS:
                self.hooks.messages.append(f"the Stop hooks still block after {MAX_STOP_CONTINUATIONS} more "
                                           f"rounds; the turn ends with the last answer ({reason})")
                return act
            act = await self.go_on(act, reason)
        return act


def render_every_prompt() -> list[RenderedPrompt]:
    """Every prompt of the assistant in every mode, as the model reads it (sample inputs)."""
    return every_prompt()
