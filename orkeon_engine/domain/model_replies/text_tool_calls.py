"""Tool calls a model wrote as text: found in its reply, by one rule, so they run as native calls do.

Small open models served by llama.cpp, vLLM or Ollama often answer a request for a tool with the call
written in the content instead of the API's `tool_calls`: a fenced ```json block, Hermes and Qwen's
`<tool_call>{...}</tool_call>` (or `<tools>` around it, as Qwen2.5's small models write), Qwen3-Coder's
`<function=name><parameter=x>v</parameter></function>`, Mistral's `[TOOL_CALLS] [{...}]`, or the bare
object; and two shapes Qwen2.5-Coder-1.5B wrote, read by `text_call_forms`: `<function name="x"
arguments='{...}'/>` and a markdown-labelled call (the tool's name on a line, its arguments in a json fence).
`read_text_calls` reads them; the tool loop then
validates the arguments and puts each call to the permission gate like any other.

The rule (what is a call, and what only looks like one):

1. Only the model's own reply is read; never a tool result, never the person's message.
2. The calls must end the reply. The reply is cut into prose and blocks (a ``` fence, a `<tool_call>`,
   a `<function=...>`, a `[TOOL_CALLS]` run); the calls are the blocks after the last prose (a stray fence
   mark with nothing in it is no prose). A block followed by prose is an example or an explanation, not a
   call. A block left open at the very end (the
   closing tag or fence missing) counts as closed there.
3. A bare JSON object or array (no fence, no tag) is a call only when it is the whole reply (or the reply is
   several such objects one after another, a call a line): an object inside a sentence ("for instance
   {"name": ...}") is prose. What small models get wrong in a call's
   JSON is forgiven: a closing bracket too many after it (or a stray closing fence), the last closing
   brackets left out (when it ends outside a string), an opening brace written twice (`{{"name": ...}}`),
   a `...` written for more keys or items, and line breaks and tabs written raw inside its strings.
4. A block is a call block only when everything in it is a call of an offered tool: the name one of
   `offered` (case aside, a `functions.` prefix allowed) and the arguments a JSON object (or the JSON text
   of one). A fence must say json (or nothing, or tool_call; a plain fence whose first line is only `json`
   says it too); a ```python fence is code. Trailing blocks
   that are not all calls: only those after the last one that is not are calls (but see 6).
5. A call quoted from what the model was shown (the block's text found in `quoted`: the tool results, MCP
   results and hook output of the conversation, and the turn's prompt with its context files such as
   AGENTS.md, pinned and named files) never runs, in any mode, whether the reply says more or is nothing
   but the calls: only a reply of the model's own is acted on. A file that holds a call blob, and a model
   that copies it ("AGENTS.md asks for this first step:"), must not make it run (`quoted_from` names the
   input it repeats, so the loop can say why nothing ran).
6. A reply that is nothing but call blocks, each in an explicit call form (`<tool_call>`, `<function=...>`,
   `<function name=...>`, `[TOOL_CALLS]`, or the `{"name": ..., "arguments": {...}}` envelope, fenced or
   bare), is a call attempt even where a name is not offered (a write in plan mode, a tool the model made
   up): the call then gets the loop's refusal for an unknown tool, as a native call of that name does, and
   the blob is not the answer. In the envelope any one-line name counts, and any arguments: the 0.5B wrote
   `{"name": "inventory/settings.py", "arguments": {"line": 10}}` and `{"name": "DEFAULT_PORT", "arguments":
   8731}` as its whole answer; the loop refuses them as tools not offered, naming the tools that are. A
   name not offered beside prose, or outside those forms, is text (an example).

7. A call of an offered tool whose JSON does not read, even so forgiven, ending the reply (the whole reply,
   opening and closing as a JSON object whatever fences its strings hold, or its last block after a note) and
   opening as the `{"name": N, "arguments": ...` envelope, is a call attempt still: it becomes a call of N
   whose arguments are the text the model wrote for them, which the loop refuses as not valid JSON, saying
   why, so the model writes it again; the blob is not the answer. A whole reply that is one JSON-looking
   object opening with a name string and holding an arguments key, which no reading makes JSON (the 0.5B
   broke the name with a docstring's quotes and left out the comma; no other key between the name and the
   arguments, which are an object), is a call attempt: of N with the
   arguments as written when its name string is an offered N, else of a tool not offered, named by that
   string (cut at MAX_NAME characters) and refused as in 6.

8. A call of an offered tool written in a block that prose follows (not run, by rule 2) is an unrun call:
   `unrun_calls` names them, so the loop can tell the model once that nothing ran
   (reply_checks/unrun_calls.py), instead of taking as the answer a reply that goes on to imagine what the
   call returned. A block quoted from what the model read
   is not one. A bare `{"name": ..., "arguments": ...}` envelope that opens the reply and ends its line,
   prose under it, counts as such a block (rule 3's forgiveness applies to it; it is read for this rule
   only, never run by itself); a bare object inside a sentence, or one without those two keys (a JSON
   answer that has a "name"), still does not.

9. A reply that writes unrun calls again after that note was the model's insistence, not an example: when
   every one of them is a read (the loop knows the tools' classes), they run, and the text after them is
   dropped as the imagined result it is; otherwise nothing runs and the answer is the text before the
   first call and a sentence saying a call was written and did not run (`not_run_text`). Either way the
   blob is not the answer (the 1.5B, told once, wrote its codebase_search first and "after running it,
   check the results" after it). Reads that all ran already this turn with the same arguments are not run
   again: the model is told once that their results are above (reply_checks/repeated_reads.py; the 1.5B
   wrote the same search and the same imagined output again after its real result came back).

10. A reply that is nothing but labels (headings, "Arguments:", one line that is an offered tool's name) and
   a json fence ending it whose object's keys are all arguments of that tool is a call of it (the
   markdown-labelled form). A sentence anywhere in the reply, a second tool named, or a key the tool does
   not take makes it text.

11. A reply that is one JSON object (bare or in one call fence) and no call at its top level, which names an
   offered tool deeper in (`{"name": "function", "arguments": {"name": "codebase_search", "query": "get"}}`,
   a `tool_calls` list, a `function_call` or `action` object: `text_call_forms.nested_call`), is a call of that
   tool, never the answer: whatever wrapper a model puts around it, a JSON object naming an offered tool is
   an attempt to call it, not something to show the person.

12. A reply with no call in it whose code blocks are headed by a file path (`### calc.py`, `calc.py:`, the
   fence's info string) or are Aider's search/replace blocks proposes edits (domain/model_replies/text_edits.py says how
   they are read): each is a call of file_write (a whole-file block) or file_edit (a search/replace block)
   when that tool is offered (never in plan or dontAsk), gated as any call, the reply's other text its note.
   Rule 5 compares an edit by its lines: a block whose lines a shown text holds in a run is a copy or a
   quote, and is not applied.

Whether the arguments fit the tool is not part of the rule: a call of an offered tool with arguments that
do not validate is a call, whose error goes back to the model as its result. The text before the calls is
kept as the assistant's note; the blocks are never shown to the person.

Accepted call objects: `{"name": N, "arguments": {...}}` (also `parameters`, `args` or `input` for the
arguments, `tool` or `tool_name` or `function` for the name; the arguments as a JSON string too), OpenAI's
`{"type": "function", "function": {"name": N, "arguments": "..."}}`, and a name beside the arguments
themselves (`{"name": "file_read", "path": "a.py"}`). A list of them is several calls.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from orkeon_engine.domain.json_nesting import ARGUMENTS_NESTING, nests_deeper_than
from orkeon_engine.domain.model_replies.model_json import completed, first_balanced
from orkeon_engine.domain.model_replies.text_call_forms import (
    attribute_calls,
    json_value,
    labelled_call,
    nested_call,
    typed_value,
    without_ellipses,
)
from orkeon_engine.domain.model_replies.text_edits import read_text_edits, without_edits

NAME_KEYS = ("name", "tool", "tool_name", "function")
ARGUMENT_KEYS = ("arguments", "parameters", "args", "input")
ENVELOPE_KEYS = frozenset({"id", "type", "call_id"})
CALL_FENCES = frozenset({"", "json", "json5", "tool_call", "tool_calls", "tool", "function_call"})
MAX_NAME = 100
"""The longest name a call of a tool not offered may give (rule 6); a longer one is text."""
_BREAKS = re.compile(r"[\r\n\x00]")
MAX_REPLY = 200_000
"""A longer reply is not searched for calls (no model writes a call that long; it is shown as text)."""
MAX_SHOWN = MAX_REPLY
"""A longer input is only searched for a call's text as written (rule 5), not read for call blocks."""

