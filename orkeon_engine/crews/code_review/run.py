"""run_code_review: one extract per lens and pass over the numbered diff; code settles what stands.

The diff is rendered once (hand-written files first, generated, vendored, lock and minified ones after;
cut to the budget, and said to be cut), each lens answers in JSON against LensAnswer, and after each pass
the proposals so far are anchored, deduplicated and ranked (domain/review/anchoring.py), then a finding graver than
low on a file code proved behaviour-neutral (ReviewRequest.changes, domain/review/behaviour_neutral.py) is capped
at low with its reason (when every file is, the lenses' schema offers only low and nit), so the next pass of a
lens is shown what stands and looks for what it missed. Before that, a proposal of the pass that points at
the first line of a function or class whose body the change adds is asked which of that body's lines holds
its problem (pinpoint.py), and moves there. The lenses of a pass ask the model at once,
`concurrency` at a time, so a pass takes about the time of its slowest lens; the whole review stops at its
deadline. A lens whose answer does not validate, whose call fails, or that the deadline stopped, is
reported as having no valid answer; the other lenses stand. When no call gave a valid answer the result
says the review failed (ReviewResult.failed).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from orkeon_engine.crews.code_review import before_check, pinpoint
from orkeon_engine.crews.code_review.answer import LensAnswer, answer_model, to_proposals
from orkeon_engine.crews.code_review.lenses import LENS_LIST, Lens, find_lens
from orkeon_engine.crews.code_review.prompts import system_prompt, user_prompt
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.git.diff import Diff, render_numbered
from orkeon_engine.domain.model.call_usage import Usage, format_usage
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatReply
from orkeon_engine.domain.model_replies.prompt_tool_protocol import ToolProtocol
from orkeon_engine.domain.review.anchoring import Dropped, Proposal, Settled, anchor_finding, settle_findings
from orkeon_engine.domain.review.behaviour_neutral import FileChange, cap_findings
from orkeon_engine.domain.review.change_sides import ChangeSides, change_sides
from orkeon_engine.domain.review.definition_lines import DefinitionBody, added_body
from orkeon_engine.domain.review.findings import DismissKey, Finding, ranked, severity_rank
from orkeon_engine.domain.review.review_context import UsedDefinition, render_used
from orkeon_engine.domain.review.review_files import review_order
from orkeon_engine.domain.review.review_report import LensFailure, ReviewResult
from orkeon_engine.domain.review.word_changes import render_word_changes, word_changes
from orkeon_engine.domain.secrets.secret_paths import withheld_paths
from orkeon_engine.ports.chat_model import ChatModel, LlmFailure
from orkeon_engine.ports.progress import Progress
from orkeon_engine.services.llm import ExtractFailure, Llm

DIFF_BUDGET_CHARS = 60_000
"""About 15k tokens of diff at most: past that the diff is cut and the prompt and the result say so."""
LENS_RESERVED_TOKENS = 4_000
"""What a lens's call needs besides the diff: its instructions and answer schema (about 1,200 tokens) and its
answer (EXTRACT_ANSWER_TOKENS), with a margin."""
DIFF_CHARS_PER_TOKEN = 3
"""A numbered diff of code is dense: about three characters a token."""
MIN_BUDGET_CHARS = 6_000
DEFAULT_CONCURRENCY = 3
DEFAULT_DEADLINE_SECONDS = 600.0


def diff_budget(window: int | None) -> int:
    """How much of the diff one lens is shown: what the model's window leaves after the lens's instructions and
    answer (a 16k window: about 37,000 characters), at most DIFF_BUDGET_CHARS; DIFF_BUDGET_CHARS when the window
    is unknown."""
    if window is None:
        return DIFF_BUDGET_CHARS
    return max(MIN_BUDGET_CHARS, min(DIFF_BUDGET_CHARS, (window - LENS_RESERVED_TOKENS) * DIFF_CHARS_PER_TOKEN))


@dataclass(frozen=True)
class ReviewRequest:
    """What to review and how: the parsed diff, its scope in words, the lenses, the rounds, the dismissals."""

    diff: Diff
    scope: str
    lenses: tuple[str, ...] = tuple(lens.name for lens in LENS_LIST)
    passes: int = 1
    dismissed: frozenset[DismissKey] = frozenset()
    budget_chars: int = DIFF_BUDGET_CHARS
    concurrency: int = DEFAULT_CONCURRENCY
    """How many lenses ask the model at once."""
    deadline: float = DEFAULT_DEADLINE_SECONDS
    """Seconds the whole review may take; what still runs then is stopped and reported."""
    changes: tuple[FileChange, ...] = ()
    """What code proved of each changed file (services/neutral_changes.py); none: nothing is proven."""
    used: tuple[UsedDefinition, ...] = ()
    """The definitions the changed lines use (services/review_context.py), shown beside the diff."""


async def run_code_review(request: ReviewRequest, llm: Llm, progress: Progress | None = None) -> ReviewResult:
    """Review the diff; raises CommandFailedError on cancellation (or a setting the model cannot use)."""
    lenses = [lens for name in request.lenses if (lens := find_lens(name)) is not None]
    withheld = withheld_paths(request.diff.paths)
    diff = dataclasses.replace(request.diff, files=tuple(f for f in request.diff.files if f.path not in withheld))
    request = dataclasses.replace(request, diff=diff)
    if withheld and not diff.files:
        return ReviewResult(scope=request.scope, files=(), findings=(), withheld=withheld,
                            lenses=tuple(lens.name for lens in lenses), passes=request.passes)
    await llm.require_model()
    tally = _Tally(llm.model)
    neutral = tuple(change for change in request.changes if change.neutral and diff.file(change.path))
    all_neutral = bool(diff.files) and {file.path for file in diff.files} <= {change.path for change in neutral}
    passes = _Passes(request, dataclasses.replace(llm, model=tally), tally, progress, len(lenses),
                     answer_model(all_neutral))
    ordered = review_order(request.diff)
    used = render_used(request.used)
    budget = min(request.budget_chars, max(MIN_BUDGET_CHARS, request.budget_chars - len(used)))  # room for `used`
    rendered = render_numbered(ordered.diff, budget, ordered.kinds)
    shown = dataclasses.replace(diff, files=tuple(f for f in diff.files if f.path not in rendered.files_left_out))
    words = render_word_changes(word_changes(shown))
    settled = Settled(())
    for pass_index in range(1, request.passes + 1):
        prompt_of = {lens.name: user_prompt(rendered, request.scope, pass_index, request.passes,
                                            _earlier(settled.findings, lens) if pass_index > 1 else (),
                                            tuple(change.reason for change in neutral), used, words)
                     for lens in lenses}
        await passes.run(pass_index, lenses, prompt_of)
        await passes.pinpoint(pass_index, request.diff)
        settled = settle_findings(passes.proposals, request.diff, request.dismissed)
        settled = dataclasses.replace(settled, findings=ranked(cap_findings(settled.findings, neutral)))
    settled = dataclasses.replace(settled, findings=ranked(await passes.before_check(settled.findings, request.diff)))
    _report(progress, "done", tally.usage, passes.calls, passes.calls)
    return ReviewResult(
        scope=request.scope,
        files=request.diff.paths,
        findings=settled.findings,
        dropped=settled.dropped,
        merged=settled.merged,
        dismissed=settled.dismissed,
        by_number=settled.by_number,
        failures=_in_order(passes.failures, lenses),
        lenses=tuple(lens.name for lens in lenses),
        passes=request.passes,
        cut_note=rendered.cut_note(),
        tokens=tally.usage.total_tokens,
        cost=tally.usage.cost,
        withheld=withheld,
        left_out=rendered.left_out_kinds(),
        neutral=neutral,
    )


class _Passes:
    """The lenses of each pass asked at once (bounded), their proposals and failures gathered, the
    review's deadline kept across passes."""

    def __init__(self, request: ReviewRequest, llm: Llm, tally: _Tally, progress: Progress | None,
                 lens_count: int, answer: type[LensAnswer] = LensAnswer) -> None:
        self._request = request
        self._answer = answer
        self._llm = llm
        self._tally = tally
        self._progress = progress
        self._limit = asyncio.Semaphore(max(1, request.concurrency))
        self._started = llm.clock.monotonic()
        self.calls = lens_count * request.passes
        self.done = 0
        self.proposals: list[Proposal] = []
        self.failures: list[LensFailure] = []

    async def run(self, pass_index: int, lenses: Sequence[Lens], prompt_of: dict[str, str]) -> None:
        if self._left() <= 0:
            self.failures.extend(LensFailure(lens.name, pass_index, self._late("not asked")) for lens in lenses)
            self.done += len(lenses)
            return
        tasks = [asyncio.ensure_future(self._ask(lens, pass_index, prompt_of[lens.name])) for lens in lenses]
        running = await self._within_deadline(tasks)
        for lens, task in zip(lenses, tasks, strict=True):
            if task in running:
                self.failures.append(LensFailure(lens.name, pass_index, self._late("stopped")))
                self.done += 1

    def _left(self) -> float:
        """The seconds the review's deadline leaves."""
        return self._request.deadline - (self._llm.clock.monotonic() - self._started)

    async def _within_deadline(self, tasks: Sequence[asyncio.Future[Any]]) -> set[asyncio.Future[Any]]:
        """Wait for the tasks until the deadline; those still running then are cancelled and returned. The
        first error of a task (the person cancelled, a setting cannot be used) is raised: the review stops."""
        try:
            finished, running = await asyncio.wait(tasks, timeout=self._left(), return_when=asyncio.FIRST_EXCEPTION)
        finally:
            for task in tasks:
                task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for task in finished:
            error = None if task.cancelled() else task.exception()
            if error is not None:
                raise error
        return running

    async def _ask(self, lens: Lens, pass_index: int, prompt: str) -> None:
        async with self._limit:
            _check_cancelled(self._progress)
            _report(self._progress, f"{lens.name}, pass {pass_index} of {self._request.passes}", self._tally.usage,
                    self.done, self.calls)
            outcome = "answered"
            try:
                answer = await self._llm.extract(system_prompt(lens), prompt, self._answer)
            except ExtractFailure as error:
                self.failures.append(LensFailure(lens.name, pass_index, _first_problem(error)))
                outcome = "gave no valid answer"
            except LlmFailure as error:
                self.failures.append(LensFailure(lens.name, pass_index, f"the model call failed: {error}"))
                outcome = "gave no valid answer"
            else:
                self.proposals.extend(to_proposals(answer, lens.name, pass_index))
            self.done += 1
            _report(self._progress, f"{lens.name} {outcome}, pass {pass_index} of {self._request.passes}",
                    self._tally.usage, self.done, self.calls)

    async def pinpoint(self, pass_index: int, diff: Diff) -> None:
        """Move each proposal of this pass that points at a definition's first line to the line of its body
        the model says holds the problem (pinpoint.py); a question that fails, or that the deadline stops,
        leaves its proposal where it was."""
        asked = [(index, definition) for index, proposal in enumerate(self.proposals)
                 if proposal.pass_index == pass_index and (definition := _definition_of(proposal, diff)) is not None]
        if not asked or self._left() <= 0:
            return
        _report(self._progress, f"pinpointing {len(asked)} finding{'s' if len(asked) > 1 else ''} on a "
                f"function's first line, pass {pass_index} of {self._request.passes}", self._tally.usage,
                self.done, self.calls)
        tasks = [asyncio.ensure_future(self._pinpoint(self.proposals[index], definition))
                 for index, definition in asked]
        running = await self._within_deadline(tasks)
        for (index, _), task in zip(asked, tasks, strict=True):
            if task not in running:
                self.proposals[index] = task.result()

    async def _pinpoint(self, proposal: Proposal, definition: DefinitionBody) -> Proposal:
        async with self._limit:
            _check_cancelled(self._progress)
            try:
                answer = await self._llm.extract(pinpoint.SYSTEM_PROMPT,
                                                 pinpoint.user_prompt(proposal, definition),
                                                 pinpoint.choice_model(definition),
                                                 CallOptions(max_tokens=pinpoint.ANSWER_TOKENS))
            except (ExtractFailure, LlmFailure):
                return proposal
        chosen = next((line for line in definition.lines if line.new_number == answer.line), None)
        return proposal if chosen is None else pinpoint.moved_to(proposal, chosen)

    async def before_check(self, findings: Sequence[Finding], diff: Diff) -> tuple[Finding, ...]:
        """Each finding of medium or graver on a line that replaced others, asked whether the code before had
        it too: those that had it capped at low (before_check.py)."""
        asked = [(index, sides) for index, finding in enumerate(findings)
                 if finding.capped_from is None and severity_rank(finding.severity) <= severity_rank("medium")
                 and (sides := _sides_of(finding, diff)) is not None]
        out = list(findings)
        if not asked or self._left() <= 0:
            return tuple(out)
        _report(self._progress, f"asking whether {len(asked)} finding{'s were' if len(asked) > 1 else ' was'} "
                "there before the change", self._tally.usage, self.done, self.calls)
        tasks = [asyncio.ensure_future(self._was_there(findings[index], sides)) for index, sides in asked]
        running = await self._within_deadline(tasks)
        for (index, _), task in zip(asked, tasks, strict=True):
            if task not in running and task.result():
                out[index] = before_check.capped(out[index])
        return tuple(out)

    async def _was_there(self, finding: Finding, sides: ChangeSides) -> bool:
        async with self._limit:
            _check_cancelled(self._progress)
            try:
                answer = await self._llm.extract(before_check.SYSTEM_PROMPT, before_check.user_prompt(finding, sides),
                                                 before_check.BeforeAnswer,
                                                 CallOptions(max_tokens=before_check.ANSWER_TOKENS))
            except (ExtractFailure, LlmFailure):
                return False
        return before_check.was_there_before(answer)

    def _late(self, what: str) -> str:
        return f"{what}: the review's deadline of {self._request.deadline:g} s passed (review.deadline)"


