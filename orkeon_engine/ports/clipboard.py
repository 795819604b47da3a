"""Clipboard: put a text on the person's clipboard (the command line's /copy)."""

from __future__ import annotations

from typing import Protocol


class ClipboardError(Exception):
    """No way to reach a clipboard here, or every way failed; the message says what was tried and what would
    work (a program to install, a terminal that takes OSC 52)."""


class Clipboard(Protocol):
    """Failure contract: `copy` raises ClipboardError (and nothing else) when the text could not be put on a
    clipboard; it returns how it was put there (`wl-copy`, `xclip`, `the terminal (OSC 52)`)."""

    async def copy(self, text: str) -> str: ...
