"""The small projects the generated tasks are made from, each a folder here with its own tests.

A module of functions (basket), a package whose facts live one import away (inventory), a class with state
(ledger), a command line with argument parsing (todo), a config-driven service (notifier), and a JavaScript
module tested with node (slugs). The harness copies a project's files into a fresh git repository; the
mutation operators and the change generators read and rewrite their text.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
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
    """The project's files, without what running its tests here leaves (caches, hidden folders)."""
    def kept(path: Path) -> bool:
        parts = path.relative_to(folder).parts
        return path.is_file() and not any(part == "__pycache__" or part.startswith(".") for part in parts)

    return {path.relative_to(folder).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(folder.rglob("*")) if kept(path)}


@functools.cache
def load(name: str) -> Project:
    """The project of that name, read from its folder here."""
    language = LANGUAGES[name]
    command = ("node", "--test") if language == "javascript" else ("python", "-m", "pytest", "-q")
    return Project(name, language, _read(HERE / name), command)


def all_projects() -> tuple[Project, ...]:
    return tuple(load(name) for name in LANGUAGES)


def write(project: Project, folder: Path, changed: dict[str, str] | None = None) -> Path:
    """The project's files written under `folder`, with `changed` (path to text) over them."""
    for path, text in {**project.files, **(changed or {})}.items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return folder


def run_tests(project: Project, folder: Path, limit: float = 120.0) -> tuple[int, str]:
    """The project's tests run in `folder` (with this Python for "python"): the exit code and the output's
    last line; past `limit` seconds, -1."""
    argv = [sys.executable if part == "python" else part for part in project.test_command]
    if project.language == "python":
        argv += ["-p", "no:cacheprovider"]
    try:
        done = subprocess.run(argv, cwd=folder, capture_output=True, text=True, timeout=limit,
                              stdin=subprocess.DEVNULL, env=_quiet_environment())
    except subprocess.TimeoutExpired:
        return -1, f"the tests ran past {limit:.0f} s"
    lines = (done.stdout.strip() or done.stderr.strip()).splitlines()
    return done.returncode, (lines[-1][:120] if lines else f"exit {done.returncode}")


def _quiet_environment() -> dict[str, str]:
    """No __pycache__ left in a task's repository by the judge's run, and pytest as the project's own
    requirements give it: without the plugins of the eval's environment (seconds each start, and warnings)."""
    return {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
