"""MCP servers and their tools as the engine names them: the declarations, the extra tool names, the
`tools.extra` entries, and what a server answers.

A server is declared in `.mcp.json` at the workspace root (`{"mcpServers": {"<name>": {"command": ...,
"args": [...], "env": {...}}}}`, the file other agents and editors read) or in the `mcp.servers` setting
(the same object of servers). Only servers run over stdio are supported: a declaration with a `url` is
refused with that reason. `${VAR}` and `${VAR:-default}` in the command, the arguments and the values
of `env` are taken from the engine's environment, so a token stays in the environment rather than in the
file; a variable that is not set (and has no default) makes the declaration a problem.

An extra tool is named `mcp__<server>__<tool>`: a server's name holds letters, digits, `-` and single
`_`, so the first `__` after the prefix ends it. A `tools.extra` entry is that name, alone (class write)
or followed by `:read` or `:write`. The class write is the gate's `extra` class.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

EXTRA_PREFIX = "mcp__"
SEPARATOR = "__"
SERVER_NAME = re.compile(r"[A-Za-z0-9-]+(_[A-Za-z0-9-]+)*")
MODEL_TOOL_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a model's function-calling API accepts as a tool name."""
VARIABLE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")
DECLARATION_KEYS = frozenset({"command", "args", "env", "type"})
ExtraClass = Literal["read", "extra"]
CLASS_WORDS: dict[str, ExtraClass] = {"read": "read", "write": "extra"}


