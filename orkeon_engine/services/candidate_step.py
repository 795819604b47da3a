"""The turn's search for a change that passes (`assistant.candidates`; services/candidate_search.py): when a
check fails (before any change, for a fix request; or after the model's edits) and the turn asks for more than
one candidate, the candidates are asked for with the turn's model and options, tried in a scratch copy, and
the winner is put to the turn's gate as one edit through its own file_write (so the checkpoint records it and
/undo takes it back). The model calls count in the turn's figures.

The search runs at most once a turn, and only where an edit could be made: file_write offered (never in plan
mode or dontAsk, nor where a rule removed it), a scratch copy to try in, and a check that runs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orkeon_engine.domain.checks.candidates import (
    ANSWER_TOKENS,
    candidate_count,
    none_passed_text,
    proved_text,
    refused_text,
)
from orkeon_engine.domain.checks.turn_checks import CheckOutcome, short_reason
from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.model.chat import CallOptions, Usage
from orkeon_engine.ports.chat_model import AnswerCut
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.scratch_copies import ScratchCopies
from orkeon_engine.ports.turn_events import TurnEvents
from orkeon_engine.services.candidate_search import SearchPorts, WinnerPorts, put_to_gate, search_candidates
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.llm import Llm
from orkeon_engine.services.turn_checks import TurnChecks

if TYPE_CHECKING:
    from orkeon_engine.tools.base import Tool

WRITE_TOOL = "file_write"
DIFF_LINES = 60


@dataclass
class CandidateCalls:
    """The candidates' model calls (services/candidate_search.py's Ask): the turn's model and options at the
    candidate's temperature, no tools; what they used joins the turn's figures."""

    llm: Llm
    options: CallOptions
    usage: Usage = field(default_factory=Usage)
    calls: int = 0

    async def __call__(self, system: str, user: str, temperature: float) -> str:
        self.calls += 1
        options = dataclasses.replace(self.options, temperature=temperature, max_tokens=ANSWER_TOKENS)
        try:
            reply = await self.llm.reply(system, user, options)
        except AnswerCut as cut:  # cut at the cap: the blocks before the cut may be whole
            self.usage = self.usage + (cut.usage or Usage())
            return cut.text
        self.usage = self.usage + reply.usage
        return reply.message.text


@dataclass(frozen=True)
class StepPorts:
    """What the step works over: the settings, the workspace's Files, the scratch copies, the turn's checks,
    its gate, its tools and events, its progress."""

    config: ConfigStore
    files: Files
    scratch: ScratchCopies
    checks: TurnChecks
    tools: Sequence[Tool[Any]]
    events: TurnEvents | None = None
    progress: Progress | None = None


@dataclass(frozen=True)
class StepResult:
    """What the search did in the turn: the text for the person (the answer when a winner was put to the gate,
    or when changes were tried on a reproduced failure and none passed; else a note beside the model's answer),
    the write calls, whether the winner was written, whether the turn ends with it (a winner written or refused:
    the person has seen the change that passes), and the check that proved it (none passing: the failing one)."""

    text: str
    calls: tuple[ToolCallRecord, ...] = ()
    written: bool = False
    checked: CheckOutcome | None = None
    ends_turn: bool = False
    tried: int = 0
    """How many candidates were tried in the copy when none passed and the search was not stopped early: the
    search on a reproduced failure is then the turn's answer (crews/main_loop/run.py)."""


async def wanted_candidates(config: ConfigStore, core: bool) -> int:
    """`assistant.candidates` as the turn reads it (domain/checks/candidates.py's default when unset or unreadable)."""
    try:
        setting = await config.get("assistant.candidates", None)
    except ConfigFileError:
        setting = None
    return candidate_count(setting, core)


async def run_candidate_step(ports: StepPorts, calls: CandidateCalls, request: str, failing: CheckOutcome,
                             changed: Sequence[str], count: int) -> StepResult | None:
    """The search for `failing` and, when a candidate passes, its write put to the gate; None when the step does
    not apply (one candidate asked for, or no file_write offered)."""
    write = next((tool for tool in ports.tools if tool.name == WRITE_TOOL), None)
    if count < 2 or write is None or not failing.failed:
        return None
    project = await ports.checks.project()
    search = SearchPorts(calls, ports.files, ports.scratch, ports.checks.runner, ports.progress)
    found = await search_candidates(search, project, request, failing, changed, count)
    if found.winner is None:
        return StepResult(none_passed_text(found.asked, found.tried, found.closest, found.stopped), checked=failing,
                          tried=0 if found.stopped else found.tried)
    records = await put_to_gate(WinnerPorts(write, ports.checks.runner.gate, ports.events), found.winner)
    refused = next((record for record in records if record.verdict is not None and not record.verdict.allowed), None)
    if refused is not None or not records:
        reason = refused.verdict.reason if refused is not None and refused.verdict is not None else "nothing to write"
        return StepResult(refused_text(found.proof, short_reason(reason or "refused")), records, ends_turn=True)
    failed = next((record for record in records if record.result.is_error), None)
    if failed is not None:
        return StepResult(f"The candidate change could not be written: {failed.result.text}", records, ends_turn=True)
    from orkeon_engine.tools.file_write import short_diff  # pydantic loads with the first tool, not at start-up

    diff = "\n".join(short_diff(path, found.before.get(path), text, DIFF_LINES)
                     for path, text in sorted(found.winner.texts.items()))
    paths = sorted(found.winner.texts)
    proved = found.proof[-1] if found.proof[-1].passed else found.proof[0]  # the rest failing only as before
    return StepResult(proved_text(paths, found.proof, found.asked, count, diff), records, True, proved, True)
