"""The catalogue as editor clients read it: `orkeon catalogue --format json|vscode`.

`json` lists every command with its arguments (the Neovim client completes names, flags and values from it:
each flag and positional carries its `choices`, and a positional whose values are known only at run time
names their source in `choicesFrom`, which the editor asks the language server for with `orkeon/choices`);
`vscode` is the whole `editors/vscode/package.json`, one palette command per catalogue entry under the
"Orkeon" category, so the extension's manifest is generated, never edited by hand. `write_editor_files`
(run by `python -m orkeon_engine.docs_gen`) rewrites that manifest and the command table of
docs/editors.md; tests/repository/test_editor_clients.py checks both are up to date.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from orkeon_engine import __version__
from orkeon_engine.commands._shared.entry import CommandEntry
from orkeon_engine.commands.catalogue import CATALOGUE
from orkeon_engine.domain.permissions.modes import PERMISSION_MODES
from orkeon_engine.domain.ui.args import Flag, Positional

FORMATS: tuple[str, ...] = ("json", "vscode")

PALETTE_PREFIX = "orkeon.palette."
"""The palette's command ids. The server's own ids (`orkeon.<name>`) are registered by the language client
itself, for code actions; a palette id must differ or VS Code refuses the second registration."""

RESTART_COMMAND = "orkeon.restartServer"
STOP_TASK_COMMAND = "orkeon.stopTask"
"""Picks one of the running crews and child agents (`orkeon.tasks`) and stops it."""

EXTRA_COMMANDS: tuple[tuple[str, str, str], ...] = (
    # (id, title, icon): the extension's own commands beside the catalogue's
    (RESTART_COMMAND, "Restart the language server", ""),
    (STOP_TASK_COMMAND, "Stop a running task", ""),
    ("orkeon.chooseMode", "Choose the permission mode", ""),
    ("orkeon.reviewStaged", "Review staged changes", "$(checklist)"),
    ("orkeon.reviewFiles", "Review the changes of these files", ""),
    ("orkeon.askAboutSelection", "Ask about the selection", ""),
)

MENUS: dict[str, list[dict[str, str]]] = {
    "scm/title": [{"command": "orkeon.reviewStaged", "group": "navigation", "when": "scmProvider == git"}],
    "scm/resourceState/context": [{"command": "orkeon.reviewFiles", "group": "orkeon", "when": "scmProvider == git"}],
    "editor/context": [
        {"command": "orkeon.reviewFiles", "group": "orkeon@1", "when": "resourceScheme == file"},
        {"command": "orkeon.askAboutSelection", "group": "orkeon@2", "when": "editorHasSelection"},
    ],
    "explorer/context": [{"command": "orkeon.reviewFiles", "group": "orkeon"}],
    "commandPalette": [
        {"command": "orkeon.askAboutSelection", "when": "editorHasSelection"},
        {"command": "orkeon.reviewStaged", "when": "false"},
    ],
}
"""Where the extension's commands appear besides the palette: the Source Control title and its changed
files, the editor's and the explorer's context menus. The Source Control title's *Review staged changes*
stays out of the palette, where /review's command has that title already."""

ACTIVATION_EVENTS = ["workspaceContains:.git", "workspaceContains:.orkeon"]
"""The extension starts in a workspace that is a git repository or holds .orkeon/ (and when one of its
commands is run: VS Code activates an extension for its contributed commands)."""

LOG_LEVELS = ("error", "warning", "info", "debug")
"""The server's `logLevel` values (orkeon_lsp/settings.py)."""

REPOSITORY = {"type": "git", "url": "https://github.com/orkeon/orkeon.git", "directory": "editors/vscode"}
"""Where the extension's sources live, as vsce wants it named in the .vsix."""

BUNDLE = "dist/extension.js"
ESBUILD_VERSION = "0.28.2"
VSCE_VERSION = "3.9.2"
"""The build tools from the npm registry (the newest @vscode/vsce that runs on Node 20);
editors/vscode/package-lock.json pins their whole trees."""

