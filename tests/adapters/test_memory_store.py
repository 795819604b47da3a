import json

import pytest

from orkeon_engine.adapters.memory_store import WorkspaceMemoryStore
from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from tests.support.doubles.fake_clock import FakeClock


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def store(tmp_path, clock):
    db = SqliteDatabase(tmp_path / "state.db")
    yield WorkspaceMemoryStore(db, tmp_path / "xdg" / "orkeon", clock)
    db.close()


async def test_user_notes_go_to_the_users_file_and_the_others_to_the_database_listed_oldest_first(
        store, tmp_path, clock):
    user = await store.add("user", "reads French")
    clock.advance(1)
    project = await store.add("project", "the parser is generated")

    saved = json.loads((tmp_path / "xdg" / "orkeon" / "memory.json").read_text())
    assert [n["text"] for n in saved["notes"]] == ["reads French"]
    assert user.id.startswith("u-") and project.id.startswith("m-")
    assert [n.text for n in await store.list()] == ["reads French", "the parser is generated"]


async def test_notes_survive_a_new_store_over_the_same_places(store, tmp_path):
    await store.add("feedback", "run the narrow test", "the suite is slow")
    await store.add("user", "likes short answers")

    again = WorkspaceMemoryStore(SqliteDatabase(tmp_path / "state.db"), tmp_path / "xdg" / "orkeon", FakeClock())

    notes = await again.list()
    assert {(n.category, n.text, n.reason) for n in notes} == {
        ("feedback", "run the narrow test", "the suite is slow"), ("user", "likes short answers", "")}


async def test_a_category_lists_only_its_notes(store):
    await store.add("user", "u")
    await store.add("reference", "the runbook is in the wiki")

    assert [n.text for n in await store.list("reference")] == ["the runbook is in the wiki"]
    assert [n.text for n in await store.list("user")] == ["u"]


async def test_get_and_remove_work_in_both_places_and_an_unknown_id_is_not_found(store):
    user = await store.add("user", "u")
    project = await store.add("project", "p")

    assert (await store.get(project.id)).text == "p"
    assert await store.remove(user.id) and await store.remove(project.id)
    assert not await store.remove("m-nothing") and await store.get(user.id) is None
    assert await store.list() == []


async def test_an_invalid_users_file_is_reported_with_its_path_and_never_rewritten(store, tmp_path):
    path = tmp_path / "xdg" / "orkeon" / "memory.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json")

    with pytest.raises(OSError, match="memory.json: invalid JSON"):
        await store.add("user", "x")
    assert path.read_text() == "{not json"
