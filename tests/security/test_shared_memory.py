"""Attacks on the shared memory, whose files a team commits and whose queries a model writes: a symbolic
link that would pull a file from outside the workspace into the model's context, a memory folder that is
itself a link, a refused list written through a link, a title that names a path, FTS5 syntax in a query."""

import os
from datetime import date

import pytest

from orkeon_engine.adapters.memory_entry_files import MemoryEntryFiles
from orkeon_engine.adapters.sqlite_memory_index import SqliteMemoryIndex
from orkeon_engine.domain.shared_memory.entries import make_entry, render_entry
from orkeon_engine.domain.shared_memory.refused import RefusedList, refuse
from orkeon_engine.ports.memory_entries import MemoryFilesError
from tests.support.doubles.fake_clock import FakeClock

SECRET = render_entry(make_entry("Deploy key", "-----BEGIN OPENSSH PRIVATE KEY----- secret-material"))


@pytest.fixture
def outside(tmp_path):
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "key.md").write_text(SECRET, encoding="utf-8")
    return folder


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "workspace"
    (root / ".orkeon" / "memory").mkdir(parents=True)
    (root / ".orkeon" / "memory" / "lesson.md").write_text(
        render_entry(make_entry("A real lesson", "Quote every path.")), encoding="utf-8")
    return root


async def _recalled(root):
    index = SqliteMemoryIndex(MemoryEntryFiles(root), None, FakeClock())
    answer = await index.search("deploy key secret private lesson", 10, vectors=False)
    index.close()
    return answer


async def test_a_symlinked_entry_pointing_outside_the_workspace_is_never_read(workspace, outside):
    os.symlink(outside / "key.md", workspace / ".orkeon" / "memory" / "deploy.md")

    answer = await _recalled(workspace)

    assert [hit.title for hit in answer.hits] == ["A real lesson"]
    assert all("secret-material" not in hit.text for hit in answer.hits)


async def test_a_symlinked_sub_folder_is_not_walked(workspace, outside):
    os.symlink(outside, workspace / ".orkeon" / "memory" / "team")

    answer = await _recalled(workspace)

    assert [hit.title for hit in answer.hits] == ["A real lesson"]


async def test_a_memory_folder_that_is_a_link_is_refused_and_said(tmp_path, outside):
    root = tmp_path / "linked"
    (root / ".orkeon").mkdir(parents=True)
    os.symlink(outside, root / ".orkeon" / "memory")

    answer = await _recalled(root)

    assert answer.hits == ()
    assert answer.problems == (".orkeon/memory: memory is a symbolic link; the shared memory is read from a real "
                               "folder of the workspace only",)


async def test_the_refused_list_is_never_written_through_a_link(workspace, outside):
    target = outside / "victim.txt"
    target.write_text("keep me", encoding="utf-8")
    os.symlink(target, workspace / ".orkeon" / "memory" / "_refused.md")
    files = MemoryEntryFiles(workspace)

    with pytest.raises(MemoryFilesError, match="is a symbolic link"):
        await files.write_refused(RefusedList((refuse("x", date(2026, 1, 1)),)))

    assert target.read_text(encoding="utf-8") == "keep me"


async def test_a_title_naming_a_path_writes_inside_the_memory_folder(workspace):
    files = MemoryEntryFiles(workspace)

    path = await files.write_entry(make_entry("../../../etc/passwd", "a hostile candidate"))

    assert path == ".orkeon/memory/etc-passwd.md" and (workspace / path).is_file()


@pytest.mark.parametrize("query", ['" OR 1=1 --', "title:secret*", "NEAR(a b, 1)", "x' ; DROP TABLE entries; --",
                                   "^deploy", "{title tags}: key"])
async def test_fts5_syntax_in_a_query_is_read_as_words(workspace, query):
    index = SqliteMemoryIndex(MemoryEntryFiles(workspace), None, FakeClock())

    answer = await index.search(query, 5, vectors=False)

    assert answer.entries == 1
    index.close()