LANGUAGECLIENT_VERSION = "^11.0.0"
"""The vscode-languageclient range; editors/vscode/package-lock.json pins the exact version."""

VSCODE_ENGINE = "^1.91.0"
"""The oldest VS Code that vscode-languageclient 11 supports."""

TITLES: dict[str, str] = {
    # status
    "help": "Show the commands",
    "status": "Show status",
    "doctor": "Check the set-up",
    "version": "Show the version",
    "release-notes": "Show the release notes",
    "cache": "Show or clear the caches",
    "debug-tool-call": "Run one tool call for debugging",
    "usage": "Show tokens and cost",
    # settings
    "config": "Show or change settings",
    "mode": "Show or set the permission mode",
    "permissions": "Show or change the permission rules",
    "model": "Show or set the model",
    "effort": "Set the reasoning effort",
    "fast": "Toggle fast mode",
    "proactive": "Toggle proactive suggestions",
    "output-style": "Set the output style",
    "passes": "Set the number of review passes",
    "hooks": "Show the hooks",
    "skills": "Attach or detach skills",
    "agents": "Show the sub-agents",
    "advisor": "Get a second opinion on the last answer",
    "mcp": "Show the MCP servers and their tools",
    "trust": "Trust this workspace's settings",
    # session
    "assistant": "Ask the assistant",
    "clear": "Clear the conversation",
    "compact": "Compact the conversation",
    "context": "Show the context window's use",
    "summary": "Summarise the conversation",
    "export": "Export the conversation",
    "resume": "Resume a session",
    "tasks": "Show the running tasks",
    "todos": "Show the assistant's todo list",
    "add": "Add files to the context",
    "read-only": "Add files to the context, read-only",
    "drop": "Drop files from the context",
    "run": "Run a shell command",
    "copy": "Copy the last answer",
    "undo": "Undo the assistant's last edits",
    "rewind": "Rewind to an earlier turn",
    # memory
    "memory": "Manage the project's memory",
    "memory-admit": "Admit an entry to shared memory",
    # git
    "review": "Review staged changes",
    "security-review": "Review staged changes for security",
    "diff": "Show the changes",
    "commit": "Commit the changes",
    "branch": "Show or create a branch",
    # project
    "analyze": "Analyse the project",
    "init": "Write the project's instructions file",
    "init-verifiers": "Set up the verification skills",
    "verify": "Check the current change",
    # dev
    "dev": "Run the next development step",
    "dev-spec": "Write a specification",
    "dev-plan": "Plan the work in batches",
    "dev-batches": "Run the planned batches",
    "dev-implement": "Implement the next batch",
    "dev-change": "Make a focused change",
    "dev-verify": "Audit the delivered batch",
    "dev-learn": "Record what the work taught",
    "dev-source": "Show the development sources",
    # speech
    "say": "Say a text aloud",
    "transcribe": "Transcribe a recording",
    "voice": "Dictate a request",
}


def title_of(entry: CommandEntry) -> str:
    """The palette title in the person's words; a command without one gets its name, capitalised."""
    return TITLES.get(entry.name) or entry.name.replace("-", " ").capitalize()


def takes_arguments(entry: CommandEntry) -> bool:
    return bool(entry.args.flags or entry.args.positionals or entry.args.free_text)


def catalogue_json() -> dict[str, Any]:
    """Every command with what an editor needs to offer it: names, titles, flags and positionals."""
    return {"version": __version__, "commands": [_entry_json(entry) for entry in CATALOGUE]}


def _entry_json(entry: CommandEntry) -> dict[str, Any]:
    return {
        "name": entry.name,
        "command": f"orkeon.{entry.name}",
        "group": entry.group,
        "title": title_of(entry),
        "description": entry.description,
        "hint": entry.hint,
        "usage": entry.usage,
        "launchesCrew": entry.launches_crew,
        "aliases": list(entry.aliases),
        "takesArguments": takes_arguments(entry),
        "freeText": entry.args.free_text,
        "flags": [_flag_json(flag) for flag in entry.args.flags],
        "positionals": [_positional_json(p) for p in entry.args.positionals],
    }