_FENCE_OPEN = re.compile(r"(`{3,})[ \t]*([\w.+-]*)[ \t]*\n")
_TAG_OPEN = re.compile(r"<tool_call>|<tools>|<function=|<function\s+name\s*=|\[TOOL_CALLS\]")
_CALL_TAGS = {"<tool_call>": "</tool_call>", "<tools>": "</tools>"}
"""The tags a call is wrapped in: Hermes and Qwen's own, and `<tools>`, the tag Qwen2.5's chat template lists
the tools in, which its small models wrap a call in too."""
_FUNCTION = re.compile(r"<function=([^>\s]+)[ \t]*>(.*?)(?:</function>|\Z)", re.DOTALL)
_PARAMETER = re.compile(r"<parameter=([^>\s]+)[ \t]*>(.*?)(?:</parameter>|(?=<parameter=)|\Z)", re.DOTALL)
_MISTRAL_NAMED = re.compile(r"\s*([A-Za-z0-9_.\-]+)\s*(?:\[ARGS\])?\s*(?=\{)")
_SPACES = re.compile(r"\s+")
_NUMBERED = re.compile(r"^\d+\t\s*")
_GARBLED = re.compile(r'\s*\{\s*"(?:name|tool|tool_name|function)"\s*:\s*"([^"\n\r\x00]{1,100})"([^:]*?)'
                      r'"(?:arguments|parameters|args|input)"\s*:\s*(\{.*)\Z', re.DOTALL)
