"""A review's outcome and how it is shown: compiler-style lines, the ranked table, the closing line, JSON.

The lines read `path:line: severity [lens] title`, sorted by path and line, as CI logs and editors expect.
The ranked table orders the same findings by severity, then lens. The closing line counts the findings by
severity and says how many proposals were dropped, how many tokens the review took and what it cost; a lens
without a valid answer and a diff cut to fit are said there too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from orkeon_engine.domain.anchoring import Dropped
from orkeon_engine.domain.findings import SEVERITIES, Finding, Severity, at_or_above, by_location, ranked


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
    failures: tuple[LensFailure, ...] = ()
    lenses: tuple[str, ...] = ()
    passes: int = 1
    cut_note: str = ""
    tokens: int = 0
    cost: float | None = None
    withheld: tuple[str, ...] = ()
    """Files of the diff left out because they usually hold secrets (never sent to the model)."""
    extras: dict[str, Any] = field(default_factory=dict)

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity == severity)

    def fails(self, threshold: Severity | None) -> bool:
        """Whether CI should fail with `threshold`: a finding at or above it exists, or no lens gave a valid
        answer (an unchecked change is not a passing one). Never without a threshold."""
        if threshold is None:
            return False
        if self.lenses and len(self.failures) >= len(self.lenses) * self.passes:
            return True
        return any(at_or_above(f.severity, threshold) for f in self.findings)


def location_line(finding: Finding) -> str:
    return f"{finding.path}:{finding.line}: {finding.severity} [{finding.lens}] {finding.title}"


def location_lines(findings: tuple[Finding, ...] | list[Finding]) -> tuple[str, ...]:
    return tuple(location_line(f) for f in by_location(findings))


def closing_line(result: ReviewResult) -> str:
    """`3 findings (1 high, 2 nit); 1 dropped; 2,400 tokens; $0.0031` and what else the person must know."""
    total = len(result.findings)
    counts = ", ".join(f"{result.count(s)} {s}" for s in SEVERITIES if result.count(s))
    head = f"{total} finding{'' if total == 1 else 's'}" + (f" ({counts})" if counts else "")
    parts = [head, f"{len(result.dropped)} dropped"]
    if result.merged:
        parts.append(f"{result.merged} merged")
    if result.dismissed:
        parts.append(f"{result.dismissed} dismissed before")
    parts.append(f"{result.tokens:,} tokens")
    parts.append("cost unknown" if result.cost is None else f"${result.cost:.4f}")
    lines = ["; ".join(parts)]
    if result.cut_note:
        lines.append(f"note: {result.cut_note}")
    if result.withheld:
        lines.append("note: left out, as they usually hold secrets: " + ", ".join(result.withheld))
    for failure in result.failures:
        lines.append(f"{failure.lens} (pass {failure.pass_index}): no valid answer ({failure.reason})")
    return "\n".join(lines)


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
        "scope": result.scope,
        "files": list(result.files),
        "lenses": list(result.lenses),
        "passes": result.passes,
        "findings": [f.to_dict() for f in ranked(result.findings)],
        "counts": {s: result.count(s) for s in SEVERITIES},
        "dropped": [
            {"path": d.proposal.path, "line": d.proposal.line, "lens": d.proposal.lens, "title": d.proposal.title,
             "reason": d.reason}
            for d in result.dropped
        ],
        "merged": result.merged,
        "dismissed": result.dismissed,
        "failures": [{"lens": f.lens, "pass": f.pass_index, "reason": f.reason} for f in result.failures],
        "cut": result.cut_note or None,
        "tokens": result.tokens,
        "cost": result.cost,
    }
