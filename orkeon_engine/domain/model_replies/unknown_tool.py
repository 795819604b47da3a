"""What the tool loop says to a call of a tool it does not offer, and the offered tool its arguments fit.

Qwen2.5-Coder-1.5B on llama.cpp asked for `file_settings` with `{"path": "inventory/settings.py", "offset": 1,
"limit": 200}` (file_read's arguments under a name made from the file's), read the bare list of offered
names it got back, and gave up ("please provide the request again"). The call is still not run under any
other name (the issue: an unknown tool name is not run); the refusal names the offered tool whose input the
arguments fit, so the next call can be the one meant. A tool fits when every argument is one of its
properties and every property it requires is given. One argument (a bare `path`) says too little of what
was meant, so the hint needs two or more; with none fitting, or more than two, the list is all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

FITTING_AT_MOST = 2  # more tools fitting than this says nothing the list of names does not
ARGUMENTS_AT_LEAST = 2  # one argument (`path`) fits too many tools to say which was meant


def unknown_tool_text(name: str, arguments: Mapping[str, Any] | None, offered: Mapping[str, Any],
                      names: list[str]) -> str:
    """The refusal of a call of `name`: the tools offered (`names`), first the one(s) its arguments fit."""
    listed = ", ".join(sorted(names)) or "none"
    text = f"unknown tool {name!r}; the tools offered are: {listed}"
    fitting = tools_fitting(arguments, offered) if arguments and len(arguments) >= ARGUMENTS_AT_LEAST else []
    if not fitting or len(fitting) > FITTING_AT_MOST:
        return text
    keys = ", ".join(arguments or {})
    choice = " or ".join(fitting)
    return f"{text}. The arguments given ({keys}) are those {choice} takes: call {choice} with them."


def tools_fitting(arguments: Mapping[str, Any], offered: Mapping[str, Any]) -> list[str]:
    """The offered tools (name -> JSON schema of their parameters) whose input takes exactly these keys."""
    return sorted(tool for tool, schema in offered.items() if _fits(set(arguments), schema))


def _fits(keys: set[str], schema: Any) -> bool:
    properties = schema.get("properties") if isinstance(schema, Mapping) else None
    if not isinstance(properties, Mapping) or not keys or not keys <= set(properties):
        return False
    required = schema.get("required")
    return not isinstance(required, list) or set(map(str, required)) <= keys