"""A garbled envelope: the name string, then no other key (nothing with a colon: the broken rest of the name,
a comma left out), then the arguments key and an object."""
_ENVELOPE = re.compile(r'\s*\{\s*"(?:name|tool|tool_name|function)"\s*:\s*"([^"\n]{1,64})"\s*,\s*'
                       r'"(?:arguments|parameters|args|input)"\s*:(.*)\Z', re.DOTALL)


@dataclass(frozen=True)
class TextToolCall:
    """One call found in the text: the offered tool's own name, its arguments as JSON text, and the block
    it was written in."""

    name: str
    arguments: str
    source: str
    form: str = "call"
    """How it was written: "call" (a call's text), "whole" (a whole-file block) or "replace" (a search/replace
    block), the last two read by domain/model_replies/text_edits.py (rule 12)."""


@dataclass(frozen=True)
class TextCalls:
    """The calls a reply ends with, in order, and the note the reply opened with (possibly empty)."""

    note: str
    calls: tuple[TextToolCall, ...]


@dataclass(frozen=True)
class _Block:
    start: int
    end: int
    kind: str  # fence, tag, bare
    body: str
    info: str = ""
    parts: tuple[tuple[str | None, str], ...] = ()
    """A `[TOOL_CALLS]` run's calls: (the name written before `[ARGS]`, or None; the JSON text)."""


def read_text_calls(text: str, offered: Mapping[str, Mapping[str, Any]],
                    quoted: Iterable[str] = ()) -> TextCalls | None:
    """The calls `text` ends with, by the module's rule; None when it holds none, or when one of them repeats
    one of `quoted` (rule 5).

    `offered` maps each offered tool's name to the JSON schema of its arguments (the schema types the
    values of Qwen3-Coder's `<parameter=...>`); `quoted` the texts the model was shown. Never raises,
    whatever the text."""
    found = _read_calls(text, offered)
    if found is None or _any_quoted(found.calls, quoted):
        return None
    return found


def _read_calls(text: str, offered: Mapping[str, Mapping[str, Any]]) -> TextCalls | None:
    if not text or len(text) > MAX_REPLY or not offered:
        return None
    return _calls_written(text, offered) or _edits_written(text, offered)


def _edits_written(text: str, offered: Mapping[str, Mapping[str, Any]]) -> TextCalls | None:
    """Rule 12: the edits the reply writes as path-headed blocks, as calls of the edit tools offered."""
    edits = [edit for edit in read_text_edits(text) if edit.tool in offered]
    if not edits:
        return None
    calls = tuple(TextToolCall(edit.tool, json.dumps(edit.arguments, ensure_ascii=False), edit.source,
                               "whole" if edit.whole else "replace") for edit in edits)
    return TextCalls(without_edits(text, edits), calls)


def _calls_written(text: str, offered: Mapping[str, Mapping[str, Any]]) -> TextCalls | None:
    names = {name.lower(): name for name in offered}
    segments = _segments(text)
    if not segments:
        return None
    trailing: list[_Block] = []
    for segment in reversed(segments):
        if _blank_segment(segment):
            continue
        if isinstance(segment, str):
            break
        trailing.insert(0, segment)
    if not trailing:
        return _unreadable_attempt(text, segments, _Names(names))
    calls, first = _trailing_calls(trailing, _Names(names), offered, len(text))
    only_calls = all(not isinstance(segment, str) or _blank_segment(segment) for segment in segments)
    if not calls and only_calls and len(trailing) == 1:  # rule 11: one JSON object naming a tool deeper in
        nested = _nested(trailing[0], _Names(names))
        if nested is not None:
            return TextCalls("", (nested,))
    if only_calls and first > trailing[0].start:  # rule 6: a reply of calls alone, a name not offered
        every, start = _trailing_calls(trailing, _Names(names, any_name=True), offered, len(text))
        if start == trailing[0].start:
            calls, first = every, start
    if not calls:
        return _labelled(segments, _Names(names), offered) or _unreadable_attempt(text, segments, _Names(names))
    return TextCalls(text[:first].rstrip(), tuple(calls))


