"""What the assistant's answer says besides the model's text: where the mode came from, what the rules
took out of the tools, the flags in force, the calls the permission gate refused and why, what the turn
cost, what a compaction did, and the files the turn changed (its checkpoint, and in the closing line, which
names them or says no file changed); for a model that ended
the turn without a word, a sentence saying so in place of the empty answer; and after an answer that says
nothing in words (a stray code block), the files the turn changed.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.model_replies.empty_reply import says_nothing

SUBJECT_KEYS = ("command", "path", "paths", "pattern", "query")
"""The argument that says what a call is about, first found first, for the refusal line."""
SUBJECT_LIMIT = 80
_CODE = re.compile(r"```.*?(```|$)|`[^`\n]*`", re.DOTALL)
_WORD = re.compile(r"[^\W\d_]{2,}")

MODE_SOURCES: dict[str, str] = {
    "explicit": "from the mode: prefix of the request",
    "session": "the session's mode, set with /mode",
    "settings": "from the permissions.fallback setting",
    "fallback": "the default, as no mode is set",
}


def mode_line(mode: str, source: str, detail: str = "", problem: str = "") -> str:
    """`mode: plan, from the mode: prefix of the request`."""
    if problem:
        return f"mode: none could be read ({problem}); every tool call is refused"
    where = MODE_SOURCES.get(source, f"from {source}")
    if detail:
        where += f" ({detail})"
    return f"mode: {mode}, {where}"


@dataclass(frozen=True)
class TurnFigures:
    """The figures of one turn for its closing line."""

    tool_calls: int
    model_calls: int
    usage: str
    """`1,234 tokens in, 56 out, $0.0012` (domain/model/chat.py's format_usage)."""
    gauge: str = ""


def figures_line(figures: TurnFigures) -> str:
    """`3 tool calls, 2 model calls: 1,234 tokens in, 56 out, $0.0012; context 12,345 of 128,000 (10%) ...`."""
    calls = f"{figures.tool_calls} tool call{'' if figures.tool_calls == 1 else 's'}"
    models = f"{figures.model_calls} model call{'' if figures.model_calls == 1 else 's'}"
    gauge = f"; context {figures.gauge}" if figures.gauge else ""
    return f"{calls}, {models}: {figures.usage}{gauge}"


def changes_text(changed: Sequence[str], ran: bool = False) -> str:
    """What the closing line says the turn changed: `changed: calc.py, tests/test_calc.py`; else `no file
    changed`, or, when a shell command ran (which Orkeon does not follow into the files),
    `no file edited (a shell command ran)`."""
    if changed:
        return "changed: " + ", ".join(dict.fromkeys(path.removeprefix("/workspace/") for path in changed))
    return "no file edited (a shell command ran)" if ran else "no file changed"


def stopped_note(reason: str, tool_calls: int) -> str:
    """The history's record of a turn that ended before its answer (a budget, a cancel)."""
    calls = f"{tool_calls} tool call{'' if tool_calls == 1 else 's'}"
    return (f"(This turn stopped before its final answer: {reason}. It had made {calls}; what they changed "
            "is on disk, so look before you redo it.)")


def document_title(request: str, limit: int = 60) -> str:
    """The editor document's title: the request's first line, shortened."""
    first = request.strip().splitlines()[0] if request.strip() else "the assistant's answer"
    return "Orkeon: " + (first if len(first) <= limit else first[: limit - 3] + "...")


def refusal_lines(calls: Iterable[ToolCallRecord]) -> tuple[str, ...]:
    """One line per call the permission gate refused: `refused: shell_command git push: <the gate's reason>`."""
    return tuple(f"refused: {call.name} {_subject(call.arguments)}: {call.verdict.reason or 'no reason given'}"
                 for call in calls if call.verdict is not None and not call.verdict.allowed)


def _subject(arguments: dict[str, object]) -> str:
    value: object = next((arguments[key] for key in SUBJECT_KEYS if key in arguments), arguments)
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(text.split())
    return text if len(text) <= SUBJECT_LIMIT else text[: SUBJECT_LIMIT - 3] + "..."


def checkpoint_line(turn: int, changed: Sequence[str]) -> str:
    """What the person is told of a turn that changed files: which, and how to take them back."""
    names = ", ".join(path.removeprefix("/workspace/") for path in changed)
    return f"checkpoint: turn {turn} changed {names} (/undo takes it back, /rewind lists the turns)"


def answer_or_silence(answer: str, calls: Sequence[ToolCallRecord]) -> str:
    """The turn's answer, or, when the model ended it without a word (a small model does), a sentence saying
    so and what it called, so the person never reads an empty answer."""
    if not says_nothing(answer):  # ".", a lone fence or `<tools></tools>` says nothing either
        return answer
    if not calls:
        return "The model ended the turn without an answer and without a tool call."
    counts = Counter(call.name for call in calls)
    names = ", ".join(f"{name} x{count}" if count > 1 else name for name, count in counts.items())
    noun = "tool call" if len(calls) == 1 else "tool calls"
    return f"The model ended the turn without an answer, after {len(calls)} {noun} ({names})."


def speaks(answer: str) -> bool:
    """Whether the answer says anything in words: a word of two letters or more outside its code (its fenced
    blocks and inline code)."""
    return _WORD.search(_CODE.sub(" ", answer)) is not None


def answer_with_changes(answer: str, changed: Sequence[str]) -> str:
    """The answer, followed by what the turn changed when the answer says nothing in words (a small model
    may end a fix on a stray code block), so the person still learns what was done."""
    if not changed or speaks(answer):
        return answer
    names = ", ".join(path.removeprefix("/workspace/") for path in changed)
    return (f"{answer.rstrip()}\n\nThe answer says nothing of the request in words; this turn changed {names} "
            "(/diff shows how, /undo takes it back).")
