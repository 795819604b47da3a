"""Keeping every existing instruction: the lines of AGENTS.md, CLAUDE.md, .cursorrules and
.github/copilot-instructions.md that the new AGENTS.md does not hold are appended to it, verbatim, under
a heading naming the file they come from. The model is asked to fold them in; this makes sure nothing
it dropped is lost."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from orkeon_engine.domain.workspace.project_files import SourceText

_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_HEADING = re.compile(r"^\s*#{1,6}\s+")
_FENCE = re.compile(r"^```[a-zA-Z]*\n(.*)\n```\s*$", re.DOTALL)


def normalize_line(line: str) -> str:
    """A line as compared: no bullet, heading marks or emphasis, spaces folded, case kept."""
    text = _HEADING.sub("", _BULLET.sub("", line))
    text = text.replace("**", "").replace("__", "")
    return " ".join(text.split()).strip()


def meaningful(line: str) -> bool:
    """A line that says something: not blank, not a rule or fence, not a heading (headings only group)."""
    if _HEADING.match(line):
        return False
    text = normalize_line(line)
    return len(text) > 2 and not set(text) <= set("-=*_`|:#> ")


def strip_fence(answer: str) -> str:
    """The model's document without a code fence wrapped around the whole of it."""
    stripped = answer.strip()
    match = _FENCE.match(stripped)
    return (match.group(1) if match else stripped).strip() + "\n"


@dataclass(frozen=True)
class MergeOutcome:
    """The final AGENTS.md, and how many lines of each source had to be carried over verbatim."""

    text: str
    carried: dict[str, int] = field(default_factory=dict)


def keep_existing(draft: str, sources: Sequence[SourceText]) -> MergeOutcome:
    """`draft` with every meaningful line of the existing instruction files it lacks appended verbatim."""
    present = {normalize_line(line) for line in draft.splitlines()}
    blob = " ".join(normalize_line(line) for line in draft.splitlines())
    sections: list[str] = []
    carried: dict[str, int] = {}
    for source in sources:
        missing = [line for line in source.text.splitlines()
                   if meaningful(line) and normalize_line(line) not in present and normalize_line(line) not in blob]
        if not missing:
            continue
        carried[source.path] = len(missing)
        sections.append(f"## Kept from {source.path}\n\n"
                        "These lines of the earlier instructions are kept as they were written.\n\n"
                        + "\n".join(missing))
    text = draft.rstrip("\n") + "\n"
    if sections:
        text += "\n" + "\n\n".join(sections) + "\n"
    return MergeOutcome(text, carried)
