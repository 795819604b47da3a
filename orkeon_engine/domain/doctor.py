"""/doctor's checks: each one ok or failed, with what was found and, when it failed, the fix."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MIN_PYTHON = (3, 11)


@dataclass(frozen=True)
class Check:
    """One check: its name, whether it passed, what was found, and the fix when it did not pass."""

    name: str
    ok: bool
    detail: str
    fix: str = ""

    @classmethod
    def passed(cls, name: str, detail: str) -> Check:
        return cls(name, True, detail)

    @classmethod
    def failed(cls, name: str, detail: str, fix: str) -> Check:
        return cls(name, False, detail, fix)


@dataclass(frozen=True)
class GrammarStatus:
    """One tree-sitter grammar: whether it loads, and why not."""

    language: str
    loaded: bool
    detail: str = ""


def python_check(version: tuple[int, int, int], executable: str) -> Check:
    text = ".".join(str(part) for part in version)
    if version[:2] >= MIN_PYTHON:
        return Check.passed("python", f"{text} ({executable})")
    needed = ".".join(str(part) for part in MIN_PYTHON)
    return Check.failed("python", f"{text} ({executable})", f"install Python {needed} or later and reinstall orkeon")


def git_check(version: str | None) -> Check:
    if version:
        return Check.passed("git", version)
    return Check.failed("git", "git cannot be run", "install git and put it on the PATH: the git commands and "
                                                    "the review read the repository through it")


def grammars_check(grammars: Sequence[GrammarStatus]) -> Check:
    broken = [g for g in grammars if not g.loaded]
    if not grammars:
        return Check.failed("grammars", "no tree-sitter grammar is installed",
                            "reinstall orkeon with its dependencies (pip install orkeon)")
    if not broken:
        return Check.passed("grammars", ", ".join(g.language for g in grammars) + " load")
    detail = "; ".join(f"{g.language}: {g.detail}" for g in broken)
    return Check.failed("grammars", detail, "reinstall the grammar packages (pip install --force-reinstall "
                                            + " ".join(f"tree-sitter-{g.language}" for g in broken) + ")")


def summary(checks: Sequence[Check]) -> str:
    failed = [c.name for c in checks if not c.ok]
    if not failed:
        return f"All {len(checks)} checks pass."
    return f"{len(failed)} of {len(checks)} checks failed: {', '.join(failed)}."
