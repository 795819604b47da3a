"""Action lines: each tool call of a turn as one line a person reads, as it happens (`Read a.py (12 lines)`,
`Search "PORT" → 3 hits`, `Edit a.py +1 −1`, `Run pytest → 2 passed`), the same in the terminal, the editor's
progress and an ACP client's tool call titles.

The line is made from what the call was (its name, arguments and, when the tool described it, its paths,
command and edit) and what came of it (the result's text and data), never from what one model tends to write.
A call the gate refused or that failed says so after a dash; an edit also carries its unified diff, for a
front end that shows it under the line.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.tool_call import FileEdit, ToolCall

WORKSPACE_PREFIX = "/workspace/"
SUBJECT_CHARS = 72
"""A command line or a query is cut to this many characters in a line (the whole of it is in the log)."""
DIFF_LINES = 40
"""The most lines of an edit's diff kept for the front end (the rest is counted in a last line)."""
REASON_CHARS = 100
TEST_COUNTS = re.compile(r"\b(\d+) (passed|failed|errors?|skipped|xfailed|xpassed|warnings?|deselected)\b")
"""The counts a test runner's summary line states (pytest's `2 passed, 1 failed in 0.3s`, and the like)."""
MINUS = "\u2212"
ARROW = "\u2192"


@dataclass(frozen=True)
class ActionLine:
    """One call as the person reads it: the line, whether the call failed, and an edit's diff (or "")."""

    text: str
    failed: bool = False
    diff: str = ""


def started_line(call: ToolCall) -> str:
    """What a call is about to do, before its result: `Run pytest -q`, `Read a.py`."""
    return _head(call.name, call.arguments, call)


def action_line(record: ToolCallRecord, call: ToolCall | None = None) -> ActionLine:
    """The finished call as one line; `call` is its description when the tool gave one (its paths, command
    and edit), None for a call that never reached a tool (an unknown name, arguments that did not fit)."""
    head = _head(record.name, record.arguments, call)
    if record.verdict is not None and not record.verdict.allowed:
        return ActionLine(f"{head} — refused: {_short(record.verdict.reason or 'no reason given', REASON_CHARS)}",
                          failed=True)
    if record.result.is_error:
        return ActionLine(f"{head} — failed: {_first_line(record.result.text)}", failed=True)
    edit = call.edit if call is not None else None
    if edit is not None:
        diff = edit_diff(edit)
        return ActionLine(f"{head} {_counts(diff)}", diff=_cut_diff(diff))
    outcome = _OUTCOMES.get(record.name, _no_outcome)(record.result.text, record.result.data)
    return ActionLine(f"{head} {outcome}" if outcome else head)


def edit_diff(edit: FileEdit) -> str:
    """The unified diff of an edit (a new file diffs against /dev/null)."""
    path = _short_path(edit.path)
    before = [] if edit.old_text is None else edit.old_text.splitlines(keepends=True)
    after = edit.new_text.splitlines(keepends=True)
    lines = difflib.unified_diff(before, after, "/dev/null" if edit.old_text is None else f"a/{path}", f"b/{path}",
                                 n=2)
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines).rstrip("\n")


def diff_counts(diff: str) -> tuple[int, int]:
    """The lines a unified diff adds and removes (its file headers not counted)."""
    added = removed = 0
    for line in diff.splitlines():
        if line.startswith(("+++", "---")):
            continue
        if line.startswith("+"):
            added += 1
        elif line.startswith("-"):
            removed += 1
    return added, removed


def _counts(diff: str) -> str:
    added, removed = diff_counts(diff)
    return f"+{added} {MINUS}{removed}"


def _cut_diff(diff: str) -> str:
    lines = diff.splitlines()
    if len(lines) <= DIFF_LINES:
        return diff
    return "\n".join([*lines[:DIFF_LINES], f"[... {len(lines) - DIFF_LINES} more diff lines]"])


# --- what a call is about ---------------------------------------------------------------------------------

VERBS: Mapping[str, str] = {
    "file_read": "Read", "node_read": "Read", "node_outline": "Outline", "directory_read": "List",
    "codebase_search": "Search", "memory_recall": "Recall", "goto_definition": "Definition of",
    "find_references": "References to", "codebase_map": "Map", "dependency_graph": "Dependencies of",
    "package_summary": "Summary of", "file_edit": "Edit", "node_replace": "Edit", "edit_batch": "Edit",
    "definition_rewrite": "Rewrite", "file_write": "Write", "shell_command": "Run", "start_job": "Start",
    "run_tests": "Run", "run_build": "Run", "web_fetch": "Fetch", "spawn_agent": "Agent", "todo_write": "Todos",
    "job_status": "Job", "job_tail": "Job", "index_codebase": "Index", "incremental_reindex": "Reindex",
    "index_status": "Index status", "create_pr": "Open a pull request", "list_mounts": "List mounts",
}
"""The verb each tool's line starts with; any other tool (an MCP server's) is named as it is."""
QUOTED = ("query", "pattern")
SUBJECTS = ("command", "url", "path", "file", "name", "symbol", "title", "brief", "description", "job_id", "id")


