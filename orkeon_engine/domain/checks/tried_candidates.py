"""What the later candidates of a search are told of the earlier ones (services/candidate_search.py runs the
search; domain/checks/candidates.py writes the prompt they extend).

Every candidate is asked with the same files and the same failure, so a sample that missed tends to miss the
same way again: the same function changed, the same wrong operator, the code written back unchanged. After a
candidate was tried and its check still failed, the next ones are shown, below the prompt, the latest changes
tried (a short diff against the shown files each) with the failure each left, and how many answers wrote the
code back unchanged. What the checks said of a change is a fact any model can use to look elsewhere; nothing
here depends on one model's replies. Put at the end of the user message, it leaves the prompt's start as
before, so a server's prompt cache still holds it.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.checks.turn_checks import CheckOutcome

SHOWN_TRIED = 2
"""How many tried changes the prompt shows, the latest ones."""
DIFF_LINES = 16
"""The diff lines shown of one file a tried change wrote (its hunks, one line of context)."""
FAILURE_LINES = 10
"""The lines shown of the failure a tried change left."""


@dataclass(frozen=True)
class Tried:
    """A change tried in the scratch copy: the new text of each file it wrote, and the check it failed."""

    texts: Mapping[str, str]
    outcome: CheckOutcome


def tried_section(tried: Sequence[Tried], unchanged: int, sources: Mapping[str, str]) -> str:
    """The text added to a later candidate's prompt ("" when nothing was tried and no answer was unchanged)."""
    parts: list[str] = []
    if tried:
        parts.append("Changes already tried in a copy of the project, after each of which the check still "
                     "failed. Do not write them again: the cause is elsewhere, or needs another change.")
        first = max(len(tried) - SHOWN_TRIED, 0)
        parts += [_one(first + offset + 1, each, sources) for offset, each in enumerate(tried[first:])]
    if unchanged:
        answers = "An answer" if unchanged == 1 else f"{unchanged} answers"
        parts.append(f"{answers} wrote the shown code back unchanged: the code as shown is what fails, so "
                     "something in it has to change.")
    return "\n\n".join(parts)


def _one(number: int, each: Tried, sources: Mapping[str, str]) -> str:
    diffs = "\n".join(_diff(path, sources.get(path, ""), text) for path, text in sorted(each.texts.items()))
    return (f"Tried change {number}:\n```diff\n{diffs}\n```\n"
            f"`{each.outcome.check.command}` then failed with:\n{_failure(each.outcome)}")


def _diff(path: str, before: str, after: str) -> str:
    lines = list(difflib.unified_diff(before.splitlines(), after.splitlines(), f"a/{path}", f"b/{path}", n=1,
                                      lineterm=""))
    if len(lines) > DIFF_LINES + 2:
        cut = len(lines) - DIFF_LINES - 2
        lines = [*lines[:DIFF_LINES + 2], f"... ({cut} more diff line{'' if cut == 1 else 's'})"]
    return "\n".join(lines)


def _failure(outcome: CheckOutcome) -> str:
    lines = (outcome.failure or outcome.reason or "(no output)").strip("\n").split("\n")
    if len(lines) <= FAILURE_LINES:
        return "\n".join(lines)
    return "\n".join([*lines[:FAILURE_LINES - 1], f"... ({len(lines) - FAILURE_LINES + 1} more lines)", lines[-1]])
