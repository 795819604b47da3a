"""Generate the reference pages that mirror code: docs/configuration.md (the schema) and docs/commands.md
(the catalogue). `python -m orkeon_engine.docs_gen` rewrites them, and the editor files that follow the
catalogue (editors/vscode/package.json, the command table of docs/editors.md); tests/repository checks they
match."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from orkeon_engine.catalogue_export import write_editor_files
from orkeon_engine.commands._shared.entry import GROUPS
from orkeon_engine.commands.catalogue import CATALOGUE
from orkeon_engine.domain.review.review_report import FAIL_ON_EXIT, FAILED_RUN_EXIT
from orkeon_engine.domain.settings.config_schema import CONFIG_KEYS


def configuration_markdown() -> str:
    lines = [
        "# Configuration",
        "",
        "<!-- Generated from orkeon_engine/domain/settings/config_schema.py by `python -m orkeon_engine.docs_gen`. -->",
        "",
        "Settings are read from three places, the later winning:",
        "",
        "1. the user's file, `$XDG_CONFIG_HOME/orkeon/config.json` (else `~/.config/orkeon/config.json`);",
        "2. the project's file, `.orkeon/config.json` (may be committed);",
        "3. the session (`/config set KEY VALUE` without `--user` or `--project`).",
        "",
        "Each file is one JSON object whose keys are the dotted names below, for example",
        '`{"model": "openai/gpt-4o-mini", "model.apiBase": "http://127.0.0.1:8080/v1"}`. A file that is not',
        "valid JSON, or holds an unknown key or a bad value, is reported with its path and the key; Orkeon",
        "never rewrites it behind your back, and `/config set` into it is refused until it is fixed.",
        "",
        "Keys stay in the provider's environment variables (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, ...);",
        "no setting holds a secret.",
        "",
        "| key | accepts | default | read by | description |",
        "|---|---|---|---|---|",
    ]
    for spec in CONFIG_KEYS:
        cells = [f"`{spec.key}`", spec.accepts(), _show(spec.default), ", ".join(spec.consumers), spec.description]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join([*lines, "", *HOOKS_SECTION]) + "\n"


HOOKS_SECTION = (
    "## Hooks",
    "",
    "The `hooks` setting runs your commands at four points of the assistant's turn, as Claude Code's hooks",
    "do. It is an object of events, each a list of entries:",
    "",
    "```json",
    '{"hooks": {',
    '  "PreToolUse": [{"matcher": "shell_command", "command": "./scripts/check-command.sh", "timeout": 10}],',
    '  "PostToolUse": [{"matcher": "file_write|node_replace", "command": "ruff check --quiet ."}],',
    '  "UserPromptSubmit": [{"command": "./scripts/no-secrets-in-prompt.sh"}],',
    '  "Stop": [{"command": "make test >/dev/null 2>&1 || { echo tests fail >&2; exit 2; }", "timeout": 300}]',
    "}}",
    "```",
    "",
    "| event | when | what a hook can do |",
    "|---|---|---|",
    "| `PreToolUse` | before a tool call the permission rules do not deny | go on, deny it, ask you, or allow "
    "it without the question the rules or the mode would ask |",
    "| `PostToolUse` | after a tool call ran | tell the model something after the result (exit 2, or "
    '`{"decision": "block", "reason": ...}`) |',
    "| `UserPromptSubmit` | before the turn starts on your request | block the turn with a reason (nothing is "
    "stored), or add what it prints as context beside the request |",
    "| `Stop` | once the model has its final answer | send it back to work with the reason (at most 3 times a "
    "turn) |",
    "",
    "An entry is `{\"matcher\": \"<tool name pattern or *>\", \"command\": \"...\", \"timeout\": seconds}`: the",
    "matcher (tool events only, `*` by default) is a tool name, several separated by `|`, where `*` stands for",
    "any characters (`mcp__github__*`); the timeout defaults to 60 seconds, at most 600. A bare string is a",
    "command for every tool. `/hooks` lists what runs, from which file, and what is refused.",
    "",
    "**Input.** The command runs under `bash -c` in the workspace root, with the environment the model's",
    "commands get (no credential: `shell.environment.inherit`) plus `ORKEON_PROJECT_DIR`, and reads the event",
    "as one JSON object on stdin: `hook_event_name`, `session_id`, `workspace` (and `cwd`), `permission_mode`;",
    "`tool_name` and `tool_input` for the tool events; `tool_response` (`text`, its first 4,000 characters,",
    "and `is_error`) for PostToolUse; `prompt` for UserPromptSubmit; `answer` and `stop_hook_active` for Stop.",
    "",
    "**Output.** The exit code and stdout decide:",
    "",
    '- exit 0 goes on; its stdout may be one JSON object, `{"decision": "deny"|"ask"|"allow", "reason": "..."}`',
    '  for PreToolUse (Claude Code\'s `hookSpecificOutput.permissionDecision` is read too), `{"decision":',
    '  "block", "reason": "..."}` for the other events. A UserPromptSubmit hook\'s other stdout (or its',
    "  `hookSpecificOutput.additionalContext`) is context the model reads beside your request, in that turn's",
    "  prompt, named after the hook (its first 10,000 characters; not stored in the history); the other",
    "  events' other stdout is ignored;",
    "- exit 2 blocks: its stderr is the reason told to the model (PreToolUse: the call is refused);",
    "- any other exit code, the timeout (the hook and everything it started are killed), or a command that",
    "  cannot start is a failure: you are shown `warning: hook: the PreToolUse hook `...` (user) exited with",
    "  code 1: ...` beside the answer, and it is logged. A failing PreToolUse hook **denies** the call (never",
    "  a silent allow); a failure of the other events lets the turn go on.",
    "",
    "**The gate.** A call the rules or the mode deny is refused before any hook runs: a hook's `allow` never",
    "overrides a deny. Its `ask` puts the call to you (with no rule offered, since the hook would ask again),",
    "and with nobody to answer the call is refused, as every question. Several hooks of one event run one",
    "after the other in the settings' order; for PreToolUse the first that denies or fails settles it.",
    "",
    "**Where hooks come from.** Your own file, the session (`/config set hooks ...`) and the project's",
    "`.orkeon/config.json` all add their hooks. The project's file is the repository's, so its hooks wait for",
    "the workspace trust (`orkeon trust grant`, or the editor's question): until then `/hooks` lists them as",
    "held back and none runs. The old shape of this setting (free event names such as `beforeTool`,",
    "`afterTurn`) is refused entry by entry, each named with the event to use instead, and never run.",
    "",
    "**A value that does not parse.** `orkeon config set hooks '...'` refuses a value with an entry that does",
    "not parse (an unknown field, an event that is not one of the four, a bad timeout), naming the entry and",
    "the shape accepted, and writes nothing: the hooks in force stay. A PreToolUse entry that does not parse in",
    "a file edited by hand is a guard that cannot run: while it stands every tool call is refused, naming it,",
    "as a permission rule that does not parse stops every call; `/hooks` shows it.",
)


def commands_markdown() -> str:
    lines = [
        "# Commands",
        "",
        "<!-- Generated from orkeon_engine/commands/catalogue.py by `python -m orkeon_engine.docs_gen`. -->",
        "",
        "Every command runs the same way from the `orkeon` prompt (`/name args`), the command line",
        "(`orkeon name args`) and the editor (`orkeon.name`, with the same tokens as arguments).",
        "",
    ]
    for group in GROUPS:
        entries = sorted((e for e in CATALOGUE if e.group == group), key=lambda e: e.name)
        if not entries:
            continue
        lines += [f"## {group}", "", "| command | arguments | what it does |", "|---|---|---|"]
        for entry in entries:
            crew = " (runs a crew)" if entry.launches_crew else ""
            hint = entry.hint.replace("|", "\\|")
            lines.append(f"| `/{entry.name}` | {hint} | {entry.description}{crew} |")
        lines.append("")
    lines += [
        "## The todo list",
        "",
        "For work of several steps the assistant keeps a todo list with the `todo_write` tool, whose input is the",
        'whole list: `{"todos": [{"content": "...", "status": "pending"|"in_progress"|"completed"}]}`. `/todos`',
        "shows it (`[x]` done, `[>]` in progress, `[ ]` pending); the editor shows each new list as the turn's",
        "`$/progress`, an ACP client as the session's plan (docs/assistant.md).",
        "",
        "## Exit codes",
        "",
        "`orkeon <command>` exits with:",
        "",
        "| code | when |",
        "|---|---|",
        "| 0 | the command ran |",
        f"| {FAIL_ON_EXIT} | `review --fail-on SEVERITY`: a finding at or above it stands; or the command failed "
        "(not configured, a bad setting, git refused) |",
        "| 2 | bad arguments |",
        f"| {FAILED_RUN_EXIT} | `review` (and `security-review`): no lens gave a valid answer, so the change was "
        "not reviewed (its SARIF invocation is not successful) |",
        "",
    ]
    return "\n".join(lines)


def _show(value: Any) -> str:
    return "-" if value is None else json.dumps(value)


PAGES = {"configuration.md": configuration_markdown, "commands.md": commands_markdown}


def main(root: str = ".") -> int:
    for name, render in PAGES.items():
        (Path(root) / "docs" / name).write_text(render(), encoding="utf-8")
    write_editor_files(Path(root))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