@dataclass(frozen=True)
class UnrunCalls:
    """The offered tools a reply wrote calls of in blocks it went on after (rule 8), and where the first of
    those blocks starts (the text before it is what the reply said before writing a call)."""

    names: tuple[str, ...]
    start: int
    calls: tuple[TextToolCall, ...] = ()
    """The calls themselves, in the reply's order (rule 9)."""


def unrun_calls(text: str, offered: Mapping[str, Mapping[str, Any]], quoted: Iterable[str] = ()) -> UnrunCalls | None:
    """Rule 8: the calls of offered tools written in blocks of `text` that did not run, or None. Call it on a
    reply read_text_calls found no calls in. Never raises."""
    if not text or len(text) > MAX_REPLY or not offered:
        return None
    names = _Names({name.lower(): name for name in offered})
    found: list[TextToolCall] = []
    start = -1
    lead = _lead_call(text)
    for segment in ([lead] if lead is not None else []) + _segments(text):
        if not isinstance(segment, _Block) or segment.kind == "bare" and segment is not lead:
            continue
        calls = _block_calls(segment, names, offered)
        if calls:
            found.extend(calls)
            start = segment.start if start < 0 else start
    if not found or _any_quoted(found, quoted):
        return None
    return UnrunCalls(tuple(dict.fromkeys(call.name for call in found)), start, tuple(found))


def not_run_text(calls: UnrunCalls) -> str:
    """The sentence that stands for calls a reply wrote and went on after, when they do not run (rule 9)."""
    return f"(The reply wrote a call of {', '.join(calls.names)} with text after it, so it did not run.)"


def _unreadable_attempt(text: str, segments: Sequence[str | _Block], names: _Names) -> TextCalls | None:
    """Rule 7: the reply's last block (or the whole reply) opening as a call envelope of an offered tool whose
    JSON does not read; its arguments are handed on as written."""
    last = segments[-1]
    if _ENVELOPE.match(text) and text.rstrip().endswith("}"):  # the whole reply is the envelope, fences inside
        # its strings or not (a reply going on after it in prose or a fence is left to rule 2)
        body, start = text.strip(), 0
    elif isinstance(last, _Block) and last.kind in ("fence", "tag", "bare"):
        if last.kind == "fence" and last.info not in CALL_FENCES:
            return None
        body, start = last.body, last.start
    elif isinstance(last, str) and len(segments) == 1:
        body, start = last, 0
    else:
        return None
    inner = _untagged(body)
    if _forgiven(inner) is not None or json_value(first_balanced(inner) or "") is not None:
        return None  # JSON that reads, whole or followed by more text (then rule 2 says)
    envelope = _ENVELOPE.match(inner)
    found = names.find(envelope.group(1)) if envelope is not None else None
    if envelope is None or found is None:
        return _garbled(inner, body, names) if start == 0 else None
    arguments = envelope.group(2).strip()
    arguments = arguments[:-1].rstrip() if arguments.endswith("}") and arguments.count("{") < arguments.count("}") \
        else arguments
    return TextCalls(text[:start].rstrip(), (TextToolCall(found[0], arguments, body.strip()),))


def _garbled(inner: str, body: str, names: _Names) -> TextCalls | None:
    """Rule 7, garbled: a whole reply that is one JSON-looking object opening with a name and holding an
    arguments key, which no reading makes JSON: a call of the tool its name string names, with the arguments
    as written when it is offered (the loop checks them as any), else of a tool not offered."""
    garbled = _GARBLED.match(inner) if inner.rstrip().endswith("}") else None
    name = garbled.group(1).strip() if garbled is not None else ""
    if garbled is None or not name:
        return None
    found = names.find(name)
    arguments = garbled.group(3).rstrip()[:-1].rstrip() if found is not None else "{}"
    return TextCalls("", (TextToolCall(found[0] if found is not None else name, arguments, body.strip()),))


