"""ScriptedWriter: definition_rewrite's focused call (tools/definition_rewrite.py Writer), answering its
replies in order; `calls` records (instructions, message, max_tokens) of each call."""

from __future__ import annotations

from collections.abc import Iterable


class ScriptedWriter:
    def __init__(self, replies: Iterable[str] = ()) -> None:
        self.replies = list(replies)
        self.calls: list[tuple[str, str, int]] = []

    async def __call__(self, system: str, user: str, max_tokens: int) -> str:
        self.calls.append((system, user, max_tokens))
        if not self.replies:
            raise AssertionError("the writer was called more often than scripted")
        return self.replies.pop(0)
