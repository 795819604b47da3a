"""run_project_init: the /init use case. The existing instruction files, the configuration files, the
layout and (when the index can give it) the architecture are read by code; the model writes AGENTS.md
from them; every line of the existing instructions the draft lacks is carried over verbatim; the previous
AGENTS.md is kept under /output before the new one is written."""

from __future__ import annotations

from dataclasses import dataclass, field

from orkeon_engine.crews.project_init.merge import keep_existing, strip_fence
from orkeon_engine.crews.project_init.prompts import INIT_SYSTEM, build_init_user
from orkeon_engine.crews.project_init.sources import CONFIG_FILES, INSTRUCTIONS_FILE, MAX_MATERIAL_CHARS, WORKFLOWS_DIR
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.workspace.project_files import SourceText, excerpt
from orkeon_engine.ports.code_index import CodeIndex
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.progress import Progress
from orkeon_engine.services.llm import Llm
from orkeon_engine.services.project_files import (
    index_architecture,
    read_instruction_files,
    read_workspace_text,
    top_layout,
)

STAGES = 4
BACKUP = "/output/init/AGENTS.previous.md"


@dataclass(frozen=True)
class InitDeps:
    files: Files
    llm: Llm
    progress: Progress
    index: CodeIndex | None = None


@dataclass(frozen=True)
class InitResult:
    path: str
    text: str
    merged: tuple[str, ...] = ()
    """The existing instruction files folded in."""
    carried: dict[str, int] = field(default_factory=dict)
    """Lines of those files the draft lacked, carried over verbatim, by file."""
    backup: str = ""
    config: tuple[str, ...] = ()


async def _config_files(files: Files) -> list[SourceText]:
    found = []
    for name in CONFIG_FILES:
        text = await read_workspace_text(files, name)
        if text is not None:
            found.append(excerpt(name, text))
    try:
        workflows = await files.list_dir(f"/workspace/{WORKFLOWS_DIR}", depth=1, limit=20)
    except FilesError:
        workflows = []
    for entry in workflows:
        if not entry.is_dir and entry.path.endswith((".yml", ".yaml")):
            relative = entry.path.removeprefix("/workspace/")
            text = await read_workspace_text(files, relative)
            if text is not None:
                found.append(excerpt(relative, text))
    return found


def _bounded(config: list[SourceText], budget: int) -> list[SourceText]:
    kept: list[SourceText] = []
    used = 0
    for source in config:
        if used + len(source.text) > budget:
            kept.append(excerpt(source.path, source.text, max(500, budget - used)))
            break
        kept.append(source)
        used += len(source.text)
    return kept


async def run_project_init(deps: InitDeps) -> InitResult:
    await deps.llm.require_model()
    progress = deps.progress
    progress.report(f"init 1/{STAGES}: reading the instruction and configuration files")
    instructions = await read_instruction_files(deps.files)
    config = await _config_files(deps.files)
    progress.report(f"init 2/{STAGES}: the layout")
    layout = await top_layout(deps.files)
    progress.report(f"init 3/{STAGES}: the architecture from the code index")
    architecture = await index_architecture(deps.index)
    shown = [excerpt(s.path, s.text, 20_000) for s in instructions]
    budget = MAX_MATERIAL_CHARS - sum(len(s.text) for s in shown) - len(architecture)
    user = build_init_user(shown, _bounded(config, max(budget, 4_000)), layout, architecture)
    progress.report(f"init 4/{STAGES}: writing {INSTRUCTIONS_FILE} with the model")
    draft = strip_fence(await deps.llm.complete(INIT_SYSTEM, user))
    if not draft.strip():
        raise CommandFailedError(f"the model returned an empty {INSTRUCTIONS_FILE}; nothing was written")
    merged = keep_existing(draft, instructions)
    backup = ""
    previous = next((s.text for s in instructions if s.path == INSTRUCTIONS_FILE), None)
    try:
        if previous is not None:
            await deps.files.write_text(BACKUP, previous)
            backup = BACKUP
        await deps.files.write_text(f"/workspace/{INSTRUCTIONS_FILE}", merged.text)
    except FilesError as error:
        raise CommandFailedError(f"{INSTRUCTIONS_FILE} could not be written: {error}") from None
    return InitResult(
        path=f"/workspace/{INSTRUCTIONS_FILE}",
        text=merged.text,
        merged=tuple(s.path for s in instructions),
        carried=merged.carried,
        backup=backup,
        config=tuple(s.path for s in config),
    )