def _labelled(segments: Sequence[str | _Block], names: _Names,
              offered: Mapping[str, Mapping[str, Any]]) -> TextCalls | None:
    """The markdown-labelled call (`text_call_forms.labelled_call`): a reply of labels and one JSON fence
    holding the arguments, the fence ending it."""
    blocks = [segment for segment in segments if isinstance(segment, _Block)]
    if len(blocks) != 1 or blocks[0].kind != "fence" or blocks[0].info not in CALL_FENCES:
        return None
    if any(isinstance(segment, str) and segment.strip() for segment in segments[segments.index(blocks[0]) + 1:]):
        return None
    prose = "\n".join(segment for segment in segments if isinstance(segment, str))
    found = labelled_call(prose, blocks[0].body, names.find, offered)
    if found is None:
        return None
    return TextCalls("", (_call(found[0], found[1], names, blocks[0].body.strip()),))


def _nested(block: _Block, names: _Names) -> TextToolCall | None:
    """Rule 11: the call of an offered tool a reply's one JSON block names below its top level."""
    if block.kind == "mistral" or block.kind == "fence" and block.info not in CALL_FENCES:
        return None
    source = block.body.strip()
    inner = _untagged(source if block.info else _info_on_its_own_line(source)) if block.kind == "fence" else source
    found = nested_call(_forgiven(inner), names.find)
    return None if found is None else _call(found[0], found[1], names, source)


def _call(name: str, arguments: dict[str, Any], names: _Names, source: str) -> TextToolCall:
    """A call read from one of `text_call_forms`' shapes (a name not offered gets no arguments, as in rule 6)."""
    known = names.find(name)
    return TextToolCall(name, json.dumps(arguments if known and known[1] else {}, ensure_ascii=False), source)


@dataclass(frozen=True)
class _Names:
    """The offered names (lower-cased to as offered); `any_name` also takes a name not offered (rule 6)."""

    offered: Mapping[str, str]
    any_name: bool = False

    def find(self, raw: str) -> tuple[str, bool] | None:
        """The tool's name and whether it is offered; None when it is no call of this reading."""
        key = raw.strip().lower()
        if key.startswith("functions."):
            key = key[len("functions."):]
        if key in self.offered:
            return self.offered[key], True
        if self.any_name and raw.strip() and len(raw.strip()) <= MAX_NAME and not _BREAKS.search(raw):
            return raw.strip(), False  # a file or a constant named as a tool (the 0.5B) is refused as one
        return None


def _trailing_calls(trailing: Sequence[_Block], names: _Names, offered: Mapping[str, Mapping[str, Any]],
                    end: int) -> tuple[list[TextToolCall], int]:
    """The calls of the trailing blocks from the last one back to the first that is not a call block, and
    where the first of them starts (`end` when none is)."""
    calls: list[TextToolCall] = []
    first = end
    for block in reversed(trailing):
        found = _block_calls(block, names, offered)
        if found is None:
            break
        calls[:0] = found
        first = block.start
    return calls, first


def _segments(text: str) -> list[str | _Block]:
    """The text cut into prose (str) and blocks, in order; a bare JSON reply is one block."""
    stripped = text.strip()
    if stripped[:1] in ("{", "[") and not stripped.startswith("[TOOL_CALLS]"):
        balanced = first_balanced(stripped)
        whole = balanced is not None and _only_closers(stripped[len(balanced):])
        start = text.index(stripped[0])
        if whole or (balanced is None and json_value(completed(stripped) or "") is not None):
            return [_Block(start, start + len(stripped), "bare", stripped)]
        lines = _json_lines(text, start)
        if lines:
            return list(lines)
    segments: list[str | _Block] = []
    position = 0
    while position < len(text):
        block = _next_block(text, position)
        if block is None:
            segments.append(text[position:])
            break
        if block.start > position:
            segments.append(text[position:block.start])
        segments.append(block)
        position = max(block.end, block.start + 1)
    return segments


def _lead_call(text: str) -> _Block | None:
    """Rule 8's bare call: a `{"name": ..., "arguments": {...}}` envelope (rule 3's forgiveness applied) that
    opens the reply and ends its line, only closing braces after it, with more text on the lines under it
    (the 1.5B wrote `{{"name": "file_read", ...}}}}` and under it the answer it imagined). Only
    `unrun_calls` reads it: by itself it never runs."""
    start = len(text) - len(text.lstrip())
    balanced = first_balanced(text[start:]) if text[start:start + 1] == "{" else None
    if balanced is None:
        return None
    end = start + len(balanced)
    line_end = text.find("\n", end)
    if line_end < 0 or text[end:line_end].strip(" \t\r}") or not text[line_end:].strip():
        return None
    body = text[start:line_end].strip()
    value = _forgiven(body)
    if not isinstance(value, dict) or not isinstance(value.get("name"), str) or "arguments" not in value:
        return None
    return _Block(start, line_end, "bare", body)