def _head(name: str, arguments: Mapping[str, Any], call: ToolCall | None) -> str:
    verb = VERBS.get(name, name)
    subject = _subject(arguments, call)
    return f"{verb} {subject}" if subject else verb


def _subject(arguments: Mapping[str, Any], call: ToolCall | None) -> str:
    if call is not None and call.command:
        return _short(call.command, SUBJECT_CHARS)
    for key in QUOTED:
        value = arguments.get(key)
        if isinstance(value, str) and value.strip():
            return f'"{_short(value, SUBJECT_CHARS)}"'
    if call is not None and call.paths:
        shown = ", ".join(_short_path(path) for path in call.paths[:3])
        return shown + (f" and {len(call.paths) - 3} more" if len(call.paths) > 3 else "")
    for key in SUBJECTS:
        value = arguments.get(key)
        if isinstance(value, str) and value.strip():
            return _short_path(value) if key in ("path", "file") else _short(value, SUBJECT_CHARS)
    return ""


# --- what came of it --------------------------------------------------------------------------------------

def _no_outcome(text: str, data: Mapping[str, Any]) -> str:
    return ""


def _read(text: str, data: Mapping[str, Any]) -> str:
    total = data.get("total_lines")
    if not isinstance(total, int):
        return ""
    if data.get("cut") and isinstance(data.get("first_line"), int) and isinstance(data.get("last_line"), int):
        return f"(lines {data['first_line']}-{data['last_line']} of {total:,})"
    return f"({_plural(total, 'line')})"


def _listed(text: str, data: Mapping[str, Any]) -> str:
    entries = data.get("entries")
    return f"({_plural(entries, 'entry', 'entries')})" if isinstance(entries, int) else ""


def _search(text: str, data: Mapping[str, Any]) -> str:
    symbols = data.get("symbols")
    hits = data.get("text_hits")
    count = (len(symbols) if isinstance(symbols, list) else 0) + (hits if isinstance(hits, int) else 0)
    return f"{ARROW} {_plural(count, 'hit')}"


def _ran(text: str, data: Mapping[str, Any]) -> str:
    """`→ 2 passed, 1 failed` when the output states a test summary, else `→ exit 0`."""
    if data.get("timed_out"):
        return f"{ARROW} timed out"
    for line in reversed(text.splitlines()):
        counts = TEST_COUNTS.findall(line)
        if counts:
            return f"{ARROW} " + ", ".join(f"{number} {word}" for number, word in counts)
    code = data.get("exit_code", data.get("exitCode"))
    if isinstance(code, int):
        return f"{ARROW} exit {code}"
    head = _first_line(text)
    return f"{ARROW} {head}" if head else ""


def _written(text: str, data: Mapping[str, Any]) -> str:
    lines = data.get("lines")
    return f"({_plural(lines, 'line')})" if isinstance(lines, int) else ""


def _edited(text: str, data: Mapping[str, Any]) -> str:
    """An edit the tool described without its change: the counts of the diff its result shows."""
    added, removed = diff_counts("\n".join(text.splitlines()[1:]))
    return f"+{added} {MINUS}{removed}" if added or removed else ""


def _outlined(text: str, data: Mapping[str, Any]) -> str:
    symbols = data.get("symbols")
    return f"({_plural(symbols, 'symbol')})" if isinstance(symbols, int) else ""


def _first_result_line(text: str, data: Mapping[str, Any]) -> str:
    head = _first_line(text)
    return f"{ARROW} {head}" if head else ""


_OUTCOMES: Mapping[str, Callable[[str, Mapping[str, Any]], str]] = {
    "file_read": _read, "directory_read": _listed, "codebase_search": _search, "shell_command": _ran,
    "run_tests": _ran, "run_build": _ran, "file_edit": _edited, "file_write": _written, "node_outline": _outlined,
    "spawn_agent": _first_result_line, "todo_write": _first_result_line, "start_job": _first_result_line,
}


# --- words ------------------------------------------------------------------------------------------------

def _plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count:,} {word if count == 1 else (many or word + 's')}"


def _short_path(path: str) -> str:
    return path.removeprefix(WORKSPACE_PREFIX)


def _short(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _first_line(text: str) -> str:
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return _short(first, REASON_CHARS)
