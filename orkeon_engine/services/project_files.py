"""Reading a project as the crews see it, through the Files port and the code index: a file by its
workspace-relative name, every file of the project (vendored folders left out), the texts of its manifests,
its instruction files, the top of its layout, and its architecture from the code index.

/init, /init-verifiers and the dev pipeline's repository pack read the project through these; none of them
raises for a file that cannot be read (it is left out)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from orkeon_engine.domain.checks.project_tooling import MANIFESTS, ZONE_CONFIG, Zone, detect_zones
from orkeon_engine.domain.code_index.graph import build_graph, package_map
from orkeon_engine.domain.code_index.languages import VENDORED_DIRS
from orkeon_engine.domain.code_index.render import render_graph, render_package_map
from orkeon_engine.domain.workspace.project_files import INSTRUCTION_FILES, SourceText
from orkeon_engine.ports.code_index import CodeIndex
from orkeon_engine.ports.files import Files, FilesError

MAX_LISTED = 20_000
LAYOUT_HIDDEN = (".git", ".orkeon")
"""Top-level folders the layout never shows: git's store and Orkeon's own."""


async def read_workspace_text(files: Files, relative: str) -> str | None:
    """The text of `/workspace/<relative>`, or None when it is absent or cannot be read."""
    path = f"/workspace/{relative}"
    try:
        if not await files.exists(path):
            return None
        return await files.read_text(path)
    except FilesError:
        return None


async def list_project_files(files: Files, limit: int = MAX_LISTED) -> list[str]:
    """Every file under /workspace, workspace-relative, breadth first, the vendored folders left out."""
    try:
        entries = await files.list_dir("/workspace", depth=8, limit=limit, skip=VENDORED_DIRS)
    except FilesError:
        return []
    return [e.path.removeprefix("/workspace/") for e in entries if not e.is_dir]


async def read_named_texts(files: Files, paths: Sequence[str], names: Collection[str]) -> dict[str, str]:
    """The texts of the paths whose file name is one of `names` (manifests, a Makefile...), by path."""
    texts: dict[str, str] = {}
    for path in paths:
        if path.rpartition("/")[2] not in names:
            continue
        try:
            texts[path] = await files.read_text(f"/workspace/{path}")
        except FilesError:
            continue
    return texts


async def project_zones(files: Files, paths: Sequence[str] | None = None) -> list[Zone]:
    """The project's zones and the commands their configuration states (`paths`: the project's files, listed
    when not given)."""
    listed = await list_project_files(files) if paths is None else list(paths)
    return detect_zones(listed, await read_named_texts(files, listed, (*MANIFESTS, *ZONE_CONFIG)))


async def read_instruction_files(files: Files) -> list[SourceText]:
    """The project's instruction files that exist and hold something, AGENTS.md first."""
    found = []
    for name in INSTRUCTION_FILES:
        text = await read_workspace_text(files, name)
        if text is not None and text.strip():
            found.append(SourceText(name, text))
    return found


async def top_layout(files: Files, depth: int = 2, limit: int = 250) -> list[str]:
    """The first levels of the project's folders and files (folders end with `/`), git's and Orkeon's left out."""
    try:
        entries = await files.list_dir("/workspace", depth=depth, limit=limit, skip=VENDORED_DIRS)
    except FilesError:
        return []
    shown = []
    for entry in entries:
        relative = entry.path.removeprefix("/workspace/")
        if relative.split("/")[0] in LAYOUT_HIDDEN:
            continue
        shown.append(relative + ("/" if entry.is_dir else ""))
    return shown


async def index_architecture(index: CodeIndex | None, max_packages: int = 20, max_edges: int = 40) -> str:
    """The packages and their imports from the code index (built first when needed); "" without one."""
    if index is None:
        return ""
    await index.build()
    snapshot = await index.snapshot()
    if not snapshot.files:
        return ""
    return render_package_map(package_map(snapshot), max_packages=max_packages) + "\n" + \
        render_graph(build_graph(snapshot), "package", max_edges=max_edges)