def _json_lines(text: str, start: int) -> list[_Block]:
    """A reply of several bare JSON objects one after another, nothing but space between them (a call a line,
    as small models write several): one bare block each; [] when the reply is anything else."""
    blocks: list[_Block] = []
    position = start
    while position < len(text):
        rest = text[position:]
        if not rest.strip():
            break
        skipped = len(rest) - len(rest.lstrip())
        if rest.lstrip()[:1] != "{":
            return []
        value = first_balanced(rest.lstrip())
        if value is None or json_value(value) is None:
            return []
        at = position + skipped
        blocks.append(_Block(at, at + len(value), "bare", value))
        position = at + len(value)
    return blocks if len(blocks) > 1 else []


def _next_block(text: str, position: int) -> _Block | None:
    fence = _FENCE_OPEN.search(text, position)
    tag = _TAG_OPEN.search(text, position)
    if fence is not None and (tag is None or fence.start() <= tag.start()):
        ticks = fence.group(1)
        close = text.find(ticks, fence.end())
        end = close + len(ticks) if close >= 0 else len(text)
        body = text[fence.end():close if close >= 0 else len(text)]
        return _Block(fence.start(), end, "fence", body, fence.group(2).lower())
    if tag is None:
        return None
    opener = tag.group(0)
    if opener in _CALL_TAGS:
        closer = _CALL_TAGS[opener]
        close = text.find(closer, tag.end())
        end = close + len(closer) if close >= 0 else len(text)
        return _Block(tag.start(), end, "tag", text[tag.end():close if close >= 0 else len(text)])
    if opener == "<function=":
        close = text.find("</function>", tag.end())
        end = close + len("</function>") if close >= 0 else len(text)
        return _Block(tag.start(), end, "tag", text[tag.start():end])
    if opener.startswith("<function"):
        return _attribute_block(text, tag.start(), tag.end())
    return _mistral_block(text, tag.start(), tag.end())


def _attribute_block(text: str, start: int, after: int) -> _Block:
    """`<function name="...">`: to its `</function>`, else to the first `/>` (a self-closing element), else to
    the end of the text."""
    close = text.find("</function>", after)
    if close >= 0:
        end = close + len("</function>")
    else:
        empty = text.find("/>", after)
        end = empty + 2 if empty >= 0 else len(text)
    return _Block(start, end, "tag", text[start:end])


def _mistral_block(text: str, start: int, after: int) -> _Block:
    """`[TOOL_CALLS]` followed by a JSON list or object, or by `name[ARGS]{...}` (one or more, each with its
    own marker); the block runs to the end of the last JSON value."""
    parts: list[tuple[str | None, str]] = []
    end = cursor = after
    while True:
        rest = text[cursor:]
        lead = len(rest) - len(rest.lstrip())
        named = _MISTRAL_NAMED.match(rest) if rest.lstrip()[:1] not in ("[", "{") else None
        value_at = cursor + (named.end() if named is not None else lead)
        value = first_balanced(text[value_at:]) if text[value_at:value_at + 1] in ("[", "{") else None
        if value is None:
            break
        parts.append((named.group(1) if named is not None else None, value))
        end = cursor = value_at + len(value)
        following = text[cursor:].lstrip()
        if not following.startswith("[TOOL_CALLS]"):
            break
        cursor = len(text) - len(following) + len("[TOOL_CALLS]")
    return _Block(start, end, "mistral", text[start:end], parts=tuple(parts))


def _block_calls(block: _Block, names: _Names,
                 offered: Mapping[str, Mapping[str, Any]]) -> list[TextToolCall] | None:
    """The calls of one block, or None when it is not a call block (rule 4)."""
    source = block.body.strip()
    if block.kind == "fence" and block.info not in CALL_FENCES:
        return None
    if block.kind == "mistral":
        return _mistral_calls(block, names, source)
    inner = _untagged(source if block.info else _info_on_its_own_line(source)) if block.kind == "fence" else source
    if inner.startswith("<function="):
        return _xml_calls(inner, names, offered, source)
    if inner.startswith("<function"):
        found = attribute_calls(inner, names.find, offered)
        return None if found is None else [_call(name, arguments, names, source) for name, arguments in found]
    return _json_calls(_forgiven(inner), names, source)


