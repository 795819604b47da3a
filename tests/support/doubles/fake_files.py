"""FakeFiles: the Files port over in-memory mounts; `texts` holds each file by virtual path.

Paths follow the real rules of domain/workspace/virtual_paths.py (relative under /workspace, `..` kept inside its
mount, host paths refused); `links` plays symlinks for `real_path` (a virtual path to the virtual path it
leads to; reads do not follow them). Set `refuse_edits` to play an editor refusing an edit,
`fail` to make one path fail with a reason.
"""

from __future__ import annotations

from collections import deque

from orkeon_engine.domain.workspace.virtual_paths import VirtualPathError, resolve_virtual
from orkeon_engine.ports.files import MISSING, DirEntry, EditRefusedError, FilesError, Mount

DEFAULT_MOUNTS = (
    Mount("/workspace", "/repo", True, "the project"),
    Mount("/output", "/repo/.orkeon/local/output", True, "the crews' output folder"),
    Mount("/tmp", "/private/tmp", True, "a private scratch folder"),
    Mount("/prompts", "/package/prompts", False, "the packaged prompts"),
)


class FakeFiles:
    def __init__(self, texts: dict[str, str] | None = None, mounts: tuple[Mount, ...] = DEFAULT_MOUNTS) -> None:
        self.mount_list: list[Mount] = list(mounts)
        self.texts: dict[str, str] = {}
        self.folders: set[str] = set()
        self.writes: list[tuple[str, str]] = []
        self.removals: list[str] = []
        self.refuse_edits: set[str] = set()
        self.fail: dict[str, str] = {}
        self.links: dict[str, str] = {}
        for path, text in (texts or {}).items():
            self.texts[self.resolve(path)] = text

    def mounts(self) -> list[Mount]:
        return list(self.mount_list)

    def resolve(self, path: str) -> str:
        try:
            resolved = resolve_virtual(path, [m.virtual for m in self.mount_list]).text
        except VirtualPathError as error:
            raise FilesError(error.path, error.reason) from None
        if resolved in self.fail:
            raise FilesError(resolved, self.fail[resolved])
        return resolved

    def host_path(self, path: str) -> str:
        resolved = self.resolve(path)
        mount = self._mount(resolved)
        return mount.host + resolved[len(mount.virtual):]

    def real_path(self, path: str) -> str:
        resolved = self.resolve(path)
        return self.links.get(resolved, resolved)

    async def read_text(self, path: str) -> str:
        resolved = self.resolve(path)
        if resolved in self.texts:
            return self.texts[resolved]
        if self._is_folder(resolved):
            raise FilesError(resolved, "a folder, not a file")
        raise FilesError(resolved, MISSING)

    async def write_text(self, path: str, text: str) -> None:
        resolved = self.resolve(path)
        mount = self._mount(resolved)
        if not mount.writable:
            raise FilesError(resolved, f"{mount.virtual} is a read-only mount")
        if resolved in self.refuse_edits:
            raise EditRefusedError(resolved)
        self.writes.append((resolved, text))
        self.texts[resolved] = text

    async def remove(self, path: str) -> None:
        resolved = self.resolve(path)
        mount = self._mount(resolved)
        if not mount.writable:
            raise FilesError(resolved, f"{mount.virtual} is a read-only mount")
        if resolved not in self.texts:
            raise FilesError(resolved, "a folder, not a file" if self._is_folder(resolved) else MISSING)
        self.removals.append(resolved)
        del self.texts[resolved]

    async def exists(self, path: str) -> bool:
        resolved = self.resolve(path)
        return resolved in self.texts or self._is_folder(resolved)

    async def list_dir(
        self, path: str, depth: int = 1, limit: int = 500, skip: frozenset[str] = frozenset()
    ) -> list[DirEntry]:
        root = self.resolve(path)
        if root in self.texts:
            raise FilesError(root, "a file, not a folder")
        if not self._is_folder(root):
            raise FilesError(root, "no such folder")
        found: list[DirEntry] = []
        queue: deque[tuple[str, int]] = deque([(root, 1)])
        while queue and len(found) < limit:
            folder, level = queue.popleft()
            for name in sorted(self._children(folder)):
                if len(found) >= limit:
                    break
                child = f"{folder}/{name}"
                is_dir = child not in self.texts
                found.append(DirEntry(child, is_dir, 0 if is_dir else len(self.texts[child].encode())))
                if is_dir and name not in skip and level < depth:
                    queue.append((child, level + 1))
        return found

    def _mount(self, resolved: str) -> Mount:
        return max((m for m in self.mount_list if resolved == m.virtual or resolved.startswith(m.virtual + "/")),
                   key=lambda m: len(m.virtual))

    def _all_folders(self) -> set[str]:
        folders = {m.virtual for m in self.mount_list} | set(self.folders)
        for path in self.texts:
            parts = path.split("/")
            folders.update("/".join(parts[:i]) for i in range(2, len(parts)))
        return folders

    def _is_folder(self, resolved: str) -> bool:
        return resolved in self._all_folders()

    def _children(self, folder: str) -> set[str]:
        prefix = folder + "/"
        return {p[len(prefix):].split("/")[0] for p in (*self.texts, *self._all_folders()) if p.startswith(prefix)}
