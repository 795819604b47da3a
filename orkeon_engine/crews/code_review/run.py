"""run_code_review: one extract per lens and pass over the numbered diff; code settles what stands.

The diff is rendered once (cut to the budget, and said to be cut), each lens answers in JSON against
LensAnswer, and after each pass the proposals so far are anchored, deduplicated and ranked
(domain/anchoring.py), so the next pass of a lens is shown what stands and looks for what it missed. A lens
whose answer does not validate after the repair round, or whose call fails, is reported as having no valid
answer; the other lenses stand. Only when every call failed does the review fail.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from orkeon_engine.crews.code_review.answer import LensAnswer, to_proposals
from orkeon_engine.crews.code_review.lenses import LENS_LIST, Lens, find_lens
from orkeon_engine.crews.code_review.prompts import system_prompt, user_prompt
from orkeon_engine.domain.anchoring import Proposal, Settled, settle_findings
from orkeon_engine.domain.chat import CallOptions, ChatMessage, ChatReply, Usage, format_usage
from orkeon_engine.domain.diff import Diff, render_numbered
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.findings import DismissKey, Finding
from orkeon_engine.domain.review_report import LensFailure, ReviewResult
from orkeon_engine.domain.secret_paths import withheld_paths
from orkeon_engine.ports.chat_model import ChatModel, LlmFailure
from orkeon_engine.ports.progress import Progress
from orkeon_engine.services.llm import ExtractFailure, Llm

DIFF_BUDGET_CHARS = 60_000
"""About 15k tokens of diff: past that the diff is cut and the prompt and the result say so."""


@dataclass(frozen=True)
class ReviewRequest:
    """What to review and how: the parsed diff, its scope in words, the lenses, the rounds, the dismissals."""

    diff: Diff
    scope: str
    lenses: tuple[str, ...] = tuple(lens.name for lens in LENS_LIST)
    passes: int = 1
    dismissed: frozenset[DismissKey] = frozenset()
    budget_chars: int = DIFF_BUDGET_CHARS


async def run_code_review(request: ReviewRequest, llm: Llm, progress: Progress | None = None) -> ReviewResult:
    """Review the diff; raises CommandFailedError when no lens could be asked at all, or on cancellation."""
    lenses = [lens for name in request.lenses if (lens := find_lens(name)) is not None]
    withheld = withheld_paths(request.diff.paths)
    diff = dataclasses.replace(request.diff, files=tuple(f for f in request.diff.files if f.path not in withheld))
    request = dataclasses.replace(request, diff=diff)
    if withheld and not diff.files:
        return ReviewResult(scope=request.scope, files=(), findings=(), withheld=withheld,
                            lenses=tuple(lens.name for lens in lenses), passes=request.passes)
    await llm.require_model()
    tally = _Tally(llm.model)
    model = dataclasses.replace(llm, model=tally)
    rendered = render_numbered(request.diff, request.budget_chars)
    proposals: list[Proposal] = []
    failures: list[LensFailure] = []
    settled = Settled(())
    calls = len(lenses) * request.passes
    done = 0
    for pass_index in range(1, request.passes + 1):
        for lens in lenses:
            _check_cancelled(progress)
            _report(progress, f"{lens.name}, pass {pass_index} of {request.passes}", tally.usage, done, calls)
            earlier = _earlier(settled.findings, lens) if pass_index > 1 else ()
            prompt = user_prompt(rendered, request.scope, pass_index, request.passes, earlier)
            try:
                answer = await model.extract(system_prompt(lens), prompt, LensAnswer)
            except ExtractFailure as error:
                failures.append(LensFailure(lens.name, pass_index, _first_problem(error)))
            except LlmFailure as error:
                failures.append(LensFailure(lens.name, pass_index, f"the model call failed: {error}"))
            else:
                proposals.extend(to_proposals(answer, lens.name, pass_index))
            done += 1
            _report(progress, f"{lens.name} answered ({done} of {calls})", tally.usage, done, calls)
        settled = settle_findings(proposals, request.diff, request.dismissed)
    if calls and len(failures) == calls and tally.calls == 0:
        raise CommandFailedError(f"the review could not ask the model: {failures[0].reason}")
    _report(progress, "done", tally.usage, calls, calls)
    return ReviewResult(
        scope=request.scope,
        files=request.diff.paths,
        findings=settled.findings,
        dropped=settled.dropped,
        merged=settled.merged,
        dismissed=settled.dismissed,
        failures=tuple(failures),
        lenses=tuple(lens.name for lens in lenses),
        passes=request.passes,
        cut_note=rendered.cut_note(),
        tokens=tally.usage.total_tokens,
        cost=tally.usage.cost,
        withheld=withheld,
    )


def _earlier(findings: Sequence[Finding], lens: Lens) -> tuple[Finding, ...]:
    return tuple(f for f in findings if f.lens == lens.name or lens.name in f.also)


def _first_problem(error: ExtractFailure) -> str:
    first = error.problems.splitlines()[0].lstrip("- ").strip() if error.problems else ""
    return f"the answer did not fit after one repair round: {first or 'no JSON found'}"


def _check_cancelled(progress: Progress | None) -> None:
    if progress is not None and progress.cancelled:
        raise CommandFailedError("the review was cancelled; nothing was stored")


def _report(progress: Progress | None, what: str, usage: Usage, done: int, total: int) -> None:
    if progress is not None:
        percentage = int(100 * done / total) if total else 100
        progress.report(f"{what} · {format_usage(usage)}", percentage)


class _Tally:
    """The ChatModel seen by this review: every reply's usage is summed, so the result can say what it cost."""

    def __init__(self, model: ChatModel) -> None:
        self._model = model
        self.usage = Usage()
        self.calls = 0

    async def chat(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                   options: CallOptions) -> ChatReply:
        reply = await self._model.chat(messages, tools, options)
        self.usage = self.usage + reply.usage
        self.calls += 1
        return reply

    async def configured_model(self, options: CallOptions) -> str:
        return await self._model.configured_model(options)
