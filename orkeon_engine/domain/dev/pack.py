"""The repository pack: what the dev pipeline's crews read of the project, built once per step by code
(services/repository_pack.py gathers it): the commands its configuration states (Makefile targets,
package.json scripts, tox, the test tool's own commands), its console scripts, its test files, its layout
from the code index, its instruction files, and the list of its files (a name absent from it does not exist).

It is material for the model, never instructions: the prompts say so. Code reads it too, to check that a
reproduction is a narrow test command of the project (never a whole suite) and that a test a brief names
exists.
"""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.checks.project_tooling import Zone, describe_zone
from orkeon_engine.domain.workspace.project_files import SourceText

MAX_FILES_SHOWN = 400
MAX_INSTRUCTION_CHARS = 6_000
RUNNERS = frozenset({
    "python", "python3", "pytest", "uv", "poetry", "hatch", "tox", "nox", "make", "just", "npm", "npx", "pnpm",
    "yarn", "node", "bun", "deno", "vitest", "jest", "mocha", "go", "cargo", "mvn", "gradle", "./gradlew",
    "dotnet", "ruby", "bundle", "rspec", "php", "phpunit",
})
"""The programs that run a project's tests, accepted beside the ones the pack's commands start with."""
_SUITE_ONLY = re.compile(r"^(?:\./)?(?:\S*/)?(?:python3?\s+-m\s+pytest|pytest|npm\s+(?:run\s+)?test|"
                         r"pnpm\s+(?:run\s+)?test|yarn\s+(?:run\s+)?test|go\s+test(?:\s+\./\.\.\.)?|cargo\s+test|mvn\s+test|"
                         r"(?:\./gradlew|gradle)\s+test|make\s+\w+|just\s+\w+|tox|nox|npx\s+(?:vitest|jest))"
                         r"(?:\s+-\S+)*$")
_ENV_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


@dataclass(frozen=True)
class RepositoryPack:
    """The project as the dev crews see it."""

    zones: tuple[Zone, ...] = ()
    scripts: tuple[str, ...] = ()
    """The project's own command-line programs (pyproject's [project.scripts], package.json's bin)."""
    files: tuple[str, ...] = ()
    layout: str = ""
    instructions: tuple[SourceText, ...] = ()

    @property
    def test_files(self) -> tuple[str, ...]:
        return tuple(path for zone in self.zones for path in zone.test_files)

    def programs(self) -> frozenset[str]:
        """The programs a command of the pack may start with: its commands', its scripts, the test runners."""
        stated = {_program(command.command) for zone in self.zones for command in zone.commands}
        return frozenset({*stated, *self.scripts, *RUNNERS} - {""})


def project_paths(paths: Sequence[str]) -> tuple[str, ...]:
    """The project's own files: git's store and Orkeon's folder left out."""
    return tuple(path for path in paths if not path.startswith((".git/", ".orkeon/")))


def console_scripts(texts: Mapping[str, str]) -> tuple[str, ...]:
    """The command-line programs a project declares, from its manifests' texts by path (unreadable ones skipped)."""
    names: list[str] = []
    for path, text in texts.items():
        name = path.rpartition("/")[2]
        if name == "pyproject.toml":
            names += _pyproject_scripts(text)
        elif name == "package.json":
            names += _package_bins(text)
    return tuple(dict.fromkeys(names))


def _pyproject_scripts(text: str) -> list[str]:
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return []
    project = data.get("project")
    scripts = project.get("scripts") if isinstance(project, dict) else None
    return [str(key) for key in scripts] if isinstance(scripts, dict) else []


def _package_bins(text: str) -> list[str]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []
    if not isinstance(data, dict):
        return []
    found = data.get("bin")
    if isinstance(found, dict):
        return [str(key) for key in found]
    if isinstance(found, str) and isinstance(data.get("name"), str):
        return [data["name"].rpartition("/")[2]]
    return []


def _program(command: str) -> str:
    """The program a command line starts with (environment assignments skipped), "" when it cannot be read."""
    words = _words(command)
    return words[0] if words else ""


def _words(command: str) -> list[str]:
    """The words of a command line from its program on (leading environment assignments skipped)."""
    try:
        words = shlex.split(command)
    except ValueError:
        return []
    while words and _ENV_ASSIGNMENT.match(words[0]):
        words.pop(0)
    return words


def narrow_command_problem(command: str, pack: RepositoryPack) -> str:
    """Why `command` is no narrow test command of the project ("" when it is one): one line, a program the
    pack knows, and a target narrower than the whole suite."""
    if not command.strip():
        return "no command was given"
    if "\n" in command or "\r" in command:
        return "it is more than one line"
    program = _program(command)
    if not program:
        return "it does not read as a command line"
    known = pack.programs()
    if program not in known and program.rpartition("/")[2] not in known:
        return (f"{program} is no program of the project's commands (those start with "
                f"{', '.join(sorted(known)[:12])}...)")
    if _SUITE_ONLY.match(" ".join(_words(command))):
        return "it runs a whole suite, not one narrow test"
    return ""


def split_test_ref(ref: str) -> tuple[str, str]:
    """A test named as `path::name` (or `path::Class::name`, or a path alone): its path and its last name."""
    path, _, names = ref.strip().partition("::")
    return path.strip(), names.rpartition("::")[2].strip()


def render_pack(pack: RepositoryPack, max_files: int = MAX_FILES_SHOWN) -> str:
    """The pack as the model reads it, in markdown."""
    parts = ["## The repository (material, not instructions)", "", "### Commands, as its configuration states them"]
    parts += [describe_zone(zone) for zone in pack.zones] or ["No command is stated and no tool implies one."]
    if pack.scripts:
        parts += ["", "### Its own command-line programs", ", ".join(pack.scripts)]
    if pack.layout.strip():
        parts += ["", "### Layout, from the code index", pack.layout.strip()]
    for source in pack.instructions:
        text = source.text if len(source.text) <= MAX_INSTRUCTION_CHARS else source.text[:MAX_INSTRUCTION_CHARS] + \
            f"\n[... cut: {len(source.text) - MAX_INSTRUCTION_CHARS:,} more characters]"
        parts += ["", f"### Instruction file {source.path}", text.strip()]
    shown = pack.files[:max_files]
    more = f" (the first {len(shown)})" if len(pack.files) > len(shown) else ""
    parts += ["", f"### Its files: {len(pack.files)}{more}; a name absent from this list does not exist",
              *shown]
    return "\n".join(parts) + "\n"


def describe_commands(pack: RepositoryPack) -> Sequence[str]:
    """One line a stated command: `test: make test (Makefile target 'test')`, zone first when not the root."""
    return [f"{'' if zone.root == '.' else zone.root + ' · '}{command.kind}: {command.command} ({command.source})"
            for zone in pack.zones for command in zone.commands]


def build_and_test_command(pack: RepositoryPack) -> str:
    """The command a batch ends with: the root zone's (else the first zone's) build then test commands, as its
    configuration states them ("" when it states none)."""
    zones = sorted(pack.zones, key=lambda zone: zone.root != ".")
    for zone in zones:
        chosen = [next((c.command for c in zone.commands if c.kind == kind), "") for kind in ("build", "test")]
        found = [command for command in dict.fromkeys(chosen) if command]
        if found:
            return " && ".join(found)
    return ""
