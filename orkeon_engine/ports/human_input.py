"""HumanInput: a question to the person, a choice among options or a line of text; and PermissionAsker,
the richer form of the permission gate's question that a front end may take instead."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from orkeon_engine.domain.permissions.question import PermissionQuestion


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


@runtime_checkable
class PermissionAsker(Protocol):
    """A HumanInput that takes the gate's whole question (the call, its rules) rather than a text and
    buttons; the gate asks it through `ask_permission` instead of `choose`, and offers it Always deny.

    Failure contract: as HumanInput's: never raises; nobody to answer (no answer before the question's
    deadline, a cancelled request, an error from the client) is None, which the gate reads as Deny."""

    async def ask_permission(self, question: PermissionQuestion) -> str | None:
        """One of `question.answers`, exactly as given, or None."""
        ...