def _mistral_calls(block: _Block, names: _Names, source: str) -> list[TextToolCall] | None:
    calls: list[TextToolCall] = []
    for name, value in block.parts:
        decoded = json_value(value)
        found = _json_calls(decoded if name is None else {"name": name, "arguments": decoded}, names, source)
        if found is None:
            return None
        calls.extend(found)
    return calls or None


def _json_calls(value: Any, names: _Names, source: str) -> list[TextToolCall] | None:
    items = value if isinstance(value, list) else [value]
    if not items:
        return None
    calls: list[TextToolCall] = []
    for item in items:
        call = _call_object(item, names, source)
        if call is None:
            return None
        calls.append(call)
    return calls


def _call_object(item: Any, names: _Names, source: str) -> TextToolCall | None:
    if not isinstance(item, dict):
        return None
    function = item.get("function")
    if isinstance(function, dict) and item.get("type", "function") == "function":
        item = function
    name_key = next((key for key in NAME_KEYS if isinstance(item.get(key), str)), None)
    if name_key is None:
        return None
    found = names.find(item[name_key])
    if found is None:
        return None
    name, known = found
    argument_key = next((key for key in ARGUMENT_KEYS if key in item), None)
    if not known and (argument_key is None or name_key != "name"):
        return None  # rule 6: a name not offered counts only in the {"name", "arguments"} envelope
    if argument_key is not None:
        arguments = item[argument_key]
        if isinstance(arguments, str):
            arguments = json_value(arguments) if arguments.strip() else {}
    else:
        arguments = {key: value for key, value in item.items() if key != name_key and key not in ENVELOPE_KEYS}
    if arguments is None or not known and not isinstance(arguments, dict):
        arguments = {}  # rule 6: the call is refused as a tool not offered, whatever its arguments
    if not isinstance(arguments, dict) or nests_deeper_than(arguments, ARGUMENTS_NESTING):
        return None
    return TextToolCall(name, json.dumps(arguments, ensure_ascii=False), source)


def _xml_calls(inner: str, names: _Names, offered: Mapping[str, Mapping[str, Any]],
               source: str) -> list[TextToolCall] | None:
    """Qwen3-Coder's `<function=name><parameter=key>value</parameter>...</function>`, one or more."""
    calls: list[TextToolCall] = []
    rest = inner
    for match in _FUNCTION.finditer(inner):
        found = names.find(match.group(1))
        if found is None:
            return None
        name = found[0]
        properties = offered.get(name, {}).get("properties", {})
        arguments: dict[str, Any] = {}
        for parameter in _PARAMETER.finditer(match.group(2)):
            key = parameter.group(1)
            schema = properties.get(key, {}) if isinstance(properties, dict) else {}
            arguments[key] = typed_value(_trim_newlines(parameter.group(2)), schema)
        calls.append(TextToolCall(name, json.dumps(arguments, ensure_ascii=False), source))
        rest = rest.replace(match.group(0), "", 1)
    if not calls or rest.replace("</tool_call>", "").replace("<tool_call>", "").strip():
        return None
    return calls


def _trim_newlines(value: str) -> str:
    if value.startswith("\n"):
        value = value[1:]
    if value.endswith("\n"):
        value = value[:-1]
    return value


def _untagged(text: str) -> str:
    """The text inside a call tag that opens it (`<tool_call>`, `<tools>`), up to its closing tag."""
    stripped = text.strip()
    for opener, closer in _CALL_TAGS.items():
        if stripped.startswith(opener):
            return stripped[len(opener):].split(closer, 1)[0].strip()
    return stripped


def _forgiven(text: str, doubled: bool = True) -> Any:
    """The JSON value of `text` with rule 3's forgiveness (a closing bracket too many or too few, an opening
    brace written twice), or None."""
    value = json_value(text)
    if value is not None or text[:1] not in ("{", "["):
        return value
    elided = without_ellipses(text)
    if elided != text and (value := _forgiven(elided, doubled)) is not None:
        return value
    if doubled and text.startswith("{{"):  # as in a template (the 1.5B wrote {{"name": ...}}}}); once only
        return _forgiven(text[1:], doubled=False)
    balanced = first_balanced(text)
    if balanced is not None:
        return json_value(balanced) if _only_closers(text[len(balanced):]) else None
    return json_value(completed(text) or "")


def _info_on_its_own_line(body: str) -> str:
    """A fence's body without a first line that is only `json` (the 1.5B wrote ``` then json on the next
    line, the info string fallen into the body)."""
    first, newline, rest = body.lstrip().partition("\n")
    return rest if newline and first.strip().lower() == "json" else body


