"""The name of every command of the catalogue, in its order, for an edge that lists the commands before
it imports them (the language server's `initialize`).

Generated from orkeon_engine/commands/catalogue.py by `python -m orkeon_engine.docs_gen`; do not edit it:
tests/repository/test_editor_clients.py checks it is up to date.
"""

COMMAND_NAMES: tuple[str, ...] = (
    "help",
    "status",
    "config",
    "mode",
    "version",
    "release-notes",
    "resume",
    "review",
    "security-review",
    "passes",
    "permissions",
    "memory",
    "clear",
    "effort",
    "fast",
    "proactive",
    "output-style",
    "usage",
    "assistant",
    "summary",
    "compact",
    "context",
    "diff",
    "branch",
    "commit",
    "analyze",
    "init",
    "init-verifiers",
    "doctor",
    "debug-tool-call",
    "model",
    "hooks",
    "skills",
    "agents",
    "export",
    "tasks",
    "cache",
    "advisor",
    "trust",
)
