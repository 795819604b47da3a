"""The supervisor's lock file: written whole, removed only by the supervisor it names, and the last call read
from its stamp (its serving is tested through tests/adapters/test_local_model_server.py)."""

from __future__ import annotations

from orkeon_engine.adapters.local_model_supervisor import LAST_CALL, RECORD, last_call, remove_own_record, write_record
from orkeon_engine.domain.model.local_model import ServerRecord


def test_a_supervisor_leaves_the_lock_file_of_a_newer_one(tmp_path):
    write_record(tmp_path, ServerRecord(200, 8931, "/m.gguf", "ready"))

    remove_own_record(tmp_path, pid=100)

    assert ServerRecord.from_json((tmp_path / RECORD).read_text(encoding="utf-8")) == ServerRecord(
        200, 8931, "/m.gguf", "ready")


def test_a_supervisor_removes_its_own_lock_file(tmp_path):
    write_record(tmp_path, ServerRecord(100, 8931, "/m.gguf", "ready"))

    remove_own_record(tmp_path, pid=100)

    assert not (tmp_path / RECORD).exists() and list(tmp_path.iterdir()) == []


def test_no_call_yet_reads_as_the_epoch_and_a_touch_as_now(tmp_path):
    before = last_call(tmp_path)
    (tmp_path / LAST_CALL).touch()

    assert before == 0.0 and last_call(tmp_path) > 0
