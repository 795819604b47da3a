"""Review findings: what a lens reported about one changed line, with its severity, lens and stable id.

A Finding is what stands after code checked the model's proposal against the diff (domain/review/anchoring.py): its
path is in the diff, `line` is an added line whose text is `quote`, and `end_line` closes the span a
`replacement` would take the place of. The id hashes the path, the quoted text (whitespace folded), the lens
and the title, so the same finding keeps its id when the lines above it move.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal

from orkeon_engine.domain.workspace.digests import sha256_hex

Severity = Literal["blocker", "high", "medium", "low", "nit"]
SEVERITIES: tuple[Severity, ...] = ("blocker", "high", "medium", "low", "nit")
LENSES: tuple[str, ...] = ("correctness", "security", "performance", "maintainability", "tests")


def fold_whitespace(text: str) -> str:
    """The text with every run of whitespace made one space and the ends trimmed."""
    return " ".join(text.split())


def severity_rank(severity: str) -> int:
    """0 for blocker up to 4 for nit; an unknown severity ranks after nit."""
    return SEVERITIES.index(severity) if severity in SEVERITIES else len(SEVERITIES)  # type: ignore[arg-type]


def lens_rank(lens: str) -> int:
    return LENSES.index(lens) if lens in LENSES else len(LENSES)


def parse_severity(text: str) -> Severity | None:
    lowered = text.strip().lower()
    for severity in SEVERITIES:
        if severity == lowered:
            return severity
    return None


def at_or_above(severity: str, threshold: Severity) -> bool:
    """Whether `severity` is as grave as `threshold` or graver."""
    return severity_rank(severity) <= severity_rank(threshold)


def finding_id(path: str, quote: str, lens: str, title: str) -> str:
    """The stable id: a short hash of the path, the folded quote, the lens and the folded title."""
    key = "\x1f".join((path, fold_whitespace(quote), lens, fold_whitespace(title).lower()))
    return sha256_hex(key.encode("utf-8"))[:16]


@dataclass(frozen=True)
class DismissKey:
    """What a dismissal remembers, so the next review does not raise it again: the path, quote and lens."""

    path: str
    quote: str
    lens: str

    @classmethod
    def of(cls, path: str, quote: str, lens: str) -> DismissKey:
        return cls(path, fold_whitespace(quote), lens)


@dataclass(frozen=True)
class Finding:
    """One finding that stands: where it is, what the line says, how grave it is, and what it suggests."""

    path: str
    line: int
    end_line: int
    quote: str
    severity: Severity
    lens: str
    title: str
    detail: str
    replacement: str | None = None
    also: tuple[str, ...] = field(default=())
    """Other lenses that raised the same finding (merged into this one)."""
    by_number: bool = field(default=False, compare=False)
    """Anchored by the line number the model named, its quote matching no line (domain/review/anchoring.py, rule 6)."""
    capped_from: Severity | None = field(default=None, compare=False)
    """The severity the lens gave, when code capped it (the file's change is behaviour-neutral)."""
    cap_reason: str = field(default="", compare=False)
    """Why the severity was capped: `severity capped: the change to x.py only renames ...`."""

    @cached_property
    def id(self) -> str:
        return finding_id(self.path, self.quote, self.lens, self.title)

    @property
    def dismiss_key(self) -> DismissKey:
        return DismissKey.of(self.path, self.quote, self.lens)

    def moved(self, line: int, end_line: int | None = None) -> Finding:
        """The same finding on another line; the span keeps its length unless `end_line` is given."""
        span = self.end_line - self.line
        end = line + span if end_line is None else end_line
        return replace(self, line=line, end_line=max(line, end))

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "path": self.path,
            "line": self.line,
            "end_line": self.end_line,
            "quote": self.quote,
            "severity": self.severity,
            "lens": self.lens,
            "title": self.title,
            "detail": self.detail,
            "replacement": self.replacement,
            "also": list(self.also),
            "capped": None if self.capped_from is None else {"from": self.capped_from, "reason": self.cap_reason},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        """A finding from `to_dict`'s shape; raises KeyError or ValueError on a malformed one."""
        severity = parse_severity(str(data["severity"]))
        if severity is None:
            raise ValueError(f"unknown severity {data['severity']!r}")
        line = int(data["line"])
        replacement = data.get("replacement")
        capped = data.get("capped")
        return cls(
            path=str(data["path"]),
            line=line,
            end_line=max(line, int(data.get("end_line") or line)),
            quote=str(data["quote"]),
            severity=severity,
            lens=str(data["lens"]),
            title=str(data["title"]),
            detail=str(data.get("detail") or ""),
            replacement=None if replacement is None else str(replacement),
            also=tuple(str(lens) for lens in data.get("also") or ()),
            capped_from=parse_severity(str(capped.get("from", ""))) if isinstance(capped, dict) else None,
            cap_reason=str(capped.get("reason") or "") if isinstance(capped, dict) else "",
        )


def rank_key(finding: Finding) -> tuple[int, int, str, int, str]:
    """Severity first, then lens, then where it is."""
    return (severity_rank(finding.severity), lens_rank(finding.lens), finding.path, finding.line, finding.title)


def ranked(findings: list[Finding] | tuple[Finding, ...]) -> tuple[Finding, ...]:
    return tuple(sorted(findings, key=rank_key))


def by_location(findings: list[Finding] | tuple[Finding, ...]) -> tuple[Finding, ...]:
    """Sorted by path and line, as a compiler lists its messages."""
    return tuple(sorted(findings, key=lambda f: (f.path, f.line, *rank_key(f))))
