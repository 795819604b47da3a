"""FakeHumanInput: the HumanInput port answering from scripted lists; `questions` records what was asked."""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.domain.tool_call import FileEdit


class FakeHumanInput:
    def __init__(self, choices: list[str | None] | None = None, texts: list[str | None] | None = None) -> None:
        self.choices: list[str | None] = list(choices or [])
        self.texts: list[str | None] = list(texts or [])
        self.questions: list[tuple[str, list[str]]] = []
        self.edits: list[tuple[FileEdit, ...]] = []
        """The whole changes handed with each choice, in the order asked."""
        self.error: Exception | None = None
        """Raised by `choose` when set: a client that breaks its contract."""

    async def choose(self, question: str, options: list[str], edits: Sequence[FileEdit] = ()) -> str | None:
        self.questions.append((question, list(options)))
        self.edits.append(tuple(edits))
        if self.error is not None:
            raise self.error
        return self.choices.pop(0) if self.choices else None

    async def ask_text(self, question: str, default: str = "") -> str | None:
        self.questions.append((question, []))
        return self.texts.pop(0) if self.texts else None
