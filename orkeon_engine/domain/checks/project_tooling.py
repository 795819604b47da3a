"""Test tooling detection: the project's zones (a folder holding a manifest: pyproject.toml, package.json,
go.mod, Cargo.toml, pom.xml, build.gradle), the test frameworks and linters each configures, the commands
its configuration states (Makefile targets, package.json scripts, tox environments, justfile recipes) or
its tool implies, and the test files found in it."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.code_index.languages import in_skipped_dir

MANIFESTS: dict[str, str] = {
    "pyproject.toml": "python", "setup.py": "python", "setup.cfg": "python",
    "package.json": "javascript", "go.mod": "go", "Cargo.toml": "rust",
    "pom.xml": "java", "build.gradle": "java", "build.gradle.kts": "java",
}
ZONE_CONFIG: tuple[str, ...] = ("Makefile", "justfile", "tox.ini", "noxfile.py", "pytest.ini", "gradlew")
"""Files read beside a manifest: they state commands."""
PLAYBOOKS_DIR = ".orkeon/verifiers"
"""Where /init-verifiers writes a verification playbook per zone, and /verify reads them."""

_TEST_FILE = re.compile(
    r"(^|/)(test_[^/]+\.py|[^/]+_test\.py|[^/]+_test\.go|[^/]+\.(test|spec)\.[cm]?[jt]sx?|[^/]+Tests?\.java)$"
    r"|(^|/)(tests?|__tests__|spec)/[^/]+\.(py|[cm]?[jt]sx?|rs|go|java)$"
)
_MAKE_TARGET = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_.-]*)\s*:(?!=)", re.MULTILINE)
_JUST_RECIPE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_-]*)(?:\s+[^:\n]*)?:(?!=)", re.MULTILINE)
_TOX_ENVS = re.compile(r"^\s*envlist\s*=\s*(.+)$", re.MULTILINE)

KIND_BY_NAME: dict[str, str] = {
    "test": "test", "tests": "test", "check": "test", "unit": "test", "test:unit": "test",
    "e2e": "e2e", "test:e2e": "e2e", "integration": "e2e", "lint": "lint", "typecheck": "typecheck",
    "type-check": "typecheck", "mypy": "typecheck", "tsc": "typecheck", "build": "build", "compile": "build",
}


@dataclass(frozen=True)
class StatedCommand:
    """A command for one kind of check (test, e2e, lint, typecheck, build), where it comes from."""

    kind: str
    command: str
    source: str


@dataclass(frozen=True)
class Zone:
    """One zone: a folder with its own manifest."""

    root: str
    ecosystems: tuple[str, ...]
    manifests: tuple[str, ...]
    tools: tuple[str, ...]
    commands: tuple[StatedCommand, ...]
    test_files: tuple[str, ...]

    @property
    def slug(self) -> str:
        """The playbook's file name stem: `root` for the project's root, else the folder with dashes."""
        return "root" if self.root == "." else re.sub(r"[^A-Za-z0-9_-]+", "-", self.root).strip("-").lower()

    @property
    def label(self) -> str:
        return "the project root" if self.root == "." else self.root


def playbook_path(slug: str) -> str:
    """The workspace-relative path of a zone's verification playbook (`Zone.slug` names it)."""
    return f"{PLAYBOOKS_DIR}/{slug}.md"


def is_test_file(path: str) -> bool:
    """Whether a path names a test file by the usual conventions (test_x.py, x.test.ts, tests/...)."""
    return _TEST_FILE.search(path) is not None


def _folder(path: str) -> str:
    return path.rpartition("/")[0] or "."


def _inside(path: str, root: str) -> bool:
    return root == "." or path == root or path.startswith(root + "/")


def zone_roots(paths: Sequence[str]) -> list[str]:
    """Every folder holding a manifest (vendored and hidden folders left out), the root first."""
    roots = {_folder(p) for p in paths if p.rpartition("/")[2] in MANIFESTS and not in_skipped_dir(p)}
    return sorted(roots, key=lambda r: (r != ".", r))


def detect_zones(paths: Sequence[str], texts: Mapping[str, str]) -> list[Zone]:
    """The zones of the project from its file paths (workspace-relative) and the texts of its manifests
    and zone configuration files."""
    roots = zone_roots(paths)
    zones = []
    for root in roots:
        nested = [r for r in roots if r != root and _inside(r, root)]
        own = [p for p in paths if _inside(p, root) and not any(_inside(p, n) for n in nested)]
        zones.append(_zone(root, own, texts))
    return zones


def _zone(root: str, paths: Sequence[str], texts: Mapping[str, str]) -> Zone:
    prefix = "" if root == "." else root + "/"
    local = {p[len(prefix):]: texts.get(p, "") for p in paths if "/" not in p[len(prefix):]}
    manifests = tuple(name for name in MANIFESTS if name in local)
    ecosystems = tuple(dict.fromkeys(MANIFESTS[name] for name in manifests))
    tools: list[str] = []
    commands: list[StatedCommand] = []
    _python(local, tools, commands)
    _javascript(local, tools, commands)
    _others(local, tools, commands)
    commands.extend(_makefile(local.get("Makefile", ""), "Makefile target"))
    commands.extend(_justfile(local.get("justfile", "")))
    tests = tuple(sorted(p for p in paths if _TEST_FILE.search(p[len(prefix):]) and not in_skipped_dir(p)))
    stated = {c.kind for c in commands if not c.source.startswith("the tool's default")}
    implied = [c for c in commands if c.source.startswith("the tool's default") and c.kind not in stated]
    kept = [c for c in commands if not c.source.startswith("the tool's default")] + implied
    return Zone(root, ecosystems, manifests, tuple(dict.fromkeys(tools)), tuple(dict.fromkeys(kept)), tests)


