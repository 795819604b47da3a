"""FakeSystemProbe: the SystemProbe port with plain fields for the Python, git, grammars and programs it reports
(`missing_programs` are the ones not on the PATH; every other name is found under /usr/bin)."""

from __future__ import annotations

from orkeon_engine.domain.ui.doctor import GrammarStatus


class FakeSystemProbe:
    def __init__(self) -> None:
        self.version: tuple[int, int, int] = (3, 11, 9)
        self.executable = "/usr/bin/python3"
        self.git: str | None = "git version 2.43.0"
        self.grammar_list: list[GrammarStatus] = [GrammarStatus("python", True), GrammarStatus("go", True)]
        self.grammar_loads = 0
        self.missing_programs: set[str] = set()

    def python(self) -> tuple[tuple[int, int, int], str]:
        return self.version, self.executable

    async def git_version(self) -> str | None:
        return self.git

    async def grammars(self) -> list[GrammarStatus]:
        self.grammar_loads += 1
        return list(self.grammar_list)

    def find_program(self, name: str) -> str | None:
        return None if name in self.missing_programs else f"/usr/bin/{name}"
