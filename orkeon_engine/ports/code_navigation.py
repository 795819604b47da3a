"""CodeNavigation: where a Python name is defined and where it is used, from the language's semantics."""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.domain.code_index.answers import Location


class CodeNavigationError(Exception):
    """The navigation cannot answer for that place: the message names the file and the reason (not a
    Python file, a line or column outside the text)."""


class CodeNavigation(Protocol):
    """Definitions and references of Python names. `path` is workspace-relative; `text` is the file's
    current text (an editor's buffer wins over the disk); `line` is 1-based, `column` 1-based.

    Failure contract: a place that holds no name gives an empty list; a path that is not Python or a
    position outside the text raises CodeNavigationError. An error inside the analysis library is turned
    into CodeNavigationError with its message. The work runs off the event loop."""

    async def goto_definition(self, path: str, text: str, line: int, column: int) -> list[Location]: ...

    async def find_references(self, path: str, text: str, line: int, column: int) -> list[Location]: ...
