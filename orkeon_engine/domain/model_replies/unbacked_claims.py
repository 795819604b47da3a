"""Nothing claimed that did not happen: an answer that says it changed files, or ran something, when the turn
changed no file or ran no command, is followed by a plain sentence saying so.

The claims are read in the answer's words outside its code (fenced blocks and inline code): a first person or
passive past of a verb of change ("I fixed", "I've added", "has been updated", "is now fixed", "I made the
change"), a sentence or list item opening with one ("Added a function to stats.py."), or a run ("I ran",
"I've tested", "after running the tests", "the tests now pass", "the test passes"). What the turn did is the
engine's record (the files the turn wrote, the shell calls that ran), never the model's word. A claim that is
a plan ("I will fix") or a question is not a claim of something done. `claims_input` is what the model is told
when such an answer goes back to it once (crews/main_loop/run_answer.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_CODE = re.compile(r"```.*?(?:```|\Z)|`[^`\n]*`", re.DOTALL)
_CHANGE_VERBS = (r"(?:changed|added|fixed|updated|modified|created|wrote|written|edited|removed|deleted|renamed|"
                 r"refactored|implemented|replaced|corrected|applied|patched|rewritten|rewrote|inserted)")
_CHANGED = re.compile(
    rf"\b(?:I|I've|I have|we|we've|we have)\s+(?:now\s+|also\s+|just\s+)?{_CHANGE_VERBS}\b|"
    rf"\b(?:has|have)\s+(?:now\s+)?been\s+{_CHANGE_VERBS}\b|"
    rf"\b(?:is|are)\s+now\s+{_CHANGE_VERBS}\b|"
    r"\bI(?:'ve| have)?\s+made\s+(?:the|these|those|this|a|some)\s+(?:change|changes|edit|edits|fix)\b",
    re.IGNORECASE)
_OPENING = re.compile(r"(?:(?:^|\n)[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+)?|[.!?:][ \t]+)(?:\*\*)?"
                      rf"(?=[A-Z])(?i:{_CHANGE_VERBS[3:-1]})\b(?!\s+(?:version|file|code|text|line|lines)\b)")
"""A sentence or list item that opens with the past of a verb of change ("Added a `median` function to stats.py."),
as small models report a change with no subject; "Updated file:" and the like are labels, not claims."""
_RAN = re.compile(
    r"\b(?:I|I've|I have|we|we've|we have)\s+(?:now\s+|also\s+|just\s+)?(?:ran|run|executed|re-ran|rerun|"
    r"tested)\b|"
    r"\b(?:after|by|when)\s+running\b|"
    r"\b(?:all\s+)?(?:the\s+)?(?:tests?|test suite|checks)\s+(?:now\s+)?(?:pass|passes|passed|are passing|is "
    r"passing|succeed|succeeds|succeeded)\b",
    re.IGNORECASE)

NO_CHANGE = "No file was changed in this turn, whatever the answer above says."
NO_RUN = "No command was run in this turn, whatever the answer above says."


def unbacked_claims(answer: str, changed: Sequence[str], ran: bool) -> tuple[str, ...]:
    """The sentences the answer needs after it: one for a claimed change when no file changed, one for a
    claimed run when no command ran."""
    words = _CODE.sub(" ", answer)
    lines: list[str] = []
    if not changed and (_CHANGED.search(words) or _OPENING.search(words)):
        lines.append(NO_CHANGE)
    if not ran and _RAN.search(words):
        lines.append(NO_RUN)
    return tuple(lines)


_TOLD = {
    NO_CHANGE: ("Your answer says something was changed, but no file has changed in this turn: what an answer only "
                "says is never applied. If the request needs a change, make it now with a tool call. If it needs "
                "none, answer again without saying that anything changed."),
    NO_RUN: ("Your answer speaks of a command or of tests that ran, but nothing has run in this turn. If the "
             "answer rests on a run, make it now with a tool call. If not, answer again without saying that "
             "anything ran."),
}


def claims_input(lines: Sequence[str]) -> str:
    """The model's next input after an answer with the sentences of `unbacked_claims`: the engine's record, and
    what to do about it."""
    return " ".join(_TOLD[line] for line in lines)


def with_claims_checked(answer: str, changed: Sequence[str], ran: bool) -> str:
    """The answer, followed by the sentences of `unbacked_claims`, if any."""
    lines = unbacked_claims(answer, changed, ran)
    return answer if not lines else f"{answer.rstrip()}\n\n" + " ".join(lines)