def _definition_of(proposal: Proposal, diff: Diff) -> DefinitionBody | None:
    """The definition whose first line the proposal stands on, when its lens judges lines and the change adds
    lines to that definition's body."""
    if not pinpoint.needs_pinpoint(proposal.lens):
        return None
    anchored = anchor_finding(proposal, diff)
    if isinstance(anchored, Dropped):
        return None
    file = diff.file(anchored.path)
    return added_body(file, anchored.line) if file is not None else None


def _sides_of(finding: Finding, diff: Diff) -> ChangeSides | None:
    file = diff.file(finding.path)
    return change_sides(file, finding.line) if file is not None else None


def _in_order(failures: Sequence[LensFailure], lenses: Sequence[Lens]) -> tuple[LensFailure, ...]:
    """The failures by pass, then in the order the lenses were asked (they end in any order)."""
    position = {lens.name: index for index, lens in enumerate(lenses)}
    return tuple(sorted(failures, key=lambda f: (f.pass_index, position.get(f.lens, len(position)))))


def _earlier(findings: Sequence[Finding], lens: Lens) -> tuple[Finding, ...]:
    return tuple(f for f in findings if f.lens == lens.name or lens.name in f.also)


def _first_problem(error: ExtractFailure) -> str:
    first = error.problems.splitlines()[0].lstrip("- ").strip() if error.problems else ""
    after = "after one repair round" if error.way == "prompt" else f"though asked through {error.way}"
    return f"the answer did not fit {after}: {first or 'no JSON found'}"


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

    async def tool_protocol(self, options: CallOptions) -> ToolProtocol:
        return await self._model.tool_protocol(options)