def _flag_json(flag: Flag) -> dict[str, Any]:
    return {"name": flag.name, "value": flag.value, "help": flag.help, "repeatable": flag.repeatable,
            "short": flag.short, "choices": list(flag.choices)}


def _positional_json(positional: Positional) -> dict[str, Any]:
    return {"name": positional.name, "help": positional.help, "required": positional.required,
            "many": positional.many, "choices": list(positional.choices),
            "choicesFrom": positional.choices_from or None}


def first_choices(entry: CommandEntry) -> list[str]:
    """The closed list of values of the command's first positional (offered in a QuickPick), if any."""
    positionals = entry.args.positionals
    return list(positionals[0].choices) if positionals else []


def _settings() -> dict[str, Any]:
    modes = ["", *PERMISSION_MODES]
    return {
        "orkeon.server.command": {
            "type": "string",
            "default": "orkeon-lsp",
            "description": "The language server's executable: `orkeon-lsp` on the PATH, or a full "
                           "path such as `/path/to/project/.venv/bin/orkeon-lsp`.",
        },
        "orkeon.server.args": {
            "type": "array",
            "items": {"type": "string"},
            "default": [],
            "description": "Arguments after the server's executable.",
        },
        "orkeon.model": {
            "type": "string",
            "default": "",
            "description": "The model for this window (for example `openai/gpt-4o-mini`); empty "
                           "keeps the `model` setting of .orkeon/config.json or your user settings.",
        },
        "orkeon.mode": {
            "type": "string",
            "enum": modes,
            "enumDescriptions": ["keep the mode of the settings files (or the session's)",
                                 *(f"the {mode} permission mode for this window's session"
                                   for mode in PERMISSION_MODES)],
            "default": "",
            "description": "The permission mode of this window's session (as `/mode <name>`); empty keeps the "
                           "settings files' mode. The status bar item changes it too.",
        },
        "orkeon.logLevel": {
            "type": "string",
            "enum": list(LOG_LEVELS),
            "default": "info",
            "description": "The lowest level of the server's log shown in the \"Orkeon language server\" "
                           "output channel.",
        },
        "orkeon.askInEditor": {
            "type": "boolean",
            "default": True,
            "description": "Ask before a risky step in a dialog (with an edit's change beside it); off, "
                           "every step that would ask is refused.",
        },
        "orkeon.initializationOptions": {
            "type": "object",
            "default": {},
            "description": "Extra initialization options sent to the server, camelCase keys "
                           "(see docs/lsp.md).",
        },
    }


def vscode_manifest() -> dict[str, Any]:
    """editors/vscode/package.json: the extension's manifest with one palette command per entry, its own
    commands and menus, its settings, and the scripts that test, bundle and package it."""
    commands = [
        {"command": PALETTE_PREFIX + entry.name, "title": title_of(entry), "category": "Orkeon"}
        for entry in CATALOGUE
    ]
    for command, title, icon in EXTRA_COMMANDS:
        commands.append({"command": command, "title": title, "category": "Orkeon", **({"icon": icon} if icon else {})})
    return {
        "name": "orkeon",
        "displayName": "Orkeon",
        "description": "The Orkeon coding agent in the editor: its commands in the palette, its findings as "
                       "diagnostics, its questions before a risky step.",
        "version": __version__,
        "publisher": "orkeon",
        "license": "MIT",
        "repository": REPOSITORY,
        "private": True,
        "engines": {"vscode": VSCODE_ENGINE},
        "categories": ["AI", "Linters", "Other"],
        "main": "./" + BUNDLE,
        "activationEvents": ACTIVATION_EVENTS,
        "contributes": {
            "commands": commands,
            "menus": MENUS,
            "configuration": {"title": "Orkeon", "properties": _settings()},
        },
        "orkeon": {
            "comment": "Generated by `orkeon catalogue --format vscode`: what extension.js asks for.",
            "commands": [
                {"name": entry.name, "palette": PALETTE_PREFIX + entry.name, "hint": entry.hint,
                 "takesArguments": takes_arguments(entry), "choices": first_choices(entry)}
                for entry in CATALOGUE
            ],
            "modes": list(PERMISSION_MODES),
        },
        "scripts": {
            "test": "node --test test/*.test.js",
            "bundle": f"esbuild extension.js --bundle --minify --platform=node --format=cjs --target=node18 "
                      f"--external:vscode --outfile={BUNDLE}",
            "vscode:prepublish": "npm run bundle",
            "package": "vsce package --no-dependencies",
        },
        "dependencies": {"vscode-languageclient": LANGUAGECLIENT_VERSION},
        "devDependencies": {"@vscode/vsce": VSCE_VERSION, "esbuild": ESBUILD_VERSION},
    }


