"""MODE_POLICIES: what each permission mode offers the model and how it settles a call no rule settles.

The table is the reference's: default, acceptEdits and bypassPermissions offer every tool class; plan
and dontAsk are read-only and offer the read tools alone. `when_unsure` is what a mode does with a call
that would ask: ask the person (default, acceptEdits, plan), allow it (bypassPermissions), or refuse it
(dontAsk never asks). acceptEdits allows an edit inside the workspace without asking.

MODE_POLICIES is a ModePolicies, a TypedDict with one key per mode, and `policy_for` indexes it with any
PermissionMode: a mode added to PERMISSION_MODES without its row here fails the type check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypedDict

from orkeon_engine.domain.permissions.modes import PermissionMode
from orkeon_engine.domain.tool_call import TOOL_CLASSES, ToolClass

PolicyClass = ToolClass
"""The classes a mode offers are the tool classes: `extra` is the extra tools that do more than read (an
extra tool declared `read` states `read`, so it joins the read tools)."""
POLICY_CLASSES: tuple[PolicyClass, ...] = TOOL_CLASSES
Unsure = Literal["ask", "allow", "deny"]


@dataclass(frozen=True)
class ModePolicy:
    """One row of the table."""

    read_only: bool
    tool_classes: frozenset[PolicyClass]
    when_unsure: Unsure = "ask"
    accepts_edits: bool = False

    def offers(self, policy_class: PolicyClass) -> bool:
        return policy_class in self.tool_classes

    def classes_text(self) -> str:
        return ", ".join(c for c in POLICY_CLASSES if c in self.tool_classes)


class ModePolicies(TypedDict):
    """One row per permission mode; every key is required."""

    default: ModePolicy
    acceptEdits: ModePolicy
    bypassPermissions: ModePolicy
    plan: ModePolicy
    dontAsk: ModePolicy


_EVERY_CLASS: frozenset[PolicyClass] = frozenset(POLICY_CLASSES)
_READ: frozenset[PolicyClass] = frozenset({"read"})

MODE_POLICIES: ModePolicies = {
    "default": ModePolicy(read_only=False, tool_classes=_EVERY_CLASS),
    "acceptEdits": ModePolicy(read_only=False, tool_classes=_EVERY_CLASS, accepts_edits=True),
    "bypassPermissions": ModePolicy(read_only=False, tool_classes=_EVERY_CLASS, when_unsure="allow"),
    "plan": ModePolicy(read_only=True, tool_classes=_READ),
    "dontAsk": ModePolicy(read_only=True, tool_classes=_READ, when_unsure="deny"),
}


def policy_for(mode: PermissionMode) -> ModePolicy:
    """The mode's row (mypy checks that every PermissionMode is a key of ModePolicies)."""
    return MODE_POLICIES[mode]

