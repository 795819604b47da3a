"""The plain values some settings take: the words a choice setting accepts and the lists a setting defaults to.

They live here, apart from the modules that act on them, so the settings schema (domain/settings/config_schema.py)
lists them without importing those modules: the rule sets' rules, the shell's reading, the request's
search, the prompt tool protocol, the checks in the turn (with the check finder) and the local model's rules
cost an `orkeon status` that reads none of them. Each owner imports its values from here; nothing else declares them.
"""

from __future__ import annotations

TOOL_CALL_SETTINGS: tuple[str, ...] = ("auto", "native", "prompt")
"""`model.toolCalls`: how the tools are offered to the model (domain/model_replies/prompt_tool_protocol.py)."""

STRUCTURED_SETTINGS: tuple[str, ...] = ("auto", "json_schema", "tool", "prompt")
"""`model.structuredOutput`: how an answer in JSON is asked for (domain/model/structured_output.py)."""

REQUEST_SEARCHES: tuple[str, ...] = ("auto", "on", "off")
"""`assistant.requestSearch`: whether a turn first looks the request's words up (domain/context/request_material.py)."""

VERIFY_SETTINGS: tuple[str, ...] = ("auto", "off")
"""`assistant.verify`: auto runs the project's checks in the turn; off never does (domain/checks/turn_checks.py)."""

DEFAULT_RULE_SETS: tuple[str, ...] = ("secrets",)
"""`permissions.ruleSets` unset: the sets the assistant runs under (domain/permissions/rule_sets.py)."""

DEFAULT_SHELL_ALLOW: tuple[str, ...] = (
    "git", "python", "python3", "pip", "pytest", "ruff", "mypy", "black", "isort", "uv", "tox", "nox",
    "npm", "npx", "node", "pnpm", "yarn", "tsc", "eslint", "prettier", "make", "cargo", "go",
    "ls", "cat", "head", "tail", "wc", "grep", "rg", "find", "fd", "tree", "sort", "uniq", "diff",
    "cut", "sed", "echo", "pwd", "cd", "which", "true",
)
"""`shell.allow` unset: the programs shell_command and start_job may run (domain/permissions/shell.py)."""

DEFAULT_IDLE_MINUTES = 15
"""`model.local.idleMinutes` unset: the minutes without a model call after which the local model's server
stops (domain/model/local_model.py, services/local_model.py)."""

LOCAL_API_BASE = "local"
"""The `model.apiBase` value that names the server Orkeon serves itself (orkeon model local,
domain/model/local_model.py)."""