def render(fmt: str) -> str:
    """The catalogue in the named format, as the text `orkeon catalogue` prints; ValueError when unknown."""
    if fmt == "json":
        payload = catalogue_json()
    elif fmt == "vscode":
        payload = vscode_manifest()
    else:
        raise ValueError(f"unknown format {fmt!r}; accepted: {', '.join(FORMATS)}")
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"


PALETTE_START = "<!-- commands: generated from the catalogue by `python -m orkeon_engine.docs_gen` -->"
PALETTE_END = "<!-- /commands -->"


def palette_markdown() -> str:
    """The table of every command as each editor offers it."""
    lines = ["| command | VS Code palette | Neovim | asks for arguments |", "|---|---|---|---|"]
    for entry in sorted(CATALOGUE, key=lambda e: e.name):
        hint = entry.hint.replace("|", "\\|")
        asks = f"yes: `{hint}`" if takes_arguments(entry) and hint else ("yes" if takes_arguments(entry) else "no")
        lines.append(f"| `/{entry.name}` | Orkeon: {title_of(entry)} | `:Orkeon {entry.name}` | {asks} |")
    return "\n".join(lines)


def with_palette(page: str) -> str:
    """The page with the text between its command-table markers replaced by the current table."""
    start, end = page.find(PALETTE_START), page.find(PALETTE_END)
    if start < 0 or end < start:
        raise ValueError(f"the page has no {PALETTE_START!r} ... {PALETTE_END!r} section")
    return page[: start + len(PALETTE_START)] + "\n" + palette_markdown() + "\n" + page[end:]


COMMAND_NAMES_MODULE = Path("orkeon_engine") / "command_names.py"


def command_names_module() -> str:
    """orkeon_engine/command_names.py: the catalogue's names alone, which the language server lists at
    initialize without importing the commands (their import is kept off the way to the answer)."""
    names = "".join(f'    "{entry.name}",\n' for entry in CATALOGUE)
    return (
        '"""The name of every command of the catalogue, in its order, for an edge that lists the commands before\n'
        "it imports them (the language server's `initialize`).\n\n"
        "Generated from orkeon_engine/commands/catalogue.py by `python -m orkeon_engine.docs_gen`; do not edit it:\n"
        'tests/repository/test_editor_clients.py checks it is up to date.\n"""\n\n'
        f"COMMAND_NAMES: tuple[str, ...] = (\n{names})\n"
    )


def write_editor_files(root: Path) -> None:
    """Rewrite editors/vscode/package.json, the command table of docs/editors.md and
    orkeon_engine/command_names.py from the catalogue."""
    (root / "editors" / "vscode" / "package.json").write_text(render("vscode"), encoding="utf-8")
    (root / COMMAND_NAMES_MODULE).write_text(command_names_module(), encoding="utf-8")
    page = root / "docs" / "editors.md"
    page.write_text(with_palette(page.read_text(encoding="utf-8")), encoding="utf-8")
