"""The part of a dev step every kind of work shares once its file is drafted: the file written, its review
started in the background, its open questions asked one at a time (each answer written under Decisions
before the next question is asked), then the review waited for and recorded. `/dev-spec <code>` alone
resumes a piece of work the same way, at its next open question.

Nobody to answer (no terminal, CI, a dismissed dialog) stops the questions: they stay in the file and the
step reads BLOCKED with what is open. Nothing answers for the person.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.dev.brief import RunRecord
from orkeon_engine.domain.dev.pack import project_paths
from orkeon_engine.domain.dev.questions import Decision, QuestionBook
from orkeon_engine.domain.dev.review import ReviewRecord
from orkeon_engine.domain.dev.sections import DevFileError
from orkeon_engine.domain.dev.work import WorkDoc, kind_of, parse_work, render_work, with_questions
from orkeon_engine.domain.dev.work_folder import WorkKind, WorkPlace
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.services.dev_questions import ask_questions
from orkeon_engine.services.dev_review import finish_review, read_review, start_review
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.project_files import list_project_files
from orkeon_engine.services.work_folder import WorkFolder


@dataclass(frozen=True)
class StepOutcome:
    """Where a dev step left its work: the file as written, the decisions this run took, the review, notes."""

    place: WorkPlace
    doc: WorkDoc
    decided: tuple[Decision, ...] = ()
    review: ReviewRecord | None = None
    notes: tuple[str, ...] = ()
    created: bool = False

    @property
    def kind(self) -> WorkKind:
        return kind_of(self.doc)

    @property
    def file(self) -> str:
        return self.place.work_file(self.kind)

    @property
    def blocked(self) -> bool:
        return self.doc.questions.blocked


@dataclass(frozen=True)
class StepStopped:
    """A step that stopped before it wrote anything, why, and the run that decided it (its output shown)."""

    place: WorkPlace
    reason: str
    run: RunRecord | None = None


async def carry_on(step: DevStep, folder: WorkFolder, place: WorkPlace, doc: WorkDoc, files: Sequence[str],
                   *, write: bool = True, review: bool = True, label: str = "") -> StepOutcome:
    """Write the file (unless it is written), start its review, ask its questions, record the review."""
    file = place.work_file(kind_of(doc))
    if write:
        await folder.write(file, render_work(doc))
        step.report(f"{file} written")
    job = await start_review(step, place, doc, files) if review else None
    doc, decided = await settle_questions(step, folder, place, doc, label or f"/dev-spec {place.code}")
    record = await finish_review(step, job, folder) if job is not None else await _recorded_review(folder, place)
    return StepOutcome(place, doc, decided, record, created=write)


async def settle_questions(step: DevStep, folder: WorkFolder, place: WorkPlace, doc: WorkDoc,
                           label: str) -> tuple[WorkDoc, tuple[Decision, ...]]:
    """Ask the open questions in order, one at a time; each answer is written before the next is asked.
    Stops at the first question nobody answers."""
    file = place.work_file(kind_of(doc))
    current = doc

    async def record(book: QuestionBook) -> None:
        nonlocal current
        current = with_questions(current, book)
        await folder.write(file, render_work(current))

    _, decided = await ask_questions(step, doc.questions, label, record)
    return current, decided


async def resume_work(step: DevStep, folder: WorkFolder, place: WorkPlace, kind: WorkKind) -> StepOutcome:
    """Go on with the work a place holds: its next open question, and its review when none was recorded
    (or the last one did not run)."""
    file = place.work_file(kind)
    text = await folder.read(file)
    if text is None:
        raise CommandFailedError(f"{file} is gone; start the work again with a description")
    try:
        doc = parse_work(kind, text, file)
    except DevFileError as error:
        raise CommandFailedError(f"{error}; fix the file by hand, or start again under another code") from None
    recorded = await _recorded_review(folder, place)
    review = recorded is None or recorded.verdict == "NOT RUN"
    files = project_paths(await list_project_files(step.ports.files)) if review else ()
    return await carry_on(step, folder, place, doc, files, write=False, review=review)


async def _recorded_review(folder: WorkFolder, place: WorkPlace) -> ReviewRecord | None:
    return await read_review(folder, place.review_file)