def _blank_segment(segment: str | _Block) -> bool:
    """Prose of space or stray fence marks, or an empty fence: the 1.5B closed a `<tools>` call with a ```
    it never opened, and the call, not ending the reply, did not run."""
    if isinstance(segment, str):
        return not segment.strip(" \t\r\n`")
    return segment.kind == "fence" and not segment.body.strip()


def _only_closers(text: str) -> bool:
    """Whether `text` holds nothing but closing brackets, spaces and fence marks (what follows a call's JSON
    when the model closed it once too often, or closed a fence it never opened: a 1.5B model's bare call
    ended in a stray ```)."""
    return not text.strip(" \t\r\n}]`")


def quoted_from(calls: Iterable[TextToolCall], shown: Iterable[tuple[str, str]],
                offered: Mapping[str, Mapping[str, Any]] | None = None) -> str | None:
    """Rule 5: the label of the first of `shown` ((label, text) pairs: what the model was shown) that holds
    one of the calls, or None when every call is the model's own. A call is held as written (white space
    aside) or, given `offered`, as a call block of the same tool with the same arguments however its JSON is
    laid out (a copy re-indented or with its keys reordered is still a copy)."""
    calls = list(calls)
    sources = {_SPACES.sub(" ", call.source).strip() for call in calls if call.form == "call"}
    sources.discard("")
    edits = [lines for call in calls if call.form != "call" and (lines := _text_lines(call.source))]
    if not sources and not edits:
        return None
    wanted = {_canonical(call) for call in calls if call.form == "call"}
    for label, text in shown:
        flat = _SPACES.sub(" ", text)
        if any(source in flat for source in sources):
            return label
        if edits and _holds_lines(text, edits):
            return label
        if offered is not None and wanted and wanted & _calls_shown(text, calls, offered):
            return label
    return None


def _text_lines(text: str) -> tuple[str, ...]:
    """A text's non-blank lines, their spaces at both ends taken off."""
    return tuple(line.strip() for line in text.splitlines() if line.strip())


def _holds_lines(text: str, edits: Sequence[tuple[str, ...]]) -> bool:
    """Whether `text` holds one of `edits` (an edit block's lines) as a run of whole lines, spaces and the line
    numbers file_read shows aside (rule 12: an edit is compared by its lines, so a short block is not found
    inside a longer line)."""
    if len(text) > MAX_SHOWN:
        return False
    lines = tuple(_NUMBERED.sub("", line) for line in _text_lines(text))  # file_read's numbers taken off
    joined = "\n" + "\n".join(lines) + "\n"
    return any("\n" + "\n".join(edit) + "\n" in joined for edit in edits)


def _calls_shown(text: str, calls: Sequence[TextToolCall],
                 offered: Mapping[str, Mapping[str, Any]]) -> set[tuple[str, str]]:
    """The calls (canonical) written in `text`'s blocks, read only when the text names one of `calls`' tools."""
    lowered = text.lower()
    if len(text) > MAX_SHOWN or not any(call.name.lower() in lowered for call in calls):
        return set()
    names = _Names({name.lower(): name for name in offered}, any_name=True)
    found: set[tuple[str, str]] = set()
    for segment in _segments(text):
        if isinstance(segment, _Block):
            found.update(_canonical(call) for call in _block_calls(segment, names, offered) or ())
    return found


def _canonical(call: TextToolCall) -> tuple[str, str]:
    try:
        arguments = json.dumps(json.loads(call.arguments), sort_keys=True, ensure_ascii=False)
    except ValueError:
        arguments = call.arguments
    return call.name.lower(), arguments


def quoted_call_line(calls: Iterable[TextToolCall], source: str) -> str:
    """The line the person reads when a reply's calls were not run because they repeat `source` (rule 5)."""
    calls = list(calls)
    if calls and all(call.form != "call" for call in calls):
        paths = ", ".join(dict.fromkeys(_path_of(call) for call in calls))
        return (f"not applied: the reply's edit of {paths} repeats text from {source}; Orkeon applies only "
                "changes the model writes itself, never one copied from what it was shown")
    named = ", ".join(dict.fromkeys(call.name for call in calls))
    return (f"not run: the reply's call of {named} repeats text from {source}; Orkeon runs only calls the "
            "model writes itself, never one copied from what it was shown")


def _path_of(call: TextToolCall) -> str:
    try:
        path = json.loads(call.arguments).get("path")
    except (ValueError, AttributeError):
        path = None
    return path if isinstance(path, str) else call.name


def _any_quoted(calls: Iterable[TextToolCall], quoted: Iterable[str]) -> bool:
    return quoted_from(calls, (("", text) for text in quoted)) is not None
