"""LocalDiskFiles: the DiskFiles port over the local filesystem, every write atomic (adapters/atomic_write.py)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from orkeon_engine.adapters.atomic_write import write_atomically
from orkeon_engine.ports.files import FilesError


class LocalDiskFiles:
    async def exists(self, path: str) -> bool:
        return await asyncio.to_thread(os.path.lexists, path)

    async def write_text(self, path: str, text: str) -> None:
        await asyncio.to_thread(_write, path, text)


def _write(path: str, text: str) -> None:
    target = Path(path)
    if target.is_dir():
        raise FilesError(path, "is a folder; name a file")
    try:
        write_atomically(target, text)
    except OSError as error:
        raise FilesError(path, error.strerror or str(error)) from None
