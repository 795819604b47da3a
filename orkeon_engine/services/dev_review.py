"""The read-only review of a work file: a `dev-reviewer` child started in the background when the file is
written (in plan mode, its nine read tools, under the step's rule sets and budget), waited for once the
step has asked its questions, its answer read by code and recorded in `review.md`.

On a host that runs no background children (no Children service) the same charter runs inline, in the
step, when the step waits for it. A reviewer that fails, is stopped or answers something that is no
findings list (even after one extraction of its report) leaves a review that did not run, and says why;
an empty list is a CLEAR review. A step cancelled while it waits stops its reviewer.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from orkeon_engine.domain.agents.agents import child_budget, find_charter
from orkeon_engine.domain.agents.child_prompt import ChildPromptInput, child_system_prompt, child_user_message
from orkeon_engine.domain.dev.review import (
    ReadReview,
    ReviewRecord,
    ReviewScope,
    opened_paths,
    parse_review,
    read_review_answer,
    render_review,
)
from orkeon_engine.domain.dev.review_brief import EXTRACT_SYSTEM, extract_request, review_brief
from orkeon_engine.domain.dev.sections import DevFileError
from orkeon_engine.domain.dev.work import KIND_NAMES, STEPS, WorkDoc, kind_of, render_work, section_numbers
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.model.act import Budget, BudgetExhausted
from orkeon_engine.domain.model.chat import ChatMessage
from orkeon_engine.domain.permissions.policy import policy_for
from orkeon_engine.ports.files import FilesError
from orkeon_engine.services.children import STOPPED_WITH_PARENT, ChildHandle
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.services.llm import ExtractFailure
from orkeon_engine.services.work_folder import WorkFolder

REVIEWER = "dev-reviewer"


@dataclass(frozen=True)
class ReviewJob:
    """A review under way: what it reviews, and its child (None: it runs inline when awaited, or could not
    start, `failure` saying why)."""

    place: WorkPlace
    file: str
    text: str
    scope: ReviewScope
    brief: str
    step: str
    handle: ChildHandle | None = None
    failure: str = ""
    record_file: str = ""
    """Where the review is recorded (the place's review.md when empty)."""
    charter: str = REVIEWER
    """The read-only charter that reviews (the audit's dev-auditor runs through here too)."""
    tools: tuple[str, ...] = ()
    """The read tools of an inline review (the charter's when empty)."""
    turns: int | None = None
    """How many model turns an inline review may ask for tools (the budget's limit alone when None)."""


@dataclass(frozen=True)
class _Answer:
    reviewer: str
    report: str
    calls: tuple[tuple[str, Mapping[str, Any]], ...]
    failure: str = ""


async def start_review(step: DevStep, place: WorkPlace, doc: WorkDoc, files: Iterable[str]) -> ReviewJob:
    """Start the review of the work file as it is now written (in the background when the host can)."""
    kind = kind_of(doc)
    file = place.work_file(kind)
    text = render_work(doc)
    scope = ReviewScope(file, len(text.rstrip("\n").split("\n")), section_numbers(kind), doc.ids(), KIND_NAMES[kind])
    brief = review_brief(kind, file, text, doc.ids(), tuple(files))
    return await launch_review(step, ReviewJob(place, file, text, scope, brief, STEPS[kind]))


async def launch_review(step: DevStep, job: ReviewJob) -> ReviewJob:
    """Start a reviewer child on the job's brief (in the background when the host runs children)."""
    children = step.ports.children
    if children is None:
        return job
    try:
        handle = await children.spawn(job.charter, job.brief, step=job.step, parent=step.parent)
    except CommandFailedError as error:  # ChildError, UnknownToolError: the host cannot run this reviewer
        return dataclasses.replace(job, failure=f"the {job.charter} could not start: {error}")
    step.report(f"reviewing {job.file} in the background ({handle.label} {job.charter})")
    return dataclasses.replace(job, handle=handle)


async def finish_review(step: DevStep, job: ReviewJob, folder: WorkFolder) -> ReviewRecord:
    """Wait for the review (or run it inline), read its answer, and write review.md; the record written."""
    answer = await _answer(step, job)
    record = await _record(step, job, answer)
    await folder.write(job.record_file or job.place.review_file, render_review(record))
    return record


async def child_report(step: DevStep, job: ReviewJob) -> tuple[str, str, str]:
    """Wait for the job's child (or run its charter inline): who answered, its report, and why it has none
    ("" when it has one)."""
    answer = await _answer(step, job)
    return answer.reviewer, answer.report, answer.failure


async def _answer(step: DevStep, job: ReviewJob) -> _Answer:
    if job.failure:
        return _Answer(job.charter, "", (), job.failure)
    if job.handle is None:
        step.report(f"reviewing {job.file} (inline {job.charter})")
        return await _inline(step, job)
    children = step.ports.children
    assert children is not None  # a handle comes from the Children service
    step.report(f"waiting for the review of {job.file} ({job.handle.label} {job.charter})")
    try:
        record = await children.wait(job.handle)
    except asyncio.CancelledError:
        await asyncio.shield(children.stop(job.handle.id, STOPPED_WITH_PARENT))
        raise
    if record.state != "done":
        return _Answer(record.title, "", (), f"{record.title} {record.state}" +
                       (f": {record.detail}" if record.detail else ""))
    transcript = await children.transcript(job.handle)
    return _Answer(record.title, record.report, tuple(_transcript_calls(transcript)))


def _transcript_calls(messages: Iterable[ChatMessage]) -> Iterable[tuple[str, Mapping[str, Any]]]:
    for message in messages:
        for call in message.tool_calls:
            try:
                arguments = call.decoded()
            except ValueError:
                continue
            yield call.name, arguments


async def _inline(step: DevStep, job: ReviewJob) -> _Answer:
    """The reviewer's charter run in the step itself: its mode, its tools this host has, the step's gate."""
    ports = step.ports
    charter = find_charter(job.charter)
    assert charter is not None  # a built-in charter
    box = ports.toolbox()
    tools = [tool for name in job.tools or charter.tools if (tool := box.catalogue.find(name)) is not None]
    gate = await gate_for_run(ports.gate_ports(), charter.mode, step=job.step)
    limits = child_budget(charter, job.step)
    who = f"inline {charter.name}"
    system = child_system_prompt(ChildPromptInput(who, charter.purpose, charter.mode,
                                                  policy_for(charter.mode).read_only))
    try:
        result = await step.llm.act(system, [ChatMessage.user(child_user_message(job.brief))], tools,
                                    Budget(limits.tool_calls, limits.seconds, limits.context_tokens, job.turns), gate)
    except BudgetExhausted as stop:
        return _Answer(who, "", (), f"{who} failed: {stop}")
    except (CommandFailedError, NotConfiguredError) as error:
        return _Answer(who, "", (), f"{who} failed: {error}")
    return _Answer(who, result.text, tuple((call.name, call.arguments) for call in result.calls))


async def _record(step: DevStep, job: ReviewJob, answer: _Answer) -> ReviewRecord:
    code, file = job.place.code, job.file
    if answer.failure:
        return ReviewRecord(code, file, answer.reviewer, failure=answer.failure)
    opened = opened_paths(answer.calls)
    scope = dataclasses.replace(job.scope, opened=job.scope.opened | opened,
                                lengths={**job.scope.lengths, **await _lengths(step, opened)})
    read = read_review_answer(answer.report, scope)
    if read is None:
        read, failure = await _extracted(step, job, answer.report, scope)
        if read is None:
            return ReviewRecord(code, file, answer.reviewer, failure=failure)
    return ReviewRecord(code, file, answer.reviewer, read.findings, read.dropped)


async def _extracted(step: DevStep, job: ReviewJob, report: str,
                     scope: ReviewScope) -> tuple[ReadReview | None, str]:
    """The findings of a report that came back as prose, read by one extraction; None and why when it fails."""
    from orkeon_engine.domain.dev.review_answer import ReviewAnswer

    if not report.strip():
        return None, "the reviewer's answer was empty"
    step.report(f"reading the review of {job.file}")
    try:
        answer = await step.llm.extract(EXTRACT_SYSTEM, extract_request(report, job.file, scope.ids), ReviewAnswer)
    except (CommandFailedError, NotConfiguredError) as error:  # ExtractFailure, LlmFailure
        reason = "its answer was no findings list, even after one extraction" if isinstance(error, ExtractFailure) \
            else f"its answer could not be read: {error}"
        return None, reason
    return read_review_answer(answer.model_dump_json(), scope), ""


async def _lengths(step: DevStep, opened: Iterable[str]) -> dict[str, int]:
    lengths: dict[str, int] = {}
    for path in opened:
        try:
            lengths[path] = len((await step.ports.files.read_text(f"/workspace/{path}")).split("\n"))
        except FilesError:
            continue
    return lengths


async def read_review(folder: WorkFolder, file: str) -> ReviewRecord | None:
    """The review recorded in `file`, None when there is none or it does not read as one (run it again)."""
    text = await folder.read(file)
    if text is None:
        return None
    try:
        return parse_review(text, file)
    except DevFileError:
        return None
