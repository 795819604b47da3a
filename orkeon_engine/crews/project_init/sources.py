"""What /init reads: the instruction files to merge, the configuration files that state the commands, and
how much of each is shown to the model."""

from __future__ import annotations

from dataclasses import dataclass

INSTRUCTIONS_FILE = "AGENTS.md"
INSTRUCTION_FILES: tuple[str, ...] = ("AGENTS.md", "CLAUDE.md", ".cursorrules", ".github/copilot-instructions.md")
"""The instruction files merged into AGENTS.md, never lost (AGENTS.md itself first, when it exists)."""

CONFIG_FILES: tuple[str, ...] = (
    "pyproject.toml", "setup.cfg", "setup.py", "tox.ini", "noxfile.py", "pytest.ini", "requirements-dev.txt",
    "Makefile", "justfile", "Taskfile.yml", "package.json", "tsconfig.json", "pnpm-workspace.yaml",
    "Cargo.toml", "go.mod", "pom.xml", "build.gradle", "build.gradle.kts", "CMakeLists.txt",
    ".pre-commit-config.yaml", "Dockerfile", "README.md", "CONTRIBUTING.md",
)
"""The configuration the commands are read from (the README and CONTRIBUTING for what they state too)."""

WORKFLOWS_DIR = ".github/workflows"
MAX_FILE_CHARS = 8_000
MAX_MATERIAL_CHARS = 90_000


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
