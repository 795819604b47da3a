"""Caches: the engine's caches on disk (the code index's, the code navigation's), their size, and a way to
empty one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class CacheError(Exception):
    """A cache that cannot be cleared: the message names it, its location and the reason."""


@dataclass(frozen=True)
class CacheInfo:
    """One cache: its name, what it holds, where it lives, and its size on disk (0 when absent)."""

    name: str
    description: str
    location: str
    size_bytes: int


class Caches(Protocol):
    """Failure contract: `list` never raises (a cache that cannot be measured reports 0 bytes); `clear` of
    an unknown name raises KeyError, and of a cache that cannot be removed CacheError. Clearing a cache
    loses no work: what it held is rebuilt on the next use."""

    async def list(self) -> list[CacheInfo]: ...

    async def clear(self, name: str) -> CacheInfo:
        """Empty the cache and give its state afterwards."""
        ...
