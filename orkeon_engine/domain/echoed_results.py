"""A final reply that only repeats the tool result before it, instead of answering.

Small models served over the chat templates of llama.cpp often answer a tool result by writing it back:
the eval's traces show a 1.5B model's last reply closing with the template's `</tool_response>`, or made of
the diff file_edit had just returned. Such a reply is not an answer; the tool loop tells the model once
(`ECHO_NOTE`) and takes its next reply as it comes.

A final answer that still wears the result markup after that note (the 1.5B answered `<tool_response>` and
the function as it was before its rewrite, the fix's own result being the diff) imitates a result it
never got: the person is shown the last real result instead, under a sentence saying so (`stand_in`).

A reply repeats a result when, following a tool result, it carries a chat template's result markup, or at
least ECHO_SHARE of its lines that say something (MIN_LINES or more; a fence line does not count) are lines
of that result. A reply that quotes a line or two of the result in its answer is an answer, and so is a
bare JSON object, whatever it says: a crew's answer after its tool calls is one (so a 1.5B model's
`{"error": "File not found..."}` is left as it is).
"""

from __future__ import annotations

import json
import re

MIN_LINES = 3
MIN_WORD_CHARS = 4
ECHO_SHARE = 0.6
_MARKUP = re.compile(r"</?(?:tool_response|tool_result|function_results)\b", re.IGNORECASE)
ECHO_NOTE = ("Your reply repeated a tool's result instead of answering; the result is already in the conversation. "
             "Now call the next tool you need, or give the final answer to the request in your own words: what "
             "you found or changed.")


def echoes_result(reply: str, result: str) -> bool:
    """Whether `reply`, the model's reply right after the tool result `result`, only repeats it."""
    text = reply.strip()
    if not text or _is_json(text):
        return False
    if _MARKUP.search(text):
        return True
    lines = [line.strip() for line in text.splitlines() if _counted(line)]
    if len(lines) < MIN_LINES:
        return False
    known = {line.strip() for line in result.splitlines() if line.strip()}
    return sum(1 for line in lines if line in known) >= ECHO_SHARE * len(lines)


def imitates_result(reply: str) -> bool:
    """Whether a final answer wears a chat template's result markup (and is not one JSON value)."""
    text = reply.strip()
    return bool(text) and not _is_json(text) and _MARKUP.search(text) is not None


def stand_in(result: str) -> str:
    """The answer shown in place of one that imitated a tool result: the real last result, said so."""
    return f"{STAND_IN_LEAD}\n\n{result.strip()}"


STAND_IN_LEAD = ("The model's answer only imitated a tool's result, so the last result is shown here as the tool "
                 "gave it:")


def _counted(line: str) -> bool:
    """A line that says something (a fence or a lone bracket does not)."""
    return sum(char.isalnum() for char in line) >= MIN_WORD_CHARS


def _is_json(text: str) -> bool:
    """Whether the reply is one JSON value (a crew's structured answer, even one that repeats a result)."""
    if text[0] not in "{[":
        return False
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True
