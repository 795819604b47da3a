"""The part of /dev-plan that follows the draft, and its resumption: plan.md and one sheet a batch written
by code, the plan's review started in a background dev-reviewer child (recorded in plan-review.md), the
planner's questions asked one at a time (each answer written before the next), then what blocks the plan
worked out and written: a Blocking question (open, or answered after the plan was drawn) or a Blocking
finding of the review keeps every batch line at `— blocked` until `/dev-plan <code> --replace` rewrites it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.dev.plan import (
    PLAN_FILE,
    PLAN_REVIEW_FILE,
    PLAN_TITLES,
    Plan,
    parse_plan,
    question_blocker,
    render_plan,
    review_blocker,
    sheet_file,
)
from orkeon_engine.domain.dev.plan_review_brief import plan_review_brief
from orkeon_engine.domain.dev.questions import Decision, QuestionBook
from orkeon_engine.domain.dev.review import ReviewRecord, ReviewScope
from orkeon_engine.domain.dev.sections import DevFileError
from orkeon_engine.domain.dev.sheet import parse_sheet, render_sheet
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.services.dev_questions import ask_questions
from orkeon_engine.services.dev_review import ReviewJob, finish_review, launch_review, read_review
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.work_folder import WorkFolder

DEV_STEP = "dev-plan"


@dataclass(frozen=True)
class PlanOutcome:
    """Where /dev-plan left the plan: as written, the decisions this run took, its review, notes."""

    place: WorkPlace
    plan: Plan
    decided: tuple[Decision, ...] = ()
    review: ReviewRecord | None = None
    notes: tuple[str, ...] = ()
    created: bool = False

    @property
    def file(self) -> str:
        return self.place.file(PLAN_FILE)

    @property
    def review_file(self) -> str:
        return self.place.file(PLAN_REVIEW_FILE)


async def write_plan(folder: WorkFolder, place: WorkPlace, plan: Plan) -> None:
    """plan.md, then each batch's sheet (their status follows the plan's)."""
    await folder.write(place.file(PLAN_FILE), render_plan(plan))
    for batch in plan.batches:
        await folder.write(place.file(sheet_file(batch.id)), render_sheet(plan, batch, place.file(PLAN_FILE)))


async def read_plan(folder: WorkFolder, place: WorkPlace) -> Plan | None:
    """The plan a place holds with its sheets' steps, None when it has none; CommandFailedError naming the
    file that does not read as its format."""
    read = await read_plan_sheets(folder, place)
    return read[0] if read is not None else None


async def read_plan_sheets(folder: WorkFolder, place: WorkPlace) -> tuple[Plan, dict[str, str]] | None:
    """The plan with its sheets' steps and each sheet's text by batch id, read once; None without a plan."""
    text = await folder.read(place.file(PLAN_FILE))
    if text is None:
        return None
    sheets: dict[str, str] = {}
    try:
        plan = parse_plan(text, place.file(PLAN_FILE))
        batches = []
        for batch in plan.batches:
            file = place.file(sheet_file(batch.id))
            sheet = await folder.read(file)
            if sheet is None:
                raise DevFileError(f"{file} is missing; the plan names {batch.id}")
            sheets[batch.id] = sheet
            batches.append(parse_sheet(sheet, file))
    except DevFileError as error:
        raise CommandFailedError(f"{error}; fix the file by hand, or rewrite the plan with /dev-plan "
                                 f"{place.code} --replace") from None
    return dataclasses.replace(plan, batches=tuple(batches)), sheets


async def start_plan_review(step: DevStep, place: WorkPlace, plan: Plan, files: Sequence[str]) -> ReviewJob:
    """Start the review of the plan as written (in the background when the host can)."""
    file = place.file(PLAN_FILE)
    text = render_plan(plan)
    sheets = {place.file(sheet_file(b.id)): render_sheet(plan, b, file) for b in plan.batches}
    lengths = {path: len(sheet.rstrip("\n").split("\n")) for path, sheet in sheets.items()}
    scope = ReviewScope(file, len(text.rstrip("\n").split("\n")), frozenset(PLAN_TITLES), plan.ids(), "plan",
                        frozenset(sheets), lengths)
    brief = plan_review_brief(file, text, sheets, plan.ids(), tuple(files))
    job = ReviewJob(place, file, text, scope, brief, DEV_STEP, record_file=place.file(PLAN_REVIEW_FILE))
    return await launch_review(step, job)


async def carry_on_plan(step: DevStep, folder: WorkFolder, place: WorkPlace, plan: Plan, files: Sequence[str],
                        *, write: bool = True, review: bool = True) -> PlanOutcome:
    """Write the plan (unless it is written), start its review, ask its questions, record the review, and
    write what blocks it."""
    if write:
        await write_plan(folder, place, plan)
        step.report(f"{place.file(PLAN_FILE)} and {len(plan.batches)} sheets written")
    job = await start_plan_review(step, place, plan, files) if review else None
    current = plan

    async def record(book: QuestionBook) -> None:
        nonlocal current
        current = dataclasses.replace(current, questions=book)
        await folder.write(place.file(PLAN_FILE), render_plan(current))

    _, decided = await ask_questions(step, plan.questions, f"/dev-plan {place.code}", record)
    recorded = await finish_review(step, job, folder) if job is not None else await recorded_review(folder, place)
    current = dataclasses.replace(current, blockers=plan_blockers(current, decided, recorded))
    await write_plan(folder, place, current)
    return PlanOutcome(place, current, decided, recorded, created=write)


def plan_blockers(plan: Plan, decided: Sequence[Decision], review: ReviewRecord | None) -> tuple[str, ...]:
    """What keeps the batches blocked: the Blocking questions the plan already counted, those answered in
    this run (the plan was drawn before the answer), those still open; then the review's Blocking findings."""
    questions = [blocker for blocker in plan.blockers if blocker.startswith("Q")]
    questions += [question_blocker(d.question.id) for d in decided if d.question.severity == "Blocking"]
    questions += [question_blocker(q.id) for q in plan.questions.open if q.severity == "Blocking"]
    findings = review.findings if review is not None else ()
    reviewed = [review_blocker(f"R{number}") for number, finding in enumerate(findings, 1)
                if finding.severity == "Blocking"]
    return tuple(dict.fromkeys([*questions, *reviewed]))


async def resume_plan(step: DevStep, folder: WorkFolder, place: WorkPlace, plan: Plan,
                      files: Sequence[str]) -> PlanOutcome:
    """Go on with a written plan: its next open question, and its review when none was recorded (or the
    last one did not run)."""
    recorded = await recorded_review(folder, place)
    again = recorded is None or recorded.verdict == "NOT RUN"
    return await carry_on_plan(step, folder, place, plan, files, write=False, review=again)


async def recorded_review(folder: WorkFolder, place: WorkPlace) -> ReviewRecord | None:
    return await read_review(folder, place.file(PLAN_REVIEW_FILE))
