"""ScriptedRewriteTurn: what definition_rewrite needs of its turn (tools/definition_rewrite.py RewriteTurn):
the focused call, answering its replies in order, `calls` recording (instructions, message, max_tokens) of
each; the request; and the read rules, refusing the paths in `refused`."""

from __future__ import annotations

from collections.abc import Iterable


class ScriptedRewriteTurn:
    def __init__(self, replies: Iterable[str] = (), request: str = "", refused: Iterable[str] = ()) -> None:
        self.replies = list(replies)
        self.request = request
        self.refused = set(refused)
        self.calls: list[tuple[str, str, int]] = []

    def read_refusal(self, path: str, paths: tuple[str, ...]) -> str | None:
        return "a deny rule: file_read(keys.py)" if self.refused & {path, *paths} else None

    async def __call__(self, system: str, user: str, max_tokens: int) -> str:
        self.calls.append((system, user, max_tokens))
        if not self.replies:
            raise AssertionError("the focused call was made more often than scripted")
        return self.replies.pop(0)
