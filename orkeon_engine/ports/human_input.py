"""HumanInput: a question to the person, a choice among options or a line of text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from orkeon_engine.domain.tool_call import ProposedEdit


class HumanInput(Protocol):
    """Asks the person.

    Failure contract: never raises for want of an answer. Nobody to answer (no terminal, CI, a client
    without the capability, a closed dialog) is an answer of its own: None. The caller decides what None
    means, and for the permission gate it means Deny."""

    async def choose(self, question: str, options: list[str], edits: Sequence[ProposedEdit] = ()) -> str | None:
        """One of `options`, exactly as given, or None. `edits` are the whole new texts of the files an edit
        would change, for a front end that can show the change beside the question (the question's text
        already holds a short diff, so a front end may ignore them)."""
        ...

    async def ask_text(self, question: str, default: str = "") -> str | None:
        """A line of text, or None."""
        ...