def _python(local: Mapping[str, str], tools: list[str], commands: list[StatedCommand]) -> None:
    pyproject = local.get("pyproject.toml", "")
    setup = local.get("setup.cfg", "") + local.get("setup.py", "")
    if not (pyproject or setup or "pytest.ini" in local or "tox.ini" in local):
        return
    configured = "[tool.pytest" in pyproject or "pytest.ini" in local or "[tool:pytest]" in setup \
        or "[pytest]" in local.get("tox.ini", "")
    if configured or re.search(r"\bpytest\b", pyproject + setup):
        tools.append("pytest")
        commands.append(StatedCommand("test", "python -m pytest", "the tool's default (pytest)"))
        commands.append(StatedCommand("one-test", "python -m pytest path/to/test_file.py::test_name",
                                      "the tool's default (pytest)"))
    for tool in ("ruff", "flake8", "pylint", "mypy", "pyright", "black"):
        if f"[tool.{tool}" in pyproject or re.search(rf"\b{tool}\b", pyproject + setup):
            tools.append(tool)
    if "tox.ini" in local:
        tools.append("tox")
        match = _TOX_ENVS.search(local["tox.ini"])
        envs = match.group(1).strip() if match else ""
        commands.append(StatedCommand("test", "tox", "tox.ini" + (f" (envlist {envs})" if envs else "")))
    if "noxfile.py" in local:
        tools.append("nox")
        commands.append(StatedCommand("test", "nox", "noxfile.py"))


def _javascript(local: Mapping[str, str], tools: list[str], commands: list[StatedCommand]) -> None:
    text = local.get("package.json")
    if text is None:
        return
    try:
        package = json.loads(text) if text else {}
    except (json.JSONDecodeError, RecursionError):  # a package.json no tool could read states nothing
        return
    if not isinstance(package, dict):
        return
    runner = "pnpm" if "pnpm-lock.yaml" in local else "yarn" if "yarn.lock" in local else "npm"
    scripts = package.get("scripts") if isinstance(package.get("scripts"), dict) else {}
    for name, body in (scripts or {}).items():
        kind = KIND_BY_NAME.get(str(name))
        if kind is not None:
            run = f"{runner} test" if name == "test" else f"{runner} run {name}"
            commands.append(StatedCommand(kind, run, f"package.json script {name!r}: {body}"))
    deps: dict[str, object] = {}
    for key in ("dependencies", "devDependencies"):
        found = package.get(key)
        if isinstance(found, dict):
            deps.update(found)
    for tool in ("vitest", "jest", "mocha", "ava", "@playwright/test", "cypress", "eslint", "typescript",
                 "prettier", "@vscode/test-electron"):
        if tool in deps:
            tools.append(tool)


def _others(local: Mapping[str, str], tools: list[str], commands: list[StatedCommand]) -> None:
    if "go.mod" in local:
        tools.append("go test")
        commands.append(StatedCommand("test", "go test ./...", "the tool's default (go)"))
        commands.append(StatedCommand("one-test", "go test ./path/to/pkg -run TestName", "the tool's default (go)"))
        commands.append(StatedCommand("lint", "go vet ./...", "the tool's default (go)"))
    if "Cargo.toml" in local:
        tools.append("cargo test")
        commands.append(StatedCommand("test", "cargo test", "the tool's default (cargo)"))
        commands.append(StatedCommand("one-test", "cargo test test_name", "the tool's default (cargo)"))
        commands.append(StatedCommand("build", "cargo build", "the tool's default (cargo)"))
    if "pom.xml" in local:
        tools.append("maven")
        commands.append(StatedCommand("test", "mvn test", "the tool's default (maven)"))
        commands.append(StatedCommand("one-test", "mvn test -Dtest=ClassName#method", "the tool's default (maven)"))
    if "build.gradle" in local or "build.gradle.kts" in local:
        gradle = "./gradlew" if "gradlew" in local else "gradle"
        tools.append("gradle")
        commands.append(StatedCommand("test", f"{gradle} test", "the tool's default (gradle)"))
        commands.append(StatedCommand("one-test", f"{gradle} test --tests ClassName.method",
                                      "the tool's default (gradle)"))


def _makefile(text: str, source: str) -> list[StatedCommand]:
    found = []
    for target in _MAKE_TARGET.findall(text):
        kind = KIND_BY_NAME.get(target)
        if kind is not None:
            found.append(StatedCommand(kind, f"make {target}", f"{source} {target!r}"))
    return found


def _justfile(text: str) -> list[StatedCommand]:
    found = []
    for recipe in _JUST_RECIPE.findall(text):
        kind = KIND_BY_NAME.get(recipe)
        if kind is not None:
            found.append(StatedCommand(kind, f"just {recipe}", f"justfile recipe {recipe!r}"))
    return found


def describe_zone(zone: Zone, max_tests: int = 15) -> str:
    """The facts of one zone as the model reads them."""
    lines = [f"Zone: {zone.label} (ecosystems: {', '.join(zone.ecosystems) or 'none'}; manifests: "
             f"{', '.join(zone.manifests)})",
             f"Tools configured: {', '.join(zone.tools) or 'none found'}"]
    if zone.commands:
        lines.append("Commands:")
        lines.extend(f"- {c.kind}: `{c.command}` ({c.source})" for c in zone.commands)
    else:
        lines.append("Commands: none stated and none implied by a tool.")
    shown = ", ".join(zone.test_files[:max_tests])
    more = f" and {len(zone.test_files) - max_tests} more" if len(zone.test_files) > max_tests else ""
    lines.append(f"Test files: {len(zone.test_files)}" + (f" ({shown}{more})" if shown else ""))
    return "\n".join(lines)
