"""A final reply that only repeats the tool result before it, instead of answering.

Small models served over the chat templates of llama.cpp often answer a tool result by writing it back:
the eval's traces show a 1.5B model's last reply closing with the template's `</tool_response>`, or made of
the diff file_edit had just returned. Such a reply is not an answer; the tool loop tells the model once
(reply_checks/echoed_result.py) and takes its next reply as it comes.

A reply repeats a result when, following a tool result, it carries a chat template's result markup, or at
least ECHO_SHARE of its lines that say something (MIN_LINES or more; a fence line does not count) are lines
of that result. A reply that quotes a line or two of the result in its answer is an answer, and so is a
bare JSON object, whatever it says: a crew's answer after its tool calls is one (so a 1.5B model's
`{"error": "File not found..."}` is left as it is).

After a call the loop refused (an unknown tool, arguments that do not fit, the gate's no), a reply made
only of lines of that refusal (one line is enough there) repeats it too (`echoes_error`): the loop's own
words are never the answer. A tool's own failure (a failing test run) is not such a refusal: its lines may be.

A reply can also be nothing but a piece of a note the loop itself sent this turn (`repeats_note`): it is
treated as a prompt echo, note and final answer alike.

A reply can repeat the prompt instead (the 1.5B answered a refused file_read by writing back the request's
last block: the `<system-reminder>` gauge, the request and the permission note). Its harness text is a
`<system-reminder>` block (opened and closed) that holds a line of the prompt, or that is all the reply
says (the 1.5B wrote a gauge of its own, with a share the prompt never held); a tag merely named in an
answer, or quoted in code, is not. A reply repeats the prompt when it holds harness text, or when
ECHO_SHARE of its lines that say something (MIN_LINES or more) are prose lines of the system or user
messages: lines outside their code fences that hold a space. File text, which the prompt shows fenced (the
named files, the lines sharing the request's words), does not count, so an answer quoting a function the
prompt showed is an answer. The model is told once (reply_checks/echoed_prompt.py, a budget of its own). A
final answer that still holds harness text is not shown, a sentence is (`PROMPT_ECHO_ANSWER`); one that
repeats the person's own prose is shown, since proofreading a text repeats most of it. In the editor the reply has
streamed by then, as a repeated result has.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

from orkeon_engine.domain.model_replies.fences import prose_lines

MIN_LINES = 3
MIN_WORD_CHARS = 4
MIN_NOTE_WORDS = 8
ECHO_SHARE = 0.6
_MARKUP = re.compile(r"</?(?:tool_response|tool_result|function_results)\b", re.IGNORECASE)
_OPENING_MARKUP = re.compile(r"\s*<(?:tool_response|tool_result|function_results)\b", re.IGNORECASE)
_REMINDER_BLOCK = re.compile(r"<system-reminder\b.*?</system-reminder>", re.IGNORECASE | re.DOTALL)
PROMPT_ECHO_ANSWER = ("The model's answer only repeated the instructions it was given, so it is not shown. Ask again, "
                      "or use a larger model for this request.")


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


def echoes_error(reply: str, error: str) -> bool:
    """Whether `reply`, right after a call the loop refused with `error`, only writes the refusal back: every
    line that says something is a line of it, MIN_NOTE_WORDS words at least (the loop's refusal is never the
    answer, so the one-line case MIN_LINES keeps for results counts here: the 1.5B answered its unknown
    tool's refusal with that refusal in a fence)."""
    text = reply.strip()
    if not text or _is_json(text):
        return False
    lines = [line.strip() for line in text.splitlines() if _counted(line)]
    known = {line.strip() for line in error.splitlines() if line.strip()}
    words = sum(len(line.split()) for line in lines)
    return bool(lines) and words >= MIN_NOTE_WORDS and all(line in known for line in lines)


def echoes_prompt(reply: str, prompt: Iterable[str]) -> bool:
    """Whether `reply` only repeats the prompt: `prompt` is the texts of the system and user messages."""
    text = reply.strip()
    if not text or _is_json(text):
        return False
    known = _prose_lines(prompt)
    if _holds_harness_text(text, known):
        return True
    lines = [line.strip() for line in text.splitlines() if _counted(line)]
    if len(lines) < MIN_LINES:
        return False
    return sum(1 for line in lines if line in known) >= ECHO_SHARE * len(lines)


def repeats_harness(reply: str, prompt: Iterable[str]) -> bool:
    """Whether a final answer writes back the harness's own text (the module docstring); never a JSON
    answer."""
    text = reply.strip()
    return bool(text) and not _is_json(text) and _holds_harness_text(text, _prose_lines(prompt))


def repeats_note(reply: str, notes: Iterable[str]) -> bool:
    """Whether `reply` says nothing but a piece of one of `notes`, the notes the tool loop itself sent this
    turn (the 1.5B, told that only a call ending a reply runs, answered with that sentence of the note). Only
    the loop's own words count, never the person's, and only a piece of MIN_NOTE_WORDS words or more."""
    said = _flat(reply)
    return len(said.split()) >= MIN_NOTE_WORDS and any(said in _flat(note) for note in notes)


def _flat(text: str) -> str:
    """The text with its runs of spaces made one, its ends trimmed of spaces and quote marks, lower-cased."""
    return " ".join(text.split()).strip("\"'`*").strip().lower()


def _holds_harness_text(text: str, known: set[str]) -> bool:
    """A `<system-reminder>` block holding a prose line of the prompt, or blocks that are all `text` says."""
    blocks = _REMINDER_BLOCK.findall(text)
    if not blocks:
        return False
    if any(line.strip() in known for block in blocks for line in block.splitlines() if _counted(line)):
        return True
    return not any(_counted(line) for line in _REMINDER_BLOCK.sub("", text).splitlines())


def _prose_lines(prompt: Iterable[str]) -> set[str]:
    """The lines of the prompt outside its code fences that hold a space, stripped."""
    return {stripped for part in prompt for line in prose_lines(part) if " " in (stripped := line.strip())}


def opens_as_result(reply: str) -> bool:
    """Whether a reply opens with a chat template's result markup (`<tool_response>` first thing): a result
    imitated, not a tag named in an answer."""
    return _OPENING_MARKUP.match(reply) is not None


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
