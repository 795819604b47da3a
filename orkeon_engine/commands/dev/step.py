"""What the dev commands share: the ports of a dev step built from a command's Deps, and the view of where a
step left its work (the file, the decisions taken, what is open, the review) or why it stopped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.dev.review import ReviewRecord, render_review
from orkeon_engine.domain.dev.work import render_work
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.ui.view import CommandView, Document
from orkeon_engine.services.dev_step import DevStepPorts

if TYPE_CHECKING:  # the step's services load with the first dev command, not at the engine's start
    from orkeon_engine.services.dev_work import StepOutcome, StepStopped

MAX_OUTPUT_LINES = 60


def step_ports(deps: Deps) -> DevStepPorts:
    """The ports of one dev step; NotConfiguredError when this engine has no files or no model."""
    if deps.files is None:
        raise NotConfiguredError("this engine has no files to keep the work in")
    return DevStepPorts(files=deps.files, llm=deps.require_llm(), human=deps.human, progress=deps.progress,
                        config=deps.config, session=deps.session, clock=deps.clock, toolbox=deps.run_toolbox,
                        index=deps.code_index, navigation=deps.code_navigation, children=deps.children,
                        logger=deps.logger, grammar=deps.shell_grammar)


def outcome_view(outcome: StepOutcome, command: str) -> CommandView:
    """Where the step left the work; the review (else the work file) as the document the editor opens."""
    doc, code = outcome.doc, outcome.place.code
    lines = [f"{outcome.file}: {'written' if outcome.created else 'taken up again'}"]
    lines += [f"  {d.question.id} ({d.question.severity}) {d.question.text} → {d.answer}" for d in outcome.decided]
    if outcome.blocked:
        open_ids = ", ".join(f"{q.id} ({q.severity})" for q in doc.questions.open)
        lines.append(f"open: {open_ids}; nobody answered, so they stay in the file: /{command} {code} asks them")
    if outcome.review is not None:
        lines.append(f"{outcome.review.summary()} → {outcome.place.review_file}")
        lines += [f"  {f.severity} · {f.target} · {f.cites}: {f.question}" for f in outcome.review.findings]
    lines += list(outcome.notes)
    status = "BLOCKED" if outcome.blocked else "READY"
    open_count = len(doc.questions.open)
    message = f"{outcome.kind} {code}: {status}" + \
        (f" — {open_count} open question{'s' if open_count != 1 else ''}" if outcome.blocked else "")
    return CommandView(lines=tuple(lines), message=message, document=_document(outcome),
                       data={"code": code, "kind": outcome.kind, "file": outcome.file, "status": status,
                             "open": [q.id for q in doc.questions.open],
                             "decided": [d.question.id for d in outcome.decided],
                             "review": _review_data(outcome.review, outcome.place.review_file)})


def _document(outcome: StepOutcome) -> Document:
    if outcome.review is not None:
        return Document(f"review of {outcome.place.code}", render_review(outcome.review))
    return Document(f"{outcome.kind} {outcome.place.code}", render_work(outcome.doc))


def _review_data(review: ReviewRecord | None, file: str) -> dict[str, object] | None:
    if review is None:
        return None
    return {"verdict": review.verdict, "file": file, "findings": len(review.findings), "failure": review.failure}


def stopped_view(stopped: StepStopped) -> CommandView:
    """Why the step stopped before writing anything, with the output of the run that decided it."""
    lines: list[str] = []
    run = stopped.run
    if run is not None:
        output = run.output.split("\n") if run.output else []
        cut = len(output) - MAX_OUTPUT_LINES
        ended = f"exit code {run.exit_code}" if run.exit_code is not None else "timed out"
        lines = [f"$ {run.command}", *([f"[{cut} earlier lines left out]"] if cut > 0 else []),
                 *output[-MAX_OUTPUT_LINES:], f"({ended} after {run.milliseconds / 1000:.1f} s)"]
    data = {"code": stopped.place.code, "status": "STOPPED", "reason": stopped.reason,
            "exitCode": run.exit_code if run is not None else None}
    return CommandView(lines=tuple(lines), message=stopped.reason, data=data)
