"""The gate's decision matrix (issue 26), shared by the gate's own test and the front ends' parity test.

The expected table lives in docs/permissions.md ("The same decision in every front end"): one row per call
and rule set-up, one column per mode, each cell `runs`, `asks`, `refused` or `asks, refused anyway` (the
gate asks, and the tool refuses what it was allowed: a program off `shell.allow`). `read_table()` reads
it; `expected(...)` turns a cell and an answer into the outcome a person sees:

- ran without asking, asked then ran, asked then refused, refused without asking.

`CALLS` are the scripted model calls, each with the rule that names it (the `allow`, `ask` and `deny`
set-ups hold one rule per call, in the project's settings file) and what its question shows, so an
observed question is matched to its call on every front end. `outcomes(...)` reads what a front end
showed (the questions) and what the model was told (the tool results) into the same four outcomes.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from orkeon_engine.domain.permissions.modes import PERMISSION_MODES
from tests.support.mcp_servers import tiny_declaration

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "permissions.md"
SECTION = "## The same decision in every front end"
RULE_SETUPS = ("none", "allow", "ask", "deny")
ALLOW_ONCE, DENY = "Allow once", "Deny"
ANSWERS = (ALLOW_ONCE, DENY)
RAN, ASKED_RAN, ASKED_REFUSED, REFUSED = (
    "ran without asking", "asked then ran", "asked then refused", "refused without asking")
CELLS = ("runs", "asks", "refused", "asks, refused anyway")
SETTINGS_FILE = ".orkeon/config.json"
EXTRA_TOOL = "mcp__tiny__echo"
"""The extra tool of the matrix: the tiny MCP server's `echo` (tests/support/tiny_mcp_server.py), of class
write (no `:read`), declared in the person's own settings of every front end (`user_settings()`)."""


@dataclass(frozen=True)
class MatrixCall:
    """One scripted call of the model: its row label in the doc, its id, tool and arguments, the rule
    naming it, and the line its question shows."""

    label: str
    call_id: str
    tool: str
    arguments: dict[str, Any]
    rule: str
    shown: str


CALLS: tuple[MatrixCall, ...] = (
    MatrixCall("read notes.txt", "m_read", "file_read", {"path": "notes.txt"}, "file_read(/notes.txt)",
               "/workspace/notes.txt"),
    MatrixCall("read .env", "m_env", "file_read", {"path": ".env"}, "file_read(/.env)", "/workspace/.env"),
    MatrixCall("edit src/app.py", "m_edit", "file_write", {"path": "src/app.py", "content": "VALUE = 2\n"},
               "file_write(/src/app.py)", "/workspace/src/app.py"),
    MatrixCall("run ls (on shell.allow)", "m_ls", "shell_command", {"command": "ls"}, "shell_command(ls)", "$ ls"),
    MatrixCall("run uname (off shell.allow)", "m_uname", "shell_command", {"command": "uname"},
               "shell_command(uname)", "$ uname"),
    MatrixCall("extra tool of class write", "m_extra", EXTRA_TOOL, {"text": "T-1"}, EXTRA_TOOL,
               f"Allow {EXTRA_TOOL}?"),
    MatrixCall("edit .orkeon/config.json", "m_settings", "file_write", {"path": SETTINGS_FILE},
               "file_write(/.orkeon/config.json)", "/workspace/.orkeon/config.json"),
)
"""In the order the model asks for them; the settings edit comes last, writing back what the file held."""
WORKSPACE_FILES = {"notes.txt": "the notes\n", ".env": "API_KEY=do-not-read\n", "src/app.py": "VALUE = 1\n"}


def user_settings() -> dict[str, Any]:
    """The person's own settings of every front end: the tiny MCP server and its `echo` as an extra tool
    (the person's file, so no trust is needed)."""
    return {"mcp.servers": {"tiny": tiny_declaration()}, "tools.extra": [EXTRA_TOOL]}


def settings_for(rules: str) -> dict[str, Any]:
    """The project's settings of a rule set-up: one rule per call in that list, or none."""
    if rules == "none":
        return {}
    return {"permissions": {rules: [call.rule for call in CALLS]}}


def model_turn(settings: dict[str, Any], calls: tuple[MatrixCall, ...] = CALLS) -> dict[str, Any]:
    """The stub's step holding every call; the settings edit writes back the settings the file holds."""
    scripted = []
    for call in calls:
        arguments = dict(call.arguments)
        if call.call_id == "m_settings":
            arguments["content"] = json.dumps(settings)
        scripted.append({"id": call.call_id, "name": call.tool, "arguments": arguments})
    return {"tool_calls": scripted, "content": None}


