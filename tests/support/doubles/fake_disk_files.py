"""FakeDiskFiles: the DiskFiles port over a dict of absolute paths to texts; `refuse` makes writes fail."""

from __future__ import annotations

from orkeon_engine.ports.files import FilesError


class FakeDiskFiles:
    def __init__(self, files: dict[str, str] | None = None) -> None:
        self.files: dict[str, str] = dict(files or {})
        self.refuse: str | None = None
        """When set, every write fails with this reason."""

    async def exists(self, path: str) -> bool:
        return path in self.files

    async def write_text(self, path: str, text: str) -> None:
        if self.refuse is not None:
            raise FilesError(path, self.refuse)
        self.files[path] = text
