"""A verdict's rows as findings on the lines they cite, so the editor shows them as diagnostics (the findings
board). A row citing `path:line` (or `path:line-end`) becomes a finding quoting that line; a row citing a
capture file or nothing placeable stays in the verdict only."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from orkeon_engine.domain.review.findings import Finding, Severity

VERDICT_LENS = "dev-verify"
ROW_SEVERITIES: dict[str, Severity] = {"Blocking": "blocker", "Major": "high", "Minor": "low"}
_CITE = re.compile(r"^(?P<path>[^\s:]+):(?P<line>[1-9]\d*)(?:-(?P<end>[1-9]\d*))?$")


def cited_line(cites: str) -> tuple[str, int, int] | None:
    """(path, line, end line) of a `path:line` cite; None for anything else."""
    found = _CITE.match(cites.strip())
    if found is None:
        return None
    line = int(found.group("line"))
    return found.group("path"), line, max(line, int(found.group("end") or line))


def verdict_findings(batch: str, rows: Sequence[tuple[str, str, str]],
                     texts: Mapping[str, str]) -> tuple[Finding, ...]:
    """The findings of a verdict's rows (severity, cites, text), each on the line it cites in `texts` (the
    cited files' texts by workspace-relative path); a cite past the file's end is left out."""
    found = []
    for severity, cites, text in rows:
        place = cited_line(cites)
        if place is None or place[0] not in texts:
            continue
        path, line, end = place
        lines = texts[path].split("\n")
        if line > len(lines):
            continue
        found.append(Finding(path=path, line=line, end_line=min(end, len(lines)), quote=lines[line - 1].strip(),
                             severity=ROW_SEVERITIES.get(severity, "medium"), lens=VERDICT_LENS,
                             title=f"{batch} audit: {text}", detail=f"{severity} row of the audit of {batch}"))
    return tuple(found)
