"""A tool call as the permission gate and the tool loop see it, and what the gate decides about it.

The tool loop turns each call the model makes into a ToolCall: the tool's name and class, its decoded
arguments, and its subject in the person's terms (the command line of a shell call, the virtual paths a
file tool touches, a short diff of an edit), so the gate can match rules and ask a question a person
can answer. The loop stamps each call with the model's id for it (`call_id`), so a front end that shows
the calls as they go (the ACP agent) can tie the gate's question to the call it announced.

The classes: `read`, `network` (a call that reaches a host outside the machine, such as web_fetch), `edit`,
`shell`, and `extra`, the extra tools of MCP servers that do more than read (an extra tool declared `read`
in the `tools.extra` setting states `read` and is treated as any read).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, get_args

ToolClass = Literal["read", "network", "edit", "shell", "extra"]
TOOL_CLASSES: tuple[ToolClass, ...] = get_args(ToolClass)


@dataclass(frozen=True)
class FileEdit:
    """The whole change an edit makes to one file: its virtual path, its text before (None: a new file),
    and after. A front end that shows diffs itself (ACP's `diff` content) takes it as is."""

    path: str
    old_text: str | None
    new_text: str


@dataclass(frozen=True)
class ToolCall:
    """One call of a tool, described for the gate."""

    name: str
    tool_class: ToolClass
    arguments: dict[str, Any] = field(default_factory=dict)
    command: str | None = None
    """The shell command line, for a shell-class call."""
    paths: tuple[str, ...] = ()
    """The virtual paths (`/workspace/src/app.py`) the call reads or writes."""
    preview: str = ""
    """What the person is shown besides the subject: a short diff for an edit."""
    domain: str | None = None
    """The host a network call reaches (`example.org`), which `web_fetch(domain:...)` rules match."""
    edit: FileEdit | None = field(default=None, compare=False)
    """The whole change of an edit-class call, when the tool can say it (file_write)."""
    call_id: str = field(default="", compare=False)
    """The model's id for this call (set by the tool loop; empty when the call was made elsewhere)."""


@dataclass(frozen=True)
class Verdict:
    """The gate's final word on a call: allowed or not, and why (shown to the model when refused)."""

    allowed: bool
    reason: str = ""

    @classmethod
    def allow(cls, reason: str = "") -> Verdict:
        return cls(True, reason)

    @classmethod
    def deny(cls, reason: str) -> Verdict:
        return cls(False, reason)


@dataclass(frozen=True)
class ToolResult:
    """What a tool hands back to the model: text, marked as an error when the call failed."""

    text: str
    is_error: bool = False
    data: dict[str, Any] = field(default_factory=dict)
