"""What the crews read of a project by name: its instruction files (the ones /init merges and the dev
pipeline's repository pack carries), and a file's text as a model is shown it (whole, or cut and said so)."""

from __future__ import annotations

from dataclasses import dataclass

INSTRUCTION_FILES: tuple[str, ...] = ("AGENTS.md", "CLAUDE.md", ".cursorrules", ".github/copilot-instructions.md")
"""The project's instruction files for coding agents, AGENTS.md first."""

MAX_FILE_CHARS = 8_000


@dataclass(frozen=True)
class SourceText:
    """One file shown to the model: its workspace-relative path, its text (cut when long) and whether it was cut."""

    path: str
    text: str
    cut: bool = False


def excerpt(path: str, text: str, limit: int = MAX_FILE_CHARS) -> SourceText:
    """The text of a file as the model sees it: whole, or its first `limit` characters, marked as cut."""
    if len(text) <= limit:
        return SourceText(path, text)
    return SourceText(path, text[:limit] + f"\n[... cut: {len(text) - limit:,} more characters]", cut=True)
