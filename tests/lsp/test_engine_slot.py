"""EngineSlot: the engine built once in the background, awaited by requests, its failure told once."""

from __future__ import annotations

import pytest

from orkeon_engine.engine import Engine
from orkeon_lsp.engine_slot import EngineSlot, EngineUnavailableError
from tests.support.deps import make_deps


async def test_the_engine_is_built_once_and_handed_to_every_request():
    slot, builds, closed = EngineSlot(), [], []

    async def build() -> Engine:
        builds.append(1)
        return Engine(await make_deps(), (), lambda: closed.append(1))

    slot.start(build, lambda reason: None)
    slot.start(build, lambda reason: None)
    first, second = await slot.get(), await slot.get()
    slot.close()
    slot.close()

    assert first is second and builds == [1] and closed == [1]


async def test_before_start_there_is_no_engine():
    with pytest.raises(EngineUnavailableError, match="not been initialized"):
        await EngineSlot().get()


async def test_a_failed_build_is_told_once_and_answers_every_request():
    slot, told = EngineSlot(), []

    async def build() -> Engine:
        raise OSError("state.db is locked")

    slot.start(build, told.append)
    with pytest.raises(EngineUnavailableError, match="state.db is locked"):
        await slot.get()
    with pytest.raises(EngineUnavailableError):
        await slot.get()

    assert told == ["the engine could not start: state.db is locked"]
