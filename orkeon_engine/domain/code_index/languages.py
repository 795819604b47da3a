"""Which files the index parses: the language of each extension, the vendored and generated folders it
never enters, and the size past which a file is taken for generated code and left out."""

from __future__ import annotations

from typing import Literal

Language = Literal["python", "javascript", "typescript", "tsx", "go", "rust", "java"]

LANGUAGE_BY_EXTENSION: dict[str, Language] = {
    ".py": "python",
    ".pyi": "python",
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".go": "go",
    ".rs": "rust",
    ".java": "java",
}

VENDORED_DIRS: frozenset[str] = frozenset({
    "node_modules", "vendor", "third_party", "third-party", "thirdparty",
    ".venv", "venv", "site-packages", "dist-packages",
    "dist", "build", "out", "target", "obj",
    "__pycache__", ".git", ".hg", ".svn", ".orkeon", ".tox", ".nox", ".mypy_cache", ".pytest_cache",
    ".ruff_cache", ".next", ".nuxt", "coverage", "bower_components", "Pods",
})
"""Folders never entered, wherever they are; every folder whose name starts with a dot is skipped too."""

MAX_FILE_BYTES = 1_000_000
"""A bigger source file is generated or minified code: it is counted as ignored, not parsed."""

GENERATED_SUFFIXES: tuple[str, ...] = (".min.js", ".bundle.js", ".d.ts.map", "_pb2.py", ".pb.go")


def extension_of(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    dot = name.rfind(".")
    return name[dot:].lower() if dot > 0 else ""


def language_of(path: str) -> Language | None:
    """The language the index parses `path` as, or None when it does not parse it."""
    if path.endswith(GENERATED_SUFFIXES):
        return None
    return LANGUAGE_BY_EXTENSION.get(extension_of(path))


def is_skipped_dir(name: str) -> bool:
    """A folder the index never enters: vendored, generated, a cache, or hidden."""
    return name in VENDORED_DIRS or (name.startswith(".") and name not in (".", ".."))


def in_skipped_dir(path: str) -> bool:
    """Whether any folder of the workspace-relative `path` is one the index never enters."""
    return any(is_skipped_dir(part) for part in path.split("/")[:-1])
