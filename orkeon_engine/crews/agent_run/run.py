"""run_agent_run: a new run of an ended child, started in the background like the first.

It runs under the step of the previous run (the step its instance ran under), else its charter's, with
that step's budget; a built-in charter keeps its own mode and tools, a `general` child the ones its
previous run had. Like every child, it is offered no spawn_agent.
"""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.crews.agent_run.brief import PreviousRun, RerunKind, rerun_brief
from orkeon_engine.domain.agents.agents import find_charter
from orkeon_engine.domain.agents.children import ChildRecord
from orkeon_engine.services.children import ChildError, ChildHandle, Children

__all__ = ["AgentRunInput", "RerunKind", "run_agent_run"]


@dataclass(frozen=True)
class AgentRunInput:
    """Which ended child runs again, why, and who asks."""

    previous: ChildRecord
    kind: RerunKind
    message: str = ""
    parent: str = ""


async def run_agent_run(request: AgentRunInput, children: Children) -> ChildHandle:
    """Start the new run; ChildError when the previous one still runs or /tasks send has no message."""
    previous = request.previous
    if previous.running:
        raise ChildError(f"{previous.label} is still running: wait for its report, or `/tasks stop "
                         f"{previous.label}` first")
    if request.kind == "send" and not request.message.strip():
        raise ChildError(f"/tasks send {previous.label} needs a message: what should the new run do?")
    charter = find_charter(previous.charter)
    step = previous.step or (charter.step if charter is not None else None)
    brief = rerun_brief(PreviousRun(previous.label, previous.charter, previous.state, previous.brief,
                                    previous.report, previous.detail), request.kind, request.message)
    return await children.spawn(previous.charter, brief, step=step, background=True, parent=request.parent,
                                mode=previous.mode, tools=previous.tools, previous=previous.id)
