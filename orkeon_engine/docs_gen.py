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
from orkeon_engine.domain.config_schema import CONFIG_KEYS
from orkeon_engine.domain.review_report import FAIL_ON_EXIT, FAILED_RUN_EXIT


def configuration_markdown() -> str:
    lines = [
        "# Configuration",
        "",
        "<!-- Generated from orkeon_engine/domain/config_schema.py by `python -m orkeon_engine.docs_gen`. -->",
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
    return "\n".join(lines) + "\n"


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
