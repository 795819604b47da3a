"""What /init reads: the instruction files to merge, the configuration files that state the commands, and
how much is shown to the model. The instruction files merged into AGENTS.md (never lost, AGENTS.md itself
first) are domain/workspace/project_files.py INSTRUCTION_FILES."""

from __future__ import annotations

INSTRUCTIONS_FILE = "AGENTS.md"

CONFIG_FILES: tuple[str, ...] = (
    "pyproject.toml", "setup.cfg", "setup.py", "tox.ini", "noxfile.py", "pytest.ini", "requirements-dev.txt",
    "Makefile", "justfile", "Taskfile.yml", "package.json", "tsconfig.json", "pnpm-workspace.yaml",
    "Cargo.toml", "go.mod", "pom.xml", "build.gradle", "build.gradle.kts", "CMakeLists.txt",
    ".pre-commit-config.yaml", "Dockerfile", "README.md", "CONTRIBUTING.md",
)
"""The configuration the commands are read from (the README and CONTRIBUTING for what they state too)."""

WORKFLOWS_DIR = ".github/workflows"
MAX_MATERIAL_CHARS = 90_000
