"""The tree-sitter index over fixture projects: a build, what it leaves out, the cache, incremental passes."""

import asyncio
import os

import pytest

from orkeon_engine.adapters.tree_sitter_code_index import STATUS_LISTING_SECONDS, TreeSitterCodeIndex
from orkeon_engine.ports.code_index import CodeIndexError
from tests.support.code_projects import copy_project


@pytest.fixture
def project(tmp_path):
    return copy_project(tmp_path, git=True)


def _index(root, tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir(exist_ok=True)
    return TreeSitterCodeIndex(root, cache)


async def test_a_build_indexes_every_language_of_the_project(project, tmp_path):
    index = _index(project, tmp_path)

    report = await index.build()

    snapshot = await index.snapshot()
    assert report.failed == ()
    assert snapshot.languages() == {"python": 3, "go": 2, "javascript": 2, "rust": 2, "java": 1, "tsx": 1,
                                    "typescript": 1}


async def test_git_ignored_files_and_vendored_folders_are_left_out(project, tmp_path):
    index = _index(project, tmp_path)

    await index.build()

    paths = set((await index.snapshot()).files)
    assert "generated/schema.py" not in paths
    assert "shop/scratch.tmp.py" not in paths
    assert not any(p.startswith(("web/node_modules/", "build/", ".venv/")) for p in paths)
    assert "shop/models.py" in paths


async def test_outside_git_the_root_gitignore_is_honoured(tmp_path):
    root = copy_project(tmp_path, git=False)
    index = _index(root, tmp_path)

    await index.build()

    paths = set((await index.snapshot()).files)
    assert "generated/schema.py" not in paths
    assert "shop/scratch.tmp.py" not in paths
    assert "web/node_modules/left/index.js" not in paths


async def test_a_second_pass_parses_nothing_that_did_not_change(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()

    report = await index.build()

    assert report.parsed == ()
    assert report.unchanged == report.seen


async def test_a_touched_file_with_the_same_content_is_not_parsed_again(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()
    target = project / "shop/models.py"
    os.utime(target, ns=(1, 1))

    report = await index.refresh()

    assert report.parsed == ()


async def test_an_edited_file_is_reparsed_alone_and_its_new_symbol_found(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()
    target = project / "shop/checkout.py"
    target.write_text(target.read_text() + "\n\ndef refund(cart: Cart) -> int:\n    return 0\n")

    report = await index.refresh(["shop/checkout.py"])

    assert report.parsed == ("shop/checkout.py",)
    entry = (await index.snapshot()).files["shop/checkout.py"]
    assert entry.symbols[-1].qualified_name == "shop.checkout.refund"


async def test_a_text_given_for_a_file_is_indexed_instead_of_the_disk(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()

    await index.refresh(["shop/checkout.py"], texts={"shop/checkout.py": "def only():\n    pass\n"})

    entry = (await index.snapshot()).files["shop/checkout.py"]
    assert [s.name for s in entry.symbols] == ["only"]


async def test_a_deleted_file_leaves_the_index_on_the_next_pass(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()
    (project / "shop/checkout.py").unlink()

    report = await index.refresh()

    assert report.removed == ("shop/checkout.py",)
    assert "shop/checkout.py" not in (await index.snapshot()).files


async def test_the_cache_serves_a_new_index_without_parsing(project, tmp_path):
    await _index(project, tmp_path).build()
    again = _index(project, tmp_path)

    report = await again.build()

    assert report.parsed == ()
    assert (await again.snapshot()).files["shop/models.py"].symbols[1].name == "Item"


async def test_the_status_names_a_file_changed_since_it_was_indexed(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()
    (project / "shop/models.py").write_text("X = 1\n")

    status = await index.status()

    assert status.built
    assert status.stale == ("shop/models.py",)
    assert str(tmp_path / "cache") in status.cache


async def test_without_a_cache_folder_the_index_works_in_memory_and_says_why(project):
    index = TreeSitterCodeIndex(project, None, "the workspace is read-only")

    await index.build()

    status = await index.status()
    assert status.files > 0
    assert status.cache == "the workspace is read-only"


async def test_an_unreadable_cache_is_reported_and_the_index_still_answers(project, tmp_path):
    cache = tmp_path / "broken"
    cache.mkdir()
    (cache / "code_index.db").write_text("this is not a database")
    index = TreeSitterCodeIndex(project, cache)

    await index.build()

    status = await index.status()
    assert status.cache.startswith("memory only:")
    assert status.files > 0


async def test_text_search_finds_lines_case_insensitively_under_a_folder(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()

    hits = await index.search_text("CART", under="shop")

    assert ("shop/checkout.py", 8) in {(h.path, h.line) for h in hits}
    assert all(h.path.startswith("shop/") for h in hits)


async def test_parsing_a_text_stores_nothing(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()

    parsed = await index.parse("shop/models.py", "def f(:\n")

    assert parsed.error.startswith("syntax errors")
    assert (await index.snapshot()).files["shop/models.py"].error == ""


async def test_a_path_in_no_parsed_language_is_refused_by_name(project, tmp_path):
    index = _index(project, tmp_path)

    with pytest.raises(CodeIndexError, match="README.md: the index parses no .md file"):
        await index.refresh(["README.md"])


async def test_a_named_git_ignored_file_is_not_indexed(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()

    await index.refresh(["generated/schema.py"])

    assert "generated/schema.py" not in (await index.snapshot()).files


async def test_a_given_text_stays_indexed_until_its_disk_file_changes(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()
    await index.refresh(["shop/checkout.py"], texts={"shop/checkout.py": "def unsaved():\n    pass\n"})

    await index.refresh()
    kept = [s.name for s in (await index.snapshot()).files["shop/checkout.py"].symbols]
    (project / "shop/checkout.py").write_text("def saved():\n    pass\n")
    await index.refresh()

    assert kept == ["unsaved"]
    assert [s.name for s in (await index.snapshot()).files["shop/checkout.py"].symbols] == ["saved"]


async def test_forget_closes_the_cache_so_it_can_be_removed_and_the_next_use_indexes_again(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()
    cache_file = tmp_path / "cache" / "code_index.db"

    await index.forget()
    for path in tmp_path.joinpath("cache").iterdir():
        path.unlink()

    status = await index.status()
    assert not status.built and status.files == 0 and status.unindexed > 0
    assert (await index.build()).parsed and cache_file.exists()
    index.close()


async def test_a_status_asked_again_at_once_still_sees_a_file_changed_in_between(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()
    first = await index.status()
    (project / "shop/models.py").write_text("X = 1\n")

    again = await index.status()  # within STATUS_LISTING_SECONDS: the paths reused, their times read afresh

    assert first.stale == () and again.stale == ("shop/models.py",)


async def test_a_file_created_between_two_quick_statuses_is_counted_once_the_listing_is_old(project, tmp_path):
    index = _index(project, tmp_path)
    await index.build()
    await index.status()
    (project / "shop/extra.py").write_text("Y = 2\n")

    soon = await index.status()
    await asyncio.sleep(STATUS_LISTING_SECONDS + 0.1)
    later = await index.status()

    assert soon.unindexed == 0 and later.unindexed == 1
