"""Which command line runs each project check (ports/project_checks.py): the build, the tests narrowed to
some test files, the whole suite, chosen from the commands the project's configuration states for each of
its zones (domain/checks/project_tooling.py), never from a model.

A narrowed run names the test files to the zone's runner (pytest paths, jest or vitest paths, go packages);
a zone whose runner cannot be narrowed runs its whole test command. Every target is a workspace-relative
path inside the workspace, quoted for the shell: a target that is not one is refused with its reason."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.checks.project_tooling import Zone

CHECK_KINDS: tuple[str, ...] = ("build", "tests", "suite")
"""The kinds of ports/project_checks.py CheckKind."""
_BUILD_KINDS = ("build", "typecheck")


@dataclass(frozen=True)
class CheckCommand:
    """The command line of one check, or "" with the reason nothing would run."""

    command: str
    reason: str = ""


def target_problem(target: str) -> str:
    """Why a test target cannot be handed to a runner ("" when it can): it must be workspace-relative."""
    path = target.partition("::")[0]
    if not path.strip():
        return "an empty test path"
    if path.startswith(("/", "~", "-")) or "\\" in path:
        return f"{target!r} is not a workspace-relative path"
    if ".." in path.split("/"):
        return f"{target!r} leaves the workspace"
    if any(ord(c) < 32 for c in target):
        return f"{target!r} holds a control character"
    return ""


def zone_of(zones: Sequence[Zone], path: str) -> Zone | None:
    """The innermost zone holding `path` (the root zone holds every path), or None."""
    inside = [z for z in zones if z.root == "." or path == z.root or path.startswith(z.root + "/")]
    return max(inside, key=lambda z: 0 if z.root == "." else len(z.root), default=None)


def _root_first(zones: Sequence[Zone]) -> list[Zone]:
    return sorted(zones, key=lambda z: z.root != ".")


def _stated(zone: Zone, kinds: Sequence[str]) -> str:
    for kind in kinds:
        found = next((c.command for c in zone.commands if c.kind == kind), "")
        if found:
            return found
    return ""


def _in_zone(zone: Zone, command: str) -> str:
    return command if zone.root == "." else f"cd {shlex.quote(zone.root)} && {command}"


def check_command(zones: Sequence[Zone], kind: str, targets: Sequence[str] = ()) -> CheckCommand:
    """The command a check runs in the project whose zones are given."""
    if kind == "tests" and targets:
        return _narrowed(zones, targets)
    wanted = _BUILD_KINDS if kind == "build" else ("test",)
    for zone in _root_first(zones):
        command = _stated(zone, wanted)
        if command:
            return CheckCommand(_in_zone(zone, command))
    what = "build (nor a type check)" if kind == "build" else "test command"
    return CheckCommand("", f"the project states no {what} in its configuration (Makefile, package.json, "
                            "pyproject.toml, tox.ini, justfile)")


def _narrowed(zones: Sequence[Zone], targets: Sequence[str]) -> CheckCommand:
    problem = next((p for t in targets if (p := target_problem(t))), "")
    if problem:
        return CheckCommand("", f"the tests were not run: {problem}")
    zone = zone_of(zones, targets[0])
    if zone is None:
        return CheckCommand("", f"no zone of the project holds {targets[0]} (no manifest above it)")
    prefix = "" if zone.root == "." else zone.root + "/"
    local = [t[len(prefix):] if t.startswith(prefix) else t for t in targets if zone_of(zones, t) == zone]
    quoted = " ".join(shlex.quote(t) for t in local)
    tools = zone.tools
    if "pytest" in tools:
        command = f"python -m pytest -q {quoted}"
    elif "vitest" in tools:
        command = f"npx vitest run {quoted}"
    elif "jest" in tools:
        command = f"npx jest {quoted}"
    elif "go test" in tools:
        packages = dict.fromkeys("./" + (t.partition("::")[0].rpartition("/")[0] or ".") for t in local)
        command = "go test " + " ".join(shlex.quote(p.rstrip("/.") or ".") for p in packages)
    else:
        whole = _stated(zone, ("test",))
        if not whole:
            return CheckCommand("", f"the zone {zone.label} states no test command to run {targets[0]} with")
        command = whole
    return CheckCommand(_in_zone(zone, command))
