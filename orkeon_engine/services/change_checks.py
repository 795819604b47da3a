"""gather_change_checks: /verify's material read by code, through the Git and Files ports: the changed
files (git status, Orkeon's own folders left out), the project's files and zones with their stated
commands (domain/checks/project_tooling.py), the tests nearest the change, and the zones' verification playbooks
under .orkeon/verifiers/ when they exist."""

from __future__ import annotations

from orkeon_engine.domain.checks.change_checks import (
    MAX_PLAYBOOK_CHARS,
    ChangeChecks,
    Playbook,
    nearest_tests,
    zones_of,
)
from orkeon_engine.domain.checks.project_tooling import (
    MANIFESTS,
    ZONE_CONFIG,
    detect_zones,
    is_test_file,
    playbook_path,
)
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.git import Git, GitError
from orkeon_engine.services.project_files import list_project_files, read_named_texts, read_workspace_text

ORKEON_FOLDER = ".orkeon/"


async def gather_change_checks(files: Files, git: Git | None, focus: str = "") -> ChangeChecks:
    """The material of one /verify; never raises for what it cannot read (it becomes a note)."""
    notes: list[str] = []
    changed = await _changed(git, notes)
    paths = await list_project_files(files)
    zones = detect_zones(paths, await read_named_texts(files, paths, (*MANIFESTS, *ZONE_CONFIG)))
    chosen = zones_of(changed, zones)
    tests = [path for path in paths if is_test_file(path)]
    playbooks = [book for zone in chosen for book in [await _playbook(files, playbook_path(zone.slug))] if book]
    return ChangeChecks(tuple(changed), nearest_tests(changed, tests), chosen, tuple(playbooks), focus.strip(),
                        tuple(notes))


async def _changed(git: Git | None, notes: list[str]) -> list[str]:
    if git is None:
        notes.append("the workspace is not in a git repository, so the change is not known")
        return []
    try:
        entries = await git.status()
    except GitError as error:
        notes.append(f"git status failed ({error})")
        return []
    return [entry.path for entry in entries if not entry.path.startswith(ORKEON_FOLDER) and not entry.deleted]


async def _playbook(files: Files, path: str) -> Playbook | None:
    text = await read_workspace_text(files, path)
    if text is None or not text.strip():
        return None
    if len(text) > MAX_PLAYBOOK_CHARS:
        text = text[:MAX_PLAYBOOK_CHARS] + "\n[... the rest of the playbook is cut]"
    return Playbook(path, text)
