"""The SystemProbe of this machine: sys for Python, a `git --version` subprocess, the grammar packages loaded
through tree-sitter, and shutil.which over the PATH. tree-sitter is imported in `grammars` only, never at
start-up."""

from __future__ import annotations

import asyncio
import importlib
import shutil
import subprocess
import sys

from orkeon_engine.domain.ui.doctor import GrammarStatus

GRAMMARS: tuple[tuple[str, str, str], ...] = (
    ("python", "tree_sitter_python", "language"),
    ("javascript", "tree_sitter_javascript", "language"),
    ("typescript", "tree_sitter_typescript", "language_typescript"),
    ("tsx", "tree_sitter_typescript", "language_tsx"),
    ("go", "tree_sitter_go", "language"),
    ("rust", "tree_sitter_rust", "language"),
    ("java", "tree_sitter_java", "language"),
)
"""(language, module, function returning the grammar): the grammar packages of pyproject.toml."""


class HostSystemProbe:
    def __init__(self, grammars: tuple[tuple[str, str, str], ...] = GRAMMARS, git: str = "git",
                 path: str | None = None) -> None:
        self._grammars = grammars
        self._git = git
        self._path = path
        """The PATH to look programs up on (None: the engine's own, which the shell tools inherit)."""

    def find_program(self, name: str) -> str | None:
        return shutil.which(name, path=self._path)

    def python(self) -> tuple[tuple[int, int, int], str]:
        info = sys.version_info
        return (info.major, info.minor, info.micro), sys.executable

    async def git_version(self) -> str | None:
        return await asyncio.to_thread(self._git_version)

    def _git_version(self) -> str | None:
        try:
            done = subprocess.run([self._git, "--version"], capture_output=True, text=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            return None
        return (done.stdout.strip() or None) if done.returncode == 0 else None

    async def grammars(self) -> list[GrammarStatus]:
        return await asyncio.to_thread(self._load_grammars)

    def _load_grammars(self) -> list[GrammarStatus]:
        try:
            from tree_sitter import Language, Parser
        except ImportError as error:
            return [GrammarStatus(name, False, f"tree-sitter cannot be imported ({error})")
                    for name, _, _ in self._grammars]
        found = []
        for name, module_name, function in self._grammars:
            try:
                module = importlib.import_module(module_name)
                Parser(Language(getattr(module, function)()))
            except Exception as error:  # a broken wheel can fail in many ways; each is a grammar that does not load
                found.append(GrammarStatus(name, False, f"{module_name}: {type(error).__name__}: {error}"))
            else:
                found.append(GrammarStatus(name, True))
        return found
