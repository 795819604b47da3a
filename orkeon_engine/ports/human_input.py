"""HumanInput: a question to the person, a choice among options or a line of text."""

from __future__ import annotations

from typing import Protocol


class HumanInput(Protocol):
    """Asks the person.

    Failure contract: never raises for want of an answer. Nobody to answer (no terminal, CI, a client
    without the capability, a closed dialog) is an answer of its own: None. The caller decides what None
    means, and for the permission gate it means Deny."""

    async def choose(self, question: str, options: list[str]) -> str | None:
        """One of `options`, exactly as given, or None."""
        ...

    async def ask_text(self, question: str, default: str = "") -> str | None:
        """A line of text, or None."""
        ...