def prepare_workspace(folder: Path, settings: dict[str, Any]) -> None:
    """The files the calls touch, reset, and the project's settings file holding `settings`."""
    for name, text in WORKSPACE_FILES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    (folder / ".orkeon").mkdir(exist_ok=True)
    (folder / SETTINGS_FILE).write_text(json.dumps(settings), encoding="utf-8")


@dataclass
class Observed:
    """What one turn showed: the questions asked (each as the call ids it named) and the tool results the
    model read, by call id."""

    questions: list[str] = field(default_factory=list)
    results: dict[str, str] = field(default_factory=dict)


def tool_results(request: dict[str, Any]) -> dict[str, str]:
    """The tool results a model request carries, by call id."""
    return {message["tool_call_id"]: str(message.get("content") or "") for message in request["messages"]
            if message.get("role") == "tool"}


def call_named_by(question: str, calls: tuple[MatrixCall, ...] = CALLS) -> str:
    """The id of the call whose line the question text shows (`?` when none, which the matrix reports)."""
    lines = {re.sub(r"^\[[^\]]+\] ", "", line.strip()) for line in question.splitlines()}  # a child's [name]
    found = [call.call_id for call in calls if call.shown in lines]
    return found[0] if len(found) == 1 else "?"


def did_run(result: str) -> bool:
    """False for a refusal the model reads: the gate's or a tool's (`refused...`), or a tool the mode did
    not offer (the tool loop answers `unknown tool` for a name outside the turn's offer)."""
    return not result.startswith(("refused", "unknown tool"))


def outcomes(observed: Observed, calls: tuple[MatrixCall, ...] = CALLS) -> dict[str, str]:
    """Each call's outcome, from its questions and its result (`did_run` reads the result)."""
    found: dict[str, str] = {}
    for call in calls:
        asked = observed.questions.count(call.call_id)
        result = observed.results.get(call.call_id)
        if result is None or asked > 1:
            found[call.call_id] = f"asked {asked} times, result {result!r}"
            continue
        ran = did_run(result)
        found[call.call_id] = (ASKED_RAN if ran else ASKED_REFUSED) if asked else (RAN if ran else REFUSED)
    strays = [question for question in observed.questions if question not in found]
    if strays:
        found["?"] = f"questions about no call of the turn: {strays}"
    return found


def read_table(doc: Path = DOC) -> dict[tuple[str, str, str], str]:
    """The expected cells, by (call label, rule set-up, mode), from the doc's table; a malformed table
    raises with the line."""
    text = doc.read_text(encoding="utf-8")
    start = text.index(SECTION)
    lines = text[start:].splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[first:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    header = [cell.strip() for cell in rows[0].strip("|").split("|")]
    if header != ["call", "rules", *PERMISSION_MODES]:
        raise ValueError(f"{doc}: the matrix's header is {header}")
    table: dict[tuple[str, str, str], str] = {}
    for line in rows[2:]:
        cells = [re.sub(r"`", "", cell).strip() for cell in line.strip("|").split("|")]
        label, rules, *by_mode = cells
        if rules not in RULE_SETUPS or len(by_mode) != len(PERMISSION_MODES) or any(c not in CELLS for c in by_mode):
            raise ValueError(f"{doc}: a row of the matrix does not read: {line}")
        for mode, cell in zip(PERMISSION_MODES, by_mode, strict=True):
            table[(label, rules, mode)] = cell
    return table


def expected(table: dict[tuple[str, str, str], str], mode: str, rules: str, answer: str,
             calls: tuple[MatrixCall, ...] = CALLS) -> dict[str, str]:
    """Each call's outcome as the table says, under `answer` to every question."""
    found = {}
    for call in calls:
        cell = table[(call.label, rules, mode)]
        if cell == "runs":
            found[call.call_id] = RAN
        elif cell == "refused":
            found[call.call_id] = REFUSED
        elif cell == "asks" and answer == ALLOW_ONCE:
            found[call.call_id] = ASKED_RAN
        else:
            found[call.call_id] = ASKED_REFUSED
    return found


def mismatches(table: dict[tuple[str, str, str], str], mode: str, rules: str, answer: str,
               seen: dict[str, str], calls: tuple[MatrixCall, ...] = CALLS) -> list[str]:
    """The cells where what was seen differs from the table, each said in full."""
    want = expected(table, mode, rules, answer, calls)
    labels = {call.call_id: call.label for call in calls}
    wrong = [f"{labels[i]} | {rules} | {mode} | answered {answer}: expected {want[i]}, saw {seen.get(i)}"
             for i in want if seen.get(i) != want[i]]
    if "?" in seen:
        wrong.append(f"{rules} | {mode} | answered {answer}: {seen['?']}")
    return wrong
