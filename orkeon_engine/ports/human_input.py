"""HumanInput: a question to the person, a choice among options or a line of text; PermissionAsker, the
richer form of the permission gate's question that a front end may take instead; and FreeAnswerAsker, a
choice that also takes the person's own words in one question (services/free_answer.py asks through it,
or through `choose` and `ask_text` when the front end has no such question)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:  # annotations only: a front end imports this port before any turn runs
    from orkeon_engine.domain.permissions.question import PermissionQuestion
    from orkeon_engine.domain.tool_call import FileEdit


class HumanInput(Protocol):
    """Asks the person.

    Failure contract: never raises for want of an answer. Nobody to answer (no terminal, CI, a client
    without the capability, a closed dialog) is an answer of its own: None. The caller decides what None
    means, and for the permission gate it means Deny."""

    async def choose(self, question: str, options: list[str], edits: Sequence[FileEdit] = ()) -> str | None:
        """One of `options`, exactly as given, or None. `edits` are the whole changes of the files an edit
        would make (the gate's question about an edit), for a front end that can show them beside the
        question (the question's text already holds a short diff, so a front end may ignore them)."""
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


@runtime_checkable
class FreeAnswerAsker(Protocol):
    """A HumanInput that offers options and a free answer in one question: the terminal's prompt (a number
    or words), the editor's dialog (the options and "Answer in my own words", then a text box), an ACP
    client's form (the options and a text field).

    Failure contract: as HumanInput's: never raises; nobody to answer, a dismissed dialog or an empty answer
    is None."""

    async def choose_or_write(self, question: str, options: list[str]) -> str | None:
        """One of `options`, exactly as given, or the person's own words (a non-empty line), or None."""
        ...
