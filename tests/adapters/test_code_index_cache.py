import sqlite3

from orkeon_engine.adapters.code_index_cache import EntryTable, IndexCache, decode_entry
from orkeon_engine.domain.code_index.model import FileEntry, ImportRef, Symbol

ENTRY = FileEntry("a.py", "python", "hash", 20, 3, "a",
                  symbols=(Symbol("f", "a.f", "function", "a.py", 1, 2, 0, 15),),
                  imports=(ImportRef(".b", 1, ("c",)),))


def test_an_entry_comes_back_as_it_was_saved(tmp_path):
    cache = IndexCache(tmp_path / "c.db", "1")
    cache.save([(ENTRY, 42)], built=True)

    ((stored, mtime),) = list(IndexCache(tmp_path / "c.db", "1").load())

    assert (decode_entry(stored), mtime, stored.symbol_count) == (ENTRY, 42, 1)


def test_a_cache_of_another_extractor_version_is_emptied(tmp_path):
    cache = IndexCache(tmp_path / "c.db", "1")
    cache.save([(ENTRY, 42)], built=True)
    cache.close()

    newer = IndexCache(tmp_path / "c.db", "2")

    assert list(newer.load()) == []
    assert not newer.is_built()


def test_a_removed_file_is_dropped(tmp_path):
    cache = IndexCache(tmp_path / "c.db", "1")
    cache.save([(ENTRY, 42)])

    cache.save((), removed=["a.py"])

    assert list(cache.load()) == []


def test_a_loaded_entry_is_decoded_only_when_read(tmp_path):
    cache = IndexCache(tmp_path / "c.db", "1")
    cache.save([(ENTRY, 42)])
    ((stored, _),) = list(cache.load())
    table = EntryTable()
    table.load(stored._replace(path="b.py", symbols="not JSON: decoding it would fail"))
    table.load(stored)

    brief = table.brief("b.py")

    assert (brief.size, brief.content_hash, brief.symbol_count) == (20, "hash", 1)
    assert table["a.py"] == ENTRY and "b.py" in table and len(table) == 2


def test_a_frozen_table_keeps_what_it_held_when_the_table_changes():
    table = EntryTable({"a.py": ENTRY})
    frozen = table.frozen()

    del table["a.py"]

    assert list(frozen) == ["a.py"] and list(table) == []


def test_a_cache_of_the_former_layout_is_dropped_and_rebuilt(tmp_path):
    old = sqlite3.connect(tmp_path / "c.db")
    old.executescript("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                      "CREATE TABLE files (path TEXT PRIMARY KEY, symbols TEXT NOT NULL);"
                      "INSERT INTO meta VALUES ('version', '1'); INSERT INTO files VALUES ('a.py', '[]');")
    old.commit()
    old.close()

    cache = IndexCache(tmp_path / "c.db", "1")
    cache.save([(ENTRY, 42)])

    assert [stored.path for stored, _ in cache.load()] == ["a.py"] and not cache.is_built()
