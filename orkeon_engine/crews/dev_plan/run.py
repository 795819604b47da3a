"""run_dev_plan: a new plan (or one that replaces the plan in place). The repository pack is built once and
the inventory found by code in the code index; one extract drafts the plan; code checks it (anchors, tests,
coverage, dependencies, design rules, assumptions) and sends it back once with the gaps; a plan that still
has gaps is not written. Then code writes plan.md and the sheets, and the shared part of the step follows
(services/dev_plan_work.py): the review in the background, the questions one at a time, the blockers."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from orkeon_engine.crews.dev_plan.answer import PlanAnswer, answer_texts, to_plan
from orkeon_engine.crews.dev_plan.prompt_catalogue import every_prompt
from orkeon_engine.crews.dev_plan.prompts import PLAN_SYSTEM, build_plan_user, build_send_back
from orkeon_engine.domain.dev.inventory import Inventory, render_inventory
from orkeon_engine.domain.dev.pack import build_and_test_command, render_pack
from orkeon_engine.domain.dev.plan import Plan, sheet_file
from orkeon_engine.domain.dev.plan_checks import PlanContext, plan_problems
from orkeon_engine.domain.dev.questions import render_decisions
from orkeon_engine.domain.dev.review import ReviewRecord
from orkeon_engine.domain.dev.work import WorkDoc, render_work
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt
from orkeon_engine.services.dev_inventory import build_inventory, indexed_files
from orkeon_engine.services.dev_plan_work import PlanOutcome, carry_on_plan
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.dev_work import StepStopped
from orkeon_engine.services.repository_pack import build_repository_pack
from orkeon_engine.services.work_folder import WorkFolder


@dataclass(frozen=True)
class PlanRequest:
    """A plan to draw: its place, the source it is drawn from, and the plan it replaces (with its review)."""

    place: WorkPlace
    source_file: str
    source: WorkDoc
    replaced: Plan | None = None
    replaced_review: ReviewRecord | None = None


async def run_dev_plan(request: PlanRequest, step: DevStep, folder: WorkFolder) -> PlanOutcome | StepStopped:
    """Draft, check and write the plan and its sheets, then ask its questions and record its review."""
    await step.llm.require_model()
    ports = step.ports
    step.report("reading the repository")
    pack = await build_repository_pack(ports.files, ports.index)
    step.report("finding what the project offers in the code index")
    source_text = render_work(request.source)
    inventory = await build_inventory(ports.files, ports.index, ports.navigation, [source_text])
    context = PlanContext(ids=request.source.ids()[1:], open_questions=tuple(q.id for q in
                                                                              request.source.questions.open),
                          files=frozenset(pack.files), indexed=await indexed_files(ports.index),
                          test_files=pack.test_files)
    user = build_plan_user(request.place.code, request.source_file, source_text, render_inventory(inventory),
                           render_pack(pack), _left_open(request))
    step.report(f"drafting the plan ({len(inventory.items)} elements in the inventory)")
    draft = await _draft(step, request, user, inventory, build_and_test_command(pack), context)
    if isinstance(draft, StepStopped):
        return draft
    outcome = await carry_on_plan(step, folder, request.place, draft, pack.files)
    return dataclasses.replace(outcome, notes=_stale_sheets(request, draft))


async def _draft(step: DevStep, request: PlanRequest, user: str, inventory: Inventory, build: str,
                 context: PlanContext) -> Plan | StepStopped:
    """The plan once code finds no gap in it, sent back once when it finds some; a stop when gaps remain."""
    carried = request.replaced.questions.decided if request.replaced is not None else ()
    answer = await step.llm.extract(PLAN_SYSTEM, user, PlanAnswer)
    plan = to_plan(answer, request.place.code, request.source_file, inventory, build, carried)
    problems = plan_problems(plan, context, answer_texts(answer))
    if not problems:
        return plan
    step.report(f"sending the plan back once: {len(problems)} gaps")
    answer = await step.llm.extract(PLAN_SYSTEM, build_send_back(user, answer.model_dump_json(), problems),
                                    PlanAnswer)
    plan = to_plan(answer, request.place.code, request.source_file, inventory, build, carried)
    problems = plan_problems(plan, context, answer_texts(answer))
    if not problems:
        return plan
    listed = "; ".join(problems)
    return StepStopped(request.place, f"the plan still has {len(problems)} gap{'s' if len(problems) != 1 else ''} "
                                      f"after one send-back, so nothing was written: {listed}")


def _left_open(request: PlanRequest) -> str:
    """What the replaced plan leaves for the new one: its decisions, and its review's findings."""
    lines: list[str] = []
    if request.replaced is not None and request.replaced.questions.decided:
        lines += ["The person's decisions (keep to them):", *render_decisions(request.replaced.questions.decided)]
    review = request.replaced_review
    if review is not None and review.findings:
        lines += ["", "The review's findings (answer each in the new plan):"]
        lines += [f"- {f.severity} · {f.target} · {f.cites}: {f.question}" for f in review.findings]
    return "\n".join(lines)


def _stale_sheets(request: PlanRequest, plan: Plan) -> tuple[str, ...]:
    if request.replaced is None:
        return ()
    kept = {batch.id for batch in plan.batches}
    stale = [sheet_file(batch.id) for batch in request.replaced.batches if batch.id not in kept]
    return tuple(f"{request.place.file(path)} is left from the replaced plan, which no longer names it"
                 for path in stale)


def render_every_prompt() -> list[RenderedPrompt]:
    """Every prompt of this crew over sample inputs, as the model reads them (`orkeon prompts render`)."""
    return every_prompt()
