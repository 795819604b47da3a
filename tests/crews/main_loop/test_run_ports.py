import dataclasses

import pytest

from orkeon_engine.domain.errors import NotConfiguredError
from tests.support.doubles.fake_checkpoint_store import FakeCheckpointStore
from tests.support.main_loop_turns import set_up_turn


async def test_without_a_model_the_loop_says_how_to_configure_one():
    deps, model, ports = await set_up_turn()

    with pytest.raises(NotConfiguredError, match="orkeon config set model"):
        dataclasses.replace(ports, llm=None).require_llm()


async def test_a_turn_records_its_edits_only_when_the_engine_keeps_checkpoints():
    deps, model, ports = await set_up_turn()
    kept = dataclasses.replace(ports, checkpoints=FakeCheckpointStore())

    recorders = [kept.recorder(), dataclasses.replace(kept, checkpoints=None).recorder(),
                 dataclasses.replace(kept, files=None).recorder()]

    assert recorders[0] is not None and recorders[1:] == [None, None]
