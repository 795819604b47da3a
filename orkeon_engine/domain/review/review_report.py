"""A review's outcome and how it is shown: compiler-style lines, the ranked table, the closing line, JSON,
and the exit code of `orkeon review`.

The lines read `path:line: severity [lens] title`, sorted by path and line, as CI logs and editors expect.
The ranked table orders the same findings by severity, then lens. The closing line counts the findings by
severity and says how many proposals were dropped and why (DROP_KINDS; `--verbose` lists each), how many
tokens the review took and what it cost; a lens without a valid answer and a diff cut to fit are said there
too. A review where no lens gave a valid answer failed: its closing line opens with that, and it exits
FAILED_RUN_EXIT, distinct from --fail-on's FAIL_ON_EXIT, so CI can tell "the change has problems"
from "the change was not checked".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from orkeon_engine.domain.review.anchoring import DROP_KINDS, Dropped
from orkeon_engine.domain.review.behaviour_neutral import FileChange
from orkeon_engine.domain.review.change_sides import OLD_PROBLEM_REASON
from orkeon_engine.domain.review.findings import SEVERITIES, Finding, Severity, at_or_above, by_location, ranked

FAIL_ON_EXIT = 1
"""`orkeon review --fail-on SEVERITY` exits 1 when a finding at or above it stands."""
FAILED_RUN_EXIT = 3
"""`orkeon review` exits 3 when no lens gave a valid answer: the change was not reviewed."""


@dataclass(frozen=True)
class LensFailure:
    """A lens (in one pass) that gave no valid answer, and the reason."""

    lens: str
    pass_index: int
    reason: str


@dataclass(frozen=True)
class ReviewResult:
    """What a review found and what it cost."""

    scope: str
    files: tuple[str, ...]
    findings: tuple[Finding, ...]
    dropped: tuple[Dropped, ...] = ()
    merged: int = 0
    dismissed: int = 0
    by_number: int = 0
    """Findings anchored by the line number the model named, their quote matching no line."""
    failures: tuple[LensFailure, ...] = ()
    lenses: tuple[str, ...] = ()
    passes: int = 1
    cut_note: str = ""
    tokens: int = 0
    cost: float | None = None
    withheld: tuple[str, ...] = ()
    """Files of the diff left out because they usually hold secrets (never sent to the model)."""
    left_out: tuple[tuple[str, str], ...] = ()
    """Files the budget left out of the model's view entirely, with their kind (source, generated, lock...)."""
    neutral: tuple[FileChange, ...] = ()
    """The files code proved behaviour-neutral; a finding graver than low on one is capped (Finding.capped_from)."""
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def capped(self) -> int:
        """How many findings had their severity capped: their file's change is behaviour-neutral, or the before
        check found the problem was there before the change."""
        return sum(1 for f in self.findings if f.capped_from is not None)

    @property
    def capped_as_old(self) -> int:
        """How many of the capped findings the before check capped (the problem was there before the change)."""
        return sum(1 for f in self.findings if f.capped_from is not None and f.cap_reason == OLD_PROBLEM_REASON)

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    @property
    def failed(self) -> bool:
        """No lens gave a valid answer in any pass: nothing was reviewed."""
        return bool(self.lenses) and len(self.failures) >= len(self.lenses) * self.passes

    @property
    def failed_lenses(self) -> tuple[str, ...]:
        """The lenses that gave no valid answer in some pass, in the order they were asked."""
        order = list(dict.fromkeys([*self.lenses, *(f.lens for f in self.failures)]))
        failed = {f.lens for f in self.failures}
        return tuple(lens for lens in order if lens in failed)

    @property
    def status(self) -> str:
        """complete, partial (some lens failed) or failed (every lens did)."""
        return "failed" if self.failed else "partial" if self.failures else "complete"

    def fails(self, threshold: Severity | None) -> bool:
        """Whether CI should fail with `threshold`: a finding at or above it exists, or no lens gave a valid
        answer (an unchecked change is not a passing one). Never without a threshold."""
        if threshold is None:
            return False
        if self.failed:
            return True
        return any(at_or_above(f.severity, threshold) for f in self.findings)

    def exit_code(self, threshold: Severity | None) -> int:
        """What `orkeon review` exits with: FAILED_RUN_EXIT for a failed run, FAIL_ON_EXIT when the threshold
        is reached, else 0."""
        if self.failed:
            return FAILED_RUN_EXIT
        return FAIL_ON_EXIT if self.fails(threshold) else 0


def location_line(finding: Finding) -> str:
    return f"{finding.path}:{finding.line}: {finding.severity} [{finding.lens}] {finding.title}"


def location_lines(findings: tuple[Finding, ...] | list[Finding]) -> tuple[str, ...]:
    return tuple(location_line(f) for f in by_location(findings))


