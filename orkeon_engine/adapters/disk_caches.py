"""DiskCaches: the Caches port over files and folders in the workspace's state folder, each cache named with the
paths it occupies and, when a component holds it open, the hook that lets go of it before removal."""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from orkeon_engine.ports.caches import CacheError, CacheInfo


@dataclass(frozen=True)
class DiskCache:
    """A cache: its name, what it holds, the files or folders it occupies, and what to call before they are
    removed (a component closing its handle and forgetting what it loaded)."""

    name: str
    description: str
    paths: tuple[Path, ...]
    release: Callable[[], Awaitable[None]] | None = None


class DiskCaches:
    def __init__(self, caches: Sequence[DiskCache]) -> None:
        self._caches = {cache.name: cache for cache in caches}

    async def list(self) -> list[CacheInfo]:
        return await asyncio.to_thread(lambda: [_info(cache) for cache in self._caches.values()])

    async def clear(self, name: str) -> CacheInfo:
        cache = self._caches[name]
        if cache.release is not None:
            await cache.release()
        return await asyncio.to_thread(_clear, cache)


def _info(cache: DiskCache) -> CacheInfo:
    location = str(cache.paths[0]) if cache.paths else "(none)"
    return CacheInfo(cache.name, cache.description, location, sum(_size(path) for path in cache.paths))


def _size(path: Path) -> int:
    try:
        if path.is_symlink():
            return 0
        if path.is_file():
            return path.stat().st_size
        total = 0
        for folder, _dirs, names in os.walk(path):
            for name in names:
                child = Path(folder) / name
                if not child.is_symlink():
                    total += child.stat().st_size
        return total
    except OSError:
        return 0


def _clear(cache: DiskCache) -> CacheInfo:
    for path in cache.paths:
        try:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            elif path.exists() or path.is_symlink():
                path.unlink()
        except OSError as error:
            raise CacheError(f"the {cache.name} cache at {path} cannot be removed: {error.strerror or error}") from None
    return _info(cache)
