"""run_init_verifiers: the /init-verifiers use case. The project's files are listed and its manifests read
by code, which finds the zones and their test tooling; the model classifies each zone's readiness (one
JSON answer) and writes a verification playbook for every zone that has none, in the fixed outline code
enforces; the playbooks go under .orkeon/verifiers/."""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.crews.init_verifiers.playbooks import parse_sections, render_playbook
from orkeon_engine.crews.init_verifiers.prompts import (
    PLAYBOOK_SYSTEM,
    READINESS_SYSTEM,
    Readiness,
    ZoneReadiness,
    build_playbook_user,
    build_readiness_user,
)
from orkeon_engine.domain.checks.project_tooling import Zone, describe_zone, playbook_path
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.progress import Progress
from orkeon_engine.services.llm import Llm
from orkeon_engine.services.project_files import list_project_files, project_zones


@dataclass(frozen=True)
class VerifiersDeps:
    files: Files
    llm: Llm
    progress: Progress


@dataclass(frozen=True)
class ZoneOutcome:
    zone: Zone
    readiness: ZoneReadiness | None
    playbook: str
    status: str
    """written, existing (kept as it is), or why it could not be written."""
    missing: tuple[str, ...] = ()
    """Sections the model's answer lacked, written as not stated."""


async def _readiness(llm: Llm, zones: list[Zone]) -> dict[str, ZoneReadiness]:
    answer = await llm.extract(READINESS_SYSTEM, build_readiness_user([describe_zone(z) for z in zones]),
                               Readiness)
    known = {zone.label: zone.root for zone in zones} | {zone.root: zone.root for zone in zones}
    return {known[item.zone]: item for item in answer.zones if item.zone in known}


async def run_init_verifiers(deps: VerifiersDeps) -> list[ZoneOutcome]:
    await deps.llm.require_model()
    progress = deps.progress
    progress.report("init-verifiers 1/3: detecting the zones and their test tooling")
    paths = await list_project_files(deps.files)
    zones = await project_zones(deps.files, paths)
    if not zones:
        return []
    progress.report(f"init-verifiers 2/3: classifying the readiness of {len(zones)} zones")
    readiness = await _readiness(deps.llm, zones)
    outcomes = []
    for number, zone in enumerate(zones, start=1):
        path = playbook_path(zone.slug)
        if await deps.files.exists(f"/workspace/{path}"):
            outcomes.append(ZoneOutcome(zone, readiness.get(zone.root), path, "existing"))
            continue
        progress.report(f"init-verifiers 3/3: writing the playbook of {zone.label} ({number}/{len(zones)})")
        answer = await deps.llm.complete(PLAYBOOK_SYSTEM, build_playbook_user(describe_zone(zone),
                                                                               readiness.get(zone.root)))
        text, missing = render_playbook(zone.label, parse_sections(answer))
        try:
            await deps.files.write_text(f"/workspace/{path}", text)
            status = "written"
        except FilesError as error:
            status = f"not written: {error.reason}"
        outcomes.append(ZoneOutcome(zone, readiness.get(zone.root), path, status, tuple(missing)))
    return outcomes