def closing_line(result: ReviewResult) -> str:
    """`3 findings (1 high, 2 nit); 1 dropped; 2,400 tokens; $0.0031` and what else the person must know;
    a failed review opens with that instead."""
    if result.failed:
        return "\n".join([failed_line(result), *_failure_lines(result)])
    total = len(result.findings)
    counts = ", ".join(f"{result.count(s)} {s}" for s in SEVERITIES if result.count(s))
    head = f"{total} finding{'' if total == 1 else 's'}" + (f" ({counts})" if counts else "")
    parts = [head, dropped_count(result)]
    if result.by_number:
        parts.append(f"{result.by_number} anchored by line number (quote off)")
    if result.capped - result.capped_as_old:
        parts.append(f"{result.capped - result.capped_as_old} capped at low (behaviour-neutral change)")
    if result.capped_as_old:
        parts.append(f"{result.capped_as_old} capped at low (there before the change)")
    if result.dismissed:
        parts.append(f"{result.dismissed} dismissed before")
    parts.append(f"{result.tokens:,} tokens")
    parts.append("cost unknown" if result.cost is None else f"${result.cost:.4f}")
    lines = ["; ".join(parts)]
    if result.cut_note:
        lines.append(f"note: {result.cut_note}")
    if result.withheld:
        lines.append("note: left out, as they usually hold secrets: " + ", ".join(result.withheld))
    if result.failures:
        lines.append(f"partial review: no valid answer from {', '.join(result.failed_lenses)}")
    lines.extend(_failure_lines(result))
    return "\n".join(lines)


def dropped_count(result: ReviewResult) -> str:
    """`3 dropped (2 quote not found, 1 duplicate)`: how many proposals did not stand, and why."""
    counts: dict[str, int] = {}
    for dropped in result.dropped:
        counts[dropped.why] = counts.get(dropped.why, 0) + 1
    order = {kind: index for index, kind in enumerate(DROP_KINDS)}
    why = ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items(), key=lambda kv: (order.get(kv[0], 99), kv[0])))
    return f"{len(result.dropped)} dropped" + (f" ({why})" if why else "")


def dropped_lines(result: ReviewResult) -> tuple[str, ...]:
    """Each dropped proposal, for --verbose: `dropped: path:line [lens] title: reason`."""
    return tuple(f"dropped: {d.proposal.path}:{d.proposal.line} [{d.proposal.lens}] {d.proposal.title.strip()}: "
                 f"{d.why}" + (f" ({d.reason})" if d.kind and d.reason != d.kind else "")
                 for d in result.dropped)


def failed_line(result: ReviewResult) -> str:
    """The line that says the review failed, and why it matters."""
    calls = len(result.lenses) * result.passes
    return (f"review failed: no lens gave a valid answer ({len(result.failures)} of {calls} "
            f"call{'' if calls == 1 else 's'}); the change was not reviewed and the last review's findings "
            "are kept")


def failure_text(failure: LensFailure) -> str:
    return f"{failure.lens} (pass {failure.pass_index}): no valid answer ({failure.reason})"


def _failure_lines(result: ReviewResult) -> list[str]:
    return [failure_text(failure) for failure in result.failures]


def ranked_markdown(result: ReviewResult) -> str:
    """The review as a document: the ranked table, each finding's detail, and the closing line."""
    out = [f"# Review of {result.scope}", ""]
    findings = ranked(result.findings)
    if findings:
        out.append("| # | severity | lens | where | title |")
        out.append("|---|---|---|---|---|")
        for index, f in enumerate(findings, 1):
            out.append(f"| {index} | {f.severity} | {f.lens} | {f.path}:{f.line} | {_cell(f.title)} |")
        out.append("")
        for index, f in enumerate(findings, 1):
            out.append(f"## {index}. {f.title}")
            out.append(f"`{f.path}:{f.line}` · {f.severity} · {f.lens}" + (f" (also {', '.join(f.also)})"
                                                                          if f.also else ""))
            if f.capped_from is not None:
                out.append(f"{f.cap_reason} (the lens said {f.capped_from})")
            out.append("")
            out.append(f"> {f.quote.strip()}")
            if f.detail:
                out.extend(["", f.detail])
            if f.replacement is not None:
                out.extend(["", "Suggested replacement:", "```", f.replacement.rstrip("\n"), "```"])
            out.append("")
    else:
        out.extend(["No findings.", ""])
    out.append(closing_line(result))
    return "\n".join(out) + "\n"



def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def json_report(result: ReviewResult) -> dict[str, Any]:
    """The review as JSON: the findings ranked, the counts, the dropped proposals with their reasons."""
    return {
        "status": result.status,
        "scope": result.scope,
        "files": list(result.files),
        "lenses": list(result.lenses),
        "passes": result.passes,
        "findings": [f.to_dict() for f in ranked(result.findings)],
        "counts": {s: result.count(s) for s in SEVERITIES},
        "dropped": [
            {"path": d.proposal.path, "line": d.proposal.line, "lens": d.proposal.lens, "title": d.proposal.title,
             "kind": d.why, "reason": d.reason}
            for d in result.dropped
        ],
        "dropped_counts": {kind: sum(1 for d in result.dropped if d.why == kind)
                           for kind in dict.fromkeys([*DROP_KINDS, *(d.why for d in result.dropped)])},
        "merged": result.merged,
        "dismissed": result.dismissed,
        "anchored_by_number": result.by_number,
        "capped": result.capped,
        "neutral_files": [change.to_dict() for change in result.neutral],
        "failures": [{"lens": f.lens, "pass": f.pass_index, "reason": f.reason} for f in result.failures],
        "failed_lenses": list(result.failed_lenses),
        "cut": result.cut_note or None,
        "left_out": [{"path": path, "kind": kind} for path, kind in result.left_out],
        "tokens": result.tokens,
        "cost": result.cost,
    }
