"""The permission modes the assistant runs in, and the order `/mode next` cycles through them."""

from __future__ import annotations

from typing import Literal, get_args

PermissionMode = Literal["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk"]
PERMISSION_MODES: tuple[PermissionMode, ...] = get_args(PermissionMode)
MODE_CYCLE: tuple[PermissionMode, ...] = ("default", "acceptEdits", "plan")
FALLBACK_MODE: PermissionMode = "default"
SESSION_MODE_KEY = "permissions.mode"


def parse_mode(text: str) -> PermissionMode | None:
    """The mode with that name (case-insensitive), or None."""
    for mode in PERMISSION_MODES:
        if mode.lower() == text.strip().lower():
            return mode
    return None


def next_in_cycle(mode: str) -> PermissionMode:
    """The mode `/mode next` moves to: the next of MODE_CYCLE, or its first when `mode` is not in it."""
    known = parse_mode(mode)
    if known is None or known not in MODE_CYCLE:
        return MODE_CYCLE[0]
    return MODE_CYCLE[(MODE_CYCLE.index(known) + 1) % len(MODE_CYCLE)]
