"""A final reply that only repeats the tool result before it, instead of answering.

Small models served over the chat templates of llama.cpp often answer a tool result by writing it back:
the eval's traces show a 1.5B model's last reply closing with the template's `</tool_response>`, or made of
the diff file_edit had just returned. Such a reply is not an answer; the tool loop tells the model once
(`ECHO_NOTE`) and takes its next reply as it comes.

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
