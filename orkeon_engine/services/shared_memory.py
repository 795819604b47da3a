"""The shared memory as the commands and tools use it: recall with the person's settings, and the candidate
files /memory admit reads. The one reader of the `memory.vectors` and `memory.proposals` settings."""

from __future__ import annotations

from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.shared_memory.recall import RecallAnswer, clamp_limit
from orkeon_engine.ports.memory_index import MemoryIndex
from orkeon_engine.services.config_store import ConfigStore

DEFAULT_PROPOSALS = ("PROPOSALS.md",)


async def vectors_wanted(config: ConfigStore) -> bool:
    """`memory.vectors` is not off (a settings file that cannot be read keeps the default, auto)."""
    try:
        return str(await config.get("memory.vectors", "auto")) != "off"
    except ConfigFileError:
        return True


async def recall(index: MemoryIndex, config: ConfigStore, query: str, limit: int) -> RecallAnswer:
    """The best entries for `query` (at most `limit`, 1 to 10), with vectors unless the settings turn them off."""
    return await index.search(query, clamp_limit(limit), vectors=await vectors_wanted(config))


async def proposal_files(config: ConfigStore) -> list[str]:
    """The candidate files named by `memory.proposals` (ConfigFileError when a settings file is unreadable)."""
    return [str(path) for path in await config.get("memory.proposals", list(DEFAULT_PROPOSALS))]
