"""FakeCaches: the Caches port over `caches` (name to CacheInfo); `cleared` records each clear, and
`fail` makes the clear of a name raise CacheError with that reason."""

from __future__ import annotations

import dataclasses

from orkeon_engine.ports.caches import CacheError, CacheInfo


class FakeCaches:
    def __init__(self, *caches: CacheInfo) -> None:
        self.caches: dict[str, CacheInfo] = {c.name: c for c in caches}
        self.cleared: list[str] = []
        self.fail: dict[str, str] = {}

    async def list(self) -> list[CacheInfo]:
        return list(self.caches.values())

    async def clear(self, name: str) -> CacheInfo:
        info = self.caches[name]
        if name in self.fail:
            raise CacheError(f"the {name} cache at {info.location} cannot be removed: {self.fail[name]}")
        self.cleared.append(name)
        self.caches[name] = dataclasses.replace(info, size_bytes=0)
        return self.caches[name]