@dataclass(frozen=True)
class McpServerSpec:
    """A server to start over stdio: its name, the command, its arguments and environment, and where it
    was declared (`origin`: a file's path, the user's settings, `built-in`)."""

    name: str
    command: str
    args: tuple[str, ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    origin: str = ""
    project: bool = False
    """Declared by the project (its `.mcp.json` or settings file): started only in a trusted workspace."""


@dataclass(frozen=True)
class RemoteTool:
    """A tool a server registers: its own name, what it says it does, the JSON schema of its arguments."""

    name: str
    description: str = ""
    input_schema: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class RemoteResult:
    """A tool's answer as text (its text blocks joined; other blocks described), and whether it failed."""

    text: str
    is_error: bool = False


@dataclass(frozen=True)
class ServerState:
    """How a server stands: `not started`, `starting`, `running`, `stopped` or `failed`, and why."""

    name: str
    state: str
    detail: str = ""


@dataclass(frozen=True)
class ExtraToolSpec:
    """One `tools.extra` entry: the full name, its server and tool, and the class the gate reads."""

    name: str
    server: str
    tool: str
    tool_class: ExtraClass = "extra"

    @property
    def class_word(self) -> str:
        return "read" if self.tool_class == "read" else "write"


def extra_tool_name(server: str, tool: str) -> str:
    """`mcp__<server>__<tool>`."""
    return f"{EXTRA_PREFIX}{server}{SEPARATOR}{tool}"


def split_extra_name(name: str) -> tuple[str, str] | None:
    """(server, tool) of `mcp__<server>__<tool>`, or None when the name is not of that form."""
    if not name.startswith(EXTRA_PREFIX):
        return None
    server, separator, tool = name[len(EXTRA_PREFIX):].partition(SEPARATOR)
    if not separator or not tool or SERVER_NAME.fullmatch(server) is None:
        return None
    return server, tool


def parse_extra_entries(values: Any, where: str) -> tuple[list[ExtraToolSpec], list[str]]:
    """The `tools.extra` entries of `values` (a list of strings) and one problem line per bad entry."""
    if values is None:
        return [], []
    if not isinstance(values, list):
        return [], [f"{where}: tools.extra must be a list of names such as mcp__github__list_issues:read"]
    specs: dict[str, ExtraToolSpec] = {}
    problems: list[str] = []
    for index, value in enumerate(values):
        spec, problem = _extra_entry(value)
        if problem:
            problems.append(f"{where}: tools.extra[{index}] {value!r} {problem}")
        elif spec is not None:
            known = specs.get(spec.name)
            if known is not None and known.tool_class != spec.tool_class:
                problems.append(f"{where}: tools.extra names {spec.name} twice, as {known.class_word} and as "
                                f"{spec.class_word}")
            specs[spec.name] = spec
    return list(specs.values()), problems


def _extra_entry(value: Any) -> tuple[ExtraToolSpec | None, str]:
    expected = "is not mcp__<server>__<tool>, optionally followed by :read or :write"
    if not isinstance(value, str):
        return None, expected
    name, colon, word = value.strip().partition(":")
    if colon and word not in CLASS_WORDS:
        return None, f"has the class {word!r}; the class is read or write"
    parts = split_extra_name(name)
    if parts is None:
        return None, expected
    return ExtraToolSpec(name, parts[0], parts[1], CLASS_WORDS[word or "write"]), ""


def model_name_problem(name: str) -> str:
    """Why a model cannot be offered the tool `name` ("" when it can): letters, digits, _ and -, 64 at most."""
    if MODEL_TOOL_NAME.fullmatch(name):
        return ""
    return f"{name} cannot be offered to a model, whose tool names are letters, digits, _ and -, 64 at most"


def parse_mcp_json(text: str, origin: str, env: Mapping[str, str]) -> tuple[list[McpServerSpec], list[str]]:
    """The servers of a `.mcp.json` file's text (a project's), and one problem line per thing refused."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return [], [f"{origin}: invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}"]
    except RecursionError:
        return [], [f"{origin}: nested too deeply to be read"]
    if not isinstance(data, dict) or not isinstance(data.get("mcpServers", {}), dict):
        return [], [f"{origin}: expected an object whose mcpServers is an object of servers"]
    return parse_server_table(data.get("mcpServers", {}), origin, env, project=True)


def parse_server_table(
    value: Any, origin: str, env: Mapping[str, str], project: bool = False
) -> tuple[list[McpServerSpec], list[str]]:
    """The servers of an object of declarations (`{"<name>": {"command", "args", "env"}}`) and the
    problems, each naming `origin` and the server."""
    if value is None:
        return [], []
    if not isinstance(value, dict):
        return [], [f"{origin}: the MCP servers must be an object of name: {{command, args, env}}"]
    servers: list[McpServerSpec] = []
    problems: list[str] = []
    for name, declaration in value.items():
        server, problem = _server(name, declaration, origin, env, project)
        if problem:
            problems.append(f"{origin}: MCP server {name!r}: {problem}")
        elif server is not None:
            servers.append(server)
    return servers, problems


def _server(name: Any, declaration: Any, origin: str, env: Mapping[str, str],
            project: bool) -> tuple[McpServerSpec | None, str]:
    if not isinstance(name, str) or SERVER_NAME.fullmatch(name) is None:
        return None, "a server's name holds letters, digits, - and single _ (it names its tools mcp__<name>__...)"
    if not isinstance(declaration, dict):
        return None, "expected an object with command, args and env"
    if "url" in declaration or declaration.get("type", "stdio") != "stdio":
        return None, "only servers started over stdio (command, args, env) are supported, not url servers"
    unknown = sorted(set(declaration) - DECLARATION_KEYS)
    if unknown:
        return None, f"unknown key {unknown[0]!r}; expected command, args, env"
    command, args, variables = declaration.get("command"), declaration.get("args", []), declaration.get("env", {})
    if not isinstance(command, str) or not command.strip():
        return None, "command must be a non-empty string"
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        return None, "args must be a list of strings"
    if not isinstance(variables, dict) or not all(isinstance(v, str) for v in variables.values()):
        return None, "env must be an object of strings"
    try:
        spec = McpServerSpec(
            name, expand_variables(command, env), tuple(expand_variables(a, env) for a in args),
            tuple((str(k), expand_variables(v, env)) for k, v in variables.items()), origin, project)
    except KeyError as error:
        return None, f"${{{error.args[0]}}} is not set in the environment (write ${{{error.args[0]}:-default}} " \
                     "to give a default)"
    return spec, ""


def expand_variables(text: str, env: Mapping[str, str]) -> str:
    """`text` with each `${VAR}` replaced by the variable's value and `${VAR:-x}` by the value or `x`;
    KeyError naming a variable that is not set and has no default."""

    def value(match: re.Match[str]) -> str:
        name, default = match.group(1), match.group(2)
        if name in env:
            return env[name]
        if default is not None:
            return default
        raise KeyError(name)

    return VARIABLE.sub(value, text)
