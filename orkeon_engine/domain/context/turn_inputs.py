"""What a turn of the assistant reads from the world before it builds its prompt, as plain values: the
project's instructions file, the attached playbooks, the declared hooks, the environment.

services/turn_inputs.py reads them through the ports; crews/main_loop renders them.
"""

from __future__ import annotations

from dataclasses import dataclass

INSTRUCTION_FILES: tuple[str, ...] = ("AGENTS.md", "CLAUDE.md")
"""The project's instructions file: the first of these found at the workspace root."""


@dataclass(frozen=True)
class ProjectInstructions:
    """The instructions file: its name (AGENTS.md, CLAUDE.md) and its text."""

    file_name: str
    text: str


@dataclass(frozen=True)
class Skill:
    """An attached playbook: its name and its text."""

    name: str
    text: str


@dataclass(frozen=True)
class Hook:
    """A hook the settings declare: the event and the command."""

    event: str
    command: str


@dataclass(frozen=True)
class Environment:
    """Where the turn runs: the working directory, today's date, the git status at the turn's start
    (None outside a git repository, "" for a clean tree), and the project's files as git knows them
    (tracked and untracked, the ignored ones left out; empty when they could not be listed)."""

    working_directory: str
    date: str
    git_status: str | None = None
    files: tuple[str, ...] = ()


def pick_instructions(found: dict[str, str | None]) -> ProjectInstructions | None:
    """The instructions to use from the files read at the workspace root (name -> text, None when absent):
    AGENTS.md, else CLAUDE.md."""
    for name in INSTRUCTION_FILES:
        text = found.get(name)
        if text is not None and text.strip():
            return ProjectInstructions(name, text)
    return None
