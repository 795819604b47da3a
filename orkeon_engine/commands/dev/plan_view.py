"""The view of where /dev-plan left a plan: its file and sheets, its batches (ready or blocked), the
decisions taken, what is open, what blocks it, and its review as the document the editor opens."""

from __future__ import annotations

from typing import TYPE_CHECKING

from orkeon_engine.domain.dev.plan import batch_state, render_plan, sheet_file
from orkeon_engine.domain.dev.review import render_review
from orkeon_engine.domain.ui.view import CommandView, Document

if TYPE_CHECKING:  # the step's services load with the first /dev-plan
    from orkeon_engine.services.dev_plan_work import PlanOutcome


def plan_view(outcome: PlanOutcome) -> CommandView:
    plan, place = outcome.plan, outcome.place
    state = batch_state(plan)
    lines = [f"{outcome.file}: {'written' if outcome.created else 'taken up again'}, "
             f"{len(plan.inventory.items)} elements in its inventory"]
    lines += [f"  {b.id} · {b.title}{' (documentation)' if b.documentation else ''} — {state} → "
              f"{place.file(sheet_file(b.id))}" for b in plan.batches]
    lines += [f"  {d.question.id} ({d.question.severity}) {d.question.text} → {d.answer}" for d in outcome.decided]
    if plan.questions.open:
        open_ids = ", ".join(f"{q.id} ({q.severity})" for q in plan.questions.open)
        lines.append(f"open: {open_ids}; nobody answered, so they stay in the file: /dev-plan {place.code} asks them")
    if plan.blocked:
        lines.append(f"blocked by {', '.join(plan.blockers)}: no batch runs until /dev-plan {place.code} --replace "
                     "rewrites the plan")
    if outcome.review is not None:
        lines.append(f"{outcome.review.summary()} → {outcome.review_file}")
        lines += [f"  {f.severity} · {f.target} · {f.cites}: {f.question}" for f in outcome.review.findings]
    lines += list(outcome.notes)
    status = "BLOCKED" if plan.blocked else "READY"
    document = Document(f"review of the plan {place.code}", render_review(outcome.review)) \
        if outcome.review is not None else Document(f"plan {place.code}", render_plan(plan))
    return CommandView(lines=tuple(lines), message=f"plan {place.code}: {status} — {len(plan.batches)} batches",
                       document=document,
                       data={"code": place.code, "file": outcome.file, "status": status,
                             "batches": [b.id for b in plan.batches],
                             "sheets": [place.file(sheet_file(b.id)) for b in plan.batches],
                             "blockers": list(plan.blockers), "open": [q.id for q in plan.questions.open],
                             "decided": [d.question.id for d in outcome.decided],
                             "review": None if outcome.review is None else {
                                 "verdict": outcome.review.verdict, "file": outcome.review_file,
                                 "findings": len(outcome.review.findings), "failure": outcome.review.failure}})
