"""Building the repository pack (domain/dev/pack.py) once for a dev step, through the Files port and the
code index: the project's files, its manifests' commands and console scripts, its instruction files, and
its layout from the index (the top of its folders when there is no index)."""

from __future__ import annotations

from orkeon_engine.domain.dev.pack import RepositoryPack, console_scripts, project_paths
from orkeon_engine.ports.code_index import CodeIndex
from orkeon_engine.ports.files import Files
from orkeon_engine.services.project_files import (
    index_architecture,
    list_project_files,
    project_zones,
    read_instruction_files,
    read_named_texts,
    top_layout,
)


async def build_repository_pack(files: Files, index: CodeIndex | None) -> RepositoryPack:
    """The pack of the workspace as it stands now."""
    paths = await list_project_files(files)
    layout = await index_architecture(index) or "\n".join(await top_layout(files))
    return RepositoryPack(
        zones=tuple(await project_zones(files, paths)),
        scripts=console_scripts(await read_named_texts(files, paths, ("pyproject.toml", "package.json"))),
        files=project_paths(paths),
        layout=layout,
        instructions=tuple(await read_instruction_files(files)),
    )
