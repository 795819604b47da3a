import pytest

from orkeon_engine.adapters.disk_caches import DiskCache, DiskCaches


def _caches(tmp_path, release=None):
    (tmp_path / "index.db").write_bytes(b"x" * 100)
    (tmp_path / "index.db-wal").write_bytes(b"y" * 20)
    (tmp_path / "jedi" / "sub").mkdir(parents=True)
    (tmp_path / "jedi" / "sub" / "a.pkl").write_bytes(b"z" * 50)
    return DiskCaches([
        DiskCache("code-index", "symbols", (tmp_path / "index.db", tmp_path / "index.db-wal"), release),
        DiskCache("code-navigation", "jedi", (tmp_path / "jedi",)),
    ])


async def test_each_cache_is_measured_over_all_its_paths(tmp_path):
    found = await _caches(tmp_path).list()

    assert [(c.name, c.size_bytes) for c in found] == [("code-index", 120), ("code-navigation", 50)]
    assert found[0].location == str(tmp_path / "index.db")


async def test_a_cache_whose_paths_do_not_exist_weighs_nothing(tmp_path):
    caches = DiskCaches([DiskCache("code-index", "symbols", (tmp_path / "absent.db",))])

    (info,) = await caches.list()

    assert info.size_bytes == 0


async def test_clear_releases_the_cache_then_removes_its_files(tmp_path):
    released = []

    async def release():
        released.append(True)

    caches = _caches(tmp_path, release=release)

    index = await caches.clear("code-index")

    assert released == [True] and index.size_bytes == 0
    assert not (tmp_path / "index.db").exists() and not (tmp_path / "index.db-wal").exists()
    assert (tmp_path / "jedi" / "sub" / "a.pkl").exists()


async def test_clear_removes_a_cache_folder_with_what_it_holds(tmp_path):
    caches = _caches(tmp_path)

    navigation = await caches.clear("code-navigation")

    assert navigation.size_bytes == 0 and not (tmp_path / "jedi").exists()


async def test_clearing_an_unknown_cache_is_a_key_error(tmp_path):
    with pytest.raises(KeyError):
        await _caches(tmp_path).clear("models")
