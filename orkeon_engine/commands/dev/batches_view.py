"""The view of where /dev-batches left a plan: each batch's state, what this run did, why it stopped, and
batches-state.md as the document the editor opens."""

from __future__ import annotations

from typing import TYPE_CHECKING

from orkeon_engine.domain.dev.batches_state import render_batches_state
from orkeon_engine.domain.ui.view import CommandView, Document

if TYPE_CHECKING:  # the crew loads with the first /dev-batches
    from orkeon_engine.crews.dev_batches.run import BatchesOutcome
    from orkeon_engine.domain.dev.work_folder import WorkPlace


def batches_view(outcome: BatchesOutcome, place: WorkPlace) -> CommandView:
    state = outcome.state
    lines = [*outcome.lines]
    lines += [f"  {b.id} · {b.state}" + (f" · commit {b.commit}" if b.commit else "") +
              f" · cycles {b.cycles_done}/{b.cycles}" + (f" · {b.rounds} GAPS" if b.rounds else "")
              for b in state.batches]
    for verdict in outcome.verdicts:
        lines += [f"  {row.severity} · {row.cites} · {row.text}" for row in verdict.rows]
    if outcome.status not in ("DONE",):
        lines.append(f"/dev-batches {place.code} goes on from here")
    file = place.file("batches-state.md")
    lines.append(f"→ {file}")
    return CommandView(
        lines=tuple(lines), message=f"batches {place.code}: {outcome.status} — {outcome.message}",
        document=Document(f"batches of {place.code}", render_batches_state(state)),
        data={"code": place.code, "status": outcome.status, "file": file, "closed": state.closed,
              "batches": [{"id": b.id, "state": b.state, "commit": b.commit, "rounds": b.rounds,
                           "cycles": [b.cycles_done, b.cycles], "review": b.review} for b in state.batches],
              "verdicts": [{"verdict": v.verdict, "file": v.file, "rows": len(v.rows)} for v in outcome.verdicts]})
