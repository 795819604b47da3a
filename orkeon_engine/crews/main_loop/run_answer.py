"""Step 7 of a turn, the answer: appended to the buffer (what was said, never the tool results), the last
call's prompt tokens kept for /context, a plan-mode answer's steps shown, the working files noted, the
launching command's epilogue call (its failure only a warning); and the answer as the person reads it, with
the files the turn changed, the check that ran, and a sentence after a claim the calls do not back. Before
that, an answer that claims what the turn did not do goes back to the model once, told so (`claims_told`).
"""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.crews.main_loop.plan_steps import plan_steps
from orkeon_engine.crews.main_loop.report import answer_with_changes
from orkeon_engine.crews.main_loop.run_ports import MainLoopPorts
from orkeon_engine.crews.main_loop.run_session import record_working_files
from orkeon_engine.crews.main_loop.turn import Epilogue, MainLoopInput
from orkeon_engine.domain.checks.turn_checks import CheckOutcome, check_line
from orkeon_engine.domain.context.context_use import LAST_CALL_KEY, last_call_state
from orkeon_engine.domain.model.act import ActResult, ToolCallRecord
from orkeon_engine.domain.model_replies.unbacked_claims import (
    NO_CHANGE,
    claims_input,
    unbacked_claims,
    with_claims_checked,
)
from orkeon_engine.domain.permissions.tools import EDIT_TOOLS, SHELL_TOOLS
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.ports.turn_events import TurnEvents
from orkeon_engine.services.turn_checks import Again


async def store_answer(ports: MainLoopPorts, turn: MainLoopInput, act: ActResult) -> list[str]:
    """The answer stored and handed on (the module docstring); the warnings it leaves."""
    await ports.session.append(BufferEntry("assistant", act.text))
    if act.last_prompt_tokens:
        await ports.session.set_state(LAST_CALL_KEY, last_call_state(act.last_prompt_tokens))
    await show_plan(ports.events, turn.mode, act.text)
    await record_working_files(ports, act.calls)
    return await closing_call(turn.epilogue, act.text)


async def show_plan(events: TurnEvents | None, mode: str, answer: str) -> None:
    """A plan-mode answer's steps, for a front end that shows a plan."""
    if events is None or mode != "plan":
        return
    steps = plan_steps(answer)
    if steps:
        await events.plan(steps)


async def closing_call(epilogue: Epilogue | None, answer: str) -> list[str]:
    """The launching command's call with the answer; its failure is a warning (the answer is given already)."""
    if epilogue is None:
        return []
    try:
        await epilogue(answer)
    except Exception as error:  # the answer is given already: an epilogue that fails is only a warning
        return [f"the closing call failed: {error}"]
    return []


async def claims_told(act: ActResult, changed: Sequence[str], ran: bool, offered: Sequence[str],
                      again: Again) -> ActResult:
    """An answer that claims a change or a run the turn did not make goes back to the model once with the
    engine's record (it may make the change now, or answer again without the claim): the turn with that round,
    or `act` as it was. Only a claim an `offered` tool could make good is sent back (an edit tool for a change,
    the shell for a run: none in plan mode), and none after the gate refused one of the turn's calls: the
    person or a rule said no, and the model is not pushed to try again."""
    lines = [line for line in unbacked_claims(act.text, changed, ran)
             if set(offered).intersection(EDIT_TOOLS if line == NO_CHANGE else SHELL_TOOLS)]
    if not lines or any(call.verdict is not None and not call.verdict.allowed for call in act.calls):
        return act
    more = await again(act, claims_input(lines))
    return act if more is None else more


def turn_ran(calls: Sequence[ToolCallRecord], checked: CheckOutcome | None) -> bool:
    """Whether a shell command ran in the turn (a call the tool did not fail), or a check of the turn's."""
    done = [call for call in calls if not call.result.is_error]
    return any(call.name in SHELL_TOOLS for call in done) or (checked is not None and checked.status != "unchecked")


def answer_as_read(act: ActResult, changed: tuple[str, ...],
                   checked: CheckOutcome | None) -> tuple[str, tuple[str, ...], bool]:
    """The answer the person reads, the files the closing line names as written (`changed`, else, without
    checkpoints, the edit calls' paths), and whether a shell command or a check ran."""
    done = [call for call in act.calls if not call.result.is_error]
    wrote = changed or tuple(dict.fromkeys(str(c.arguments.get("path") or c.name) for c in done
                                           if c.name in EDIT_TOOLS))  # without checkpoints: the edit calls
    ran = turn_ran(act.calls, checked)
    answer = with_claims_checked(answer_with_changes(act.text, changed), wrote, ran)
    answer = f"{answer.rstrip()}\n\n{check_line(checked)}" if checked is not None else answer
    return answer, wrote, ran
