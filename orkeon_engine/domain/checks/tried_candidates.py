"""What the later candidates of a search are told of the earlier ones (services/candidate_search.py runs the
search; domain/checks/candidates.py writes the prompt they extend).

Every candidate is asked with the same files and the same failure, so a sample that missed tends to miss the
same way again: the same function changed, the same wrong operator, the code written back unchanged. After a
candidate was tried and its check still failed, the next ones are shown, below the prompt, the latest changes
tried (a short diff against the shown files each, blank lines aside) with the error each left and its check's
last line, and how many answers wrote the code back unchanged. What the checks said of a change is a fact any
model can use to look elsewhere; nothing here depends on one model's replies. Put at the end of the user
message, it leaves the prompt's start as before, so a server's prompt cache still holds it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.checks.candidates import code_lines
from orkeon_engine.domain.checks.turn_checks import CheckOutcome

SHOWN_TRIED = 2
"""How many tried changes the prompt shows, the latest ones."""
DIFF_LINES = 16
"""The diff lines shown of one file a tried change wrote (its hunks, one line of context)."""
_ERROR = re.compile(r"^\s*(?:E\s|\w*(?:Error|Exception)\b|not ok\b|AssertionError|FAIL\b|panic)")
"""A failure's line that states the error: pytest's `E` lines, an exception's name, TAP's `not ok`."""


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
    """The change's hunks with one line of context, blank lines left out on both sides (a change of blank
    lines alone is no change: domain/checks/candidates.py's `same_code`, over the same `code_lines`)."""
    lines = [line if not line.startswith("@@") else "@@" for line in difflib.unified_diff(
        code_lines(before), code_lines(after), f"a/{path}", f"b/{path}", n=1, lineterm="")]
    if len(lines) > DIFF_LINES + 2:
        cut = len(lines) - DIFF_LINES - 2
        lines = [*lines[:DIFF_LINES + 2], f"... ({cut} more diff line{'' if cut == 1 else 's'})"]
    return "\n".join(lines)


def _failure(outcome: CheckOutcome) -> str:
    """The failure's first error line and its last line (the count, as a test runner ends): the prompt above
    holds the failure in full, and a tried change's own error in full draws the next answer to it."""
    lines = [line for line in (outcome.failure or outcome.reason or "(no output)").strip("\n").split("\n")
             if line.strip()]
    error = next((line for line in lines if _ERROR.match(line)), lines[0])
    shown = error if error == lines[-1] else f"{error}\n{lines[-1]}"
    return f"({outcome.reason})\n{shown}" if outcome.reason and outcome.failure else shown
