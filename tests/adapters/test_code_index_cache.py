from orkeon_engine.adapters.code_index_cache import IndexCache
from orkeon_engine.domain.code_index.model import FileEntry, ImportRef, Symbol

ENTRY = FileEntry("a.py", "python", "hash", 20, 3, "a",
                  symbols=(Symbol("f", "a.f", "function", "a.py", 1, 2, 0, 15),),
                  imports=(ImportRef(".b", 1, ("c",)),))


def test_an_entry_comes_back_as_it_was_saved(tmp_path):
    cache = IndexCache(tmp_path / "c.db", "1")
    cache.save([(ENTRY, 42)], built=True)

    loaded = list(IndexCache(tmp_path / "c.db", "1").load())

    assert loaded == [(ENTRY, 42)]


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
