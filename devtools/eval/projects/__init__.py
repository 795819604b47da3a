"""The small projects the generated tasks are made from, each a folder here with its own tests.

A module of functions (basket), a package whose facts live one import away (inventory), a class with state
(ledger), a command line with argument parsing (todo), a config-driven service (notifier), and a JavaScript
module tested with node (slugs). The harness copies a project's files into a fresh git repository; the
mutation operators and the change generators read and rewrite their text.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Project:
    """One project: its files (path to text), which of them are sources and tests, and how its tests run."""

    name: str
    language: str
    """"python" or "javascript"."""
    files: dict[str, str]
    test_command: tuple[str, ...]
    """The command a person types to run the tests, in the project's folder ("python" is the current one)."""

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(path for path in sorted(self.files) if _is_source(path, self.language))

    @property
    def tests(self) -> tuple[str, ...]:
        return tuple(path for path in sorted(self.files) if _is_test(path, self.language))

    @property
    def allow_rules(self) -> tuple[str, ...]:
        """The project settings' allow rules that let an agent run the tests, as a team would write them."""
        if self.language == "javascript":
            return ("shell_command(node --test:*)", "shell_command(npm test:*)")
        return ("shell_command(python -m pytest:*)", "shell_command(pytest:*)")


def _is_test(path: str, language: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    if language == "javascript":
        return name.endswith(".test.js")
    return name.startswith("test_") and name.endswith(".py")


def _is_source(path: str, language: str) -> bool:
    suffix = ".js" if language == "javascript" else ".py"
    return path.endswith(suffix) and not _is_test(path, language) and not path.endswith("__init__.py")


LANGUAGES = {"basket": "python", "inventory": "python", "ledger": "python", "todo": "python",
             "notifier": "python", "slugs": "javascript"}


def _read(folder: Path) -> dict[str, str]:
    return {path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(folder.rglob("*")) if path.is_file() and "__pycache__" not in path.parts}


@functools.cache
def load(name: str) -> Project:
    """The project of that name, read from its folder here."""
    language = LANGUAGES[name]
    command = ("node", "--test") if language == "javascript" else ("python", "-m", "pytest", "-q")
    return Project(name, language, _read(HERE / name), command)


def all_projects() -> tuple[Project, ...]:
    return tuple(load(name) for name in LANGUAGES)
