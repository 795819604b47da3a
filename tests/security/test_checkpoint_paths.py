"""A checkpoint row is data in state.db that anyone with the file can change: restoring one must never
write outside the workspace. Each crafted path is refused, naming it, before anything is planned."""

from __future__ import annotations

import pytest

from orkeon_engine.domain.checkpoints import Checkpoint, CheckpointRefusedError, FileChange, plan_take_back

CRAFTED = [
    "/workspace/../../etc/passwd",
    "/workspace/src/../../outside.txt",
    "/etc/passwd",
    "/output/../workspace/a.py",
    "/tmp/x",
    "../outside.txt",
    "src/a.py",
    "/workspace",
    "/workspace/a\x00.py",
    "/workspace/a.py\n/etc/passwd",
    "/workspace//a.py",
]


@pytest.mark.parametrize("path", CRAFTED)
def test_a_crafted_path_in_a_checkpoint_row_is_refused(path):
    tampered = Checkpoint(1, "edit", (FileChange(path, "safe\n", "owned\n"),))

    with pytest.raises(CheckpointRefusedError, match="nothing was restored") as refusal:
        plan_take_back([tampered])

    assert refusal.value.path == path
