"""FakeCodeNavigation: the CodeNavigation port answering from the locations a test sets; `asked` records."""

from __future__ import annotations

from orkeon_engine.domain.code_index.answers import Location


class FakeCodeNavigation:
    def __init__(self, definitions: list[Location] | None = None, references: list[Location] | None = None) -> None:
        self.definitions = list(definitions or [])
        self.references = list(references or [])
        self.asked: list[tuple[str, str, int, int]] = []

    async def goto_definition(self, path: str, text: str, line: int, column: int) -> list[Location]:
        self.asked.append(("definition", path, line, column))
        return list(self.definitions)

    async def find_references(self, path: str, text: str, line: int, column: int) -> list[Location]:
        self.asked.append(("references", path, line, column))
        return list(self.references)
