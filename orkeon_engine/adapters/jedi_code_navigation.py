"""JediCodeNavigation: the CodeNavigation port over jedi, for Python files of the workspace.

jedi is imported on the first question, never at start-up, and writes its caches to the folder it is given
(in the workspace's state folder) instead of the user's home. Each question runs in a worker thread: jedi
takes up to a second on a large module."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from orkeon_engine.domain.code_index.answers import Location
from orkeon_engine.ports.code_navigation import CodeNavigationError

_SETUP = threading.Lock()


class JediCodeNavigation:
    """Definitions and references in the Python files under `root`; jedi's cache in `cache_dir` (None:
    jedi's own default)."""

    def __init__(self, root: Path, cache_dir: Path | None = None) -> None:
        self.root = root.resolve()
        self.cache_dir = cache_dir
        self._project: Any = None
        self._jedi: Any = None

    async def goto_definition(self, path: str, text: str, line: int, column: int) -> list[Location]:
        return await asyncio.to_thread(self._ask, "goto", path, text, line, column)

    async def find_references(self, path: str, text: str, line: int, column: int) -> list[Location]:
        return await asyncio.to_thread(self._ask, "references", path, text, line, column)

    def _load(self) -> Any:
        with _SETUP:
            if self._jedi is None:
                import jedi

                if self.cache_dir is not None:
                    self.cache_dir.mkdir(parents=True, exist_ok=True)
                    jedi.settings.cache_directory = str(self.cache_dir)
                self._project = jedi.Project(str(self.root))
                self._jedi = jedi
        return self._jedi

    def _ask(self, question: str, path: str, text: str, line: int, column: int) -> list[Location]:
        if not path.endswith((".py", ".pyi")):
            raise CodeNavigationError(f"{path}: goto_definition and find_references read Python files only")
        lines = text.split("\n")
        if not 1 <= line <= len(lines):
            raise CodeNavigationError(f"{path}: line {line} is outside the file (1 to {len(lines)})")
        if not 1 <= column <= len(lines[line - 1]) + 1:
            raise CodeNavigationError(f"{path}:{line}: column {column} is outside the line "
                                      f"(1 to {len(lines[line - 1]) + 1})")
        jedi = self._load()
        try:
            script = jedi.Script(text, path=str(self.root / path), project=self._project)
            if question == "goto":
                names = script.goto(line, column - 1, follow_imports=True)
            else:
                names = script.get_references(line, column - 1)
        except Exception as error:  # jedi's own faults are reported, never raised through
            raise CodeNavigationError(f"{path}:{line}:{column}: the analysis failed ({type(error).__name__}: "
                                      f"{error})") from None
        return [self._location(name) for name in names]

    def _location(self, name: Any) -> Location:
        module_path = name.module_path
        relative: str | None = None
        shown = ""
        if module_path is not None:
            resolved = Path(module_path)
            try:
                relative = resolved.resolve().relative_to(self.root).as_posix()
            except ValueError:
                relative = None
                shown = str(resolved)
        else:
            shown = f"builtin {name.module_name}"
        try:
            line_text = name.get_line_code() if relative is not None else ""
        except Exception:
            line_text = ""
        return Location(
            path=relative,
            line=name.line or 0,
            column=(name.column or 0) + 1,
            name=name.name,
            kind=name.type or "",
            qualified_name=name.full_name or "",
            line_text=line_text,
            module_path=shown,
        )
