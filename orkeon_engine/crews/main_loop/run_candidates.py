"""Step 6's candidate search (`assistant.candidates`, services/candidate_step.py): several changes tried in
a scratch copy of the workspace and one the checks accept kept, run at most once a turn: on the failure a
fix request reproduced, else on the failure the model's edits left.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from orkeon_engine.crews.main_loop.report import stopped_note
from orkeon_engine.crews.main_loop.run_ports import MainLoopPorts
from orkeon_engine.crews.main_loop.run_session import forget_request
from orkeon_engine.domain.checks.turn_checks import CheckOutcome
from orkeon_engine.domain.model.act import BudgetExhausted, Cancelled
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.services.candidate_step import CandidateCalls, StepPorts, StepResult, run_candidate_step
from orkeon_engine.services.session_io import CurrentSession
from orkeon_engine.services.turn_checks import TurnChecks

if TYPE_CHECKING:
    from orkeon_engine.tools.base import Tool


def step_ports(ports: MainLoopPorts, checks: TurnChecks | None, tools: Sequence[Tool[Any]]) -> StepPorts | None:
    """The candidate search's ports, when the turn has checks, files and a scratch copy to try in."""
    if checks is None or ports.files is None or ports.scratch is None:
        return None
    return StepPorts(ports.config, ports.files, ports.scratch, checks, tools, ports.events, ports.progress)


@dataclass
class CandidateSearch:
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
            await forget_request(session, self.request)
            raise
