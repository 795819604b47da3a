import pytest

from orkeon_engine.adapters.memory_entry_files import MAX_FILE_BYTES, MemoryEntryFiles
from orkeon_engine.domain.shared_memory.entries import make_entry, render_entry
from orkeon_engine.domain.shared_memory.refused import RefusedCandidate, RefusedList
from orkeon_engine.ports.memory_entries import MemoryFilesError


def _write(folder, name, title, text="the lesson"):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_entry(make_entry(title, text)), encoding="utf-8")
    return path


@pytest.fixture
def files(tmp_path):
    return MemoryEntryFiles(tmp_path)


@pytest.fixture
def folder(tmp_path):
    return tmp_path / ".orkeon" / "memory"


async def test_every_markdown_file_is_an_entry_but_those_starting_with_an_underscore_or_a_dot(files, folder):
    _write(folder, "a.md", "A")
    _write(folder, "git/b.md", "B")
    _write(folder, "_refused.md", "not an entry")
    _write(folder, ".draft.md", "hidden")
    _write(folder, "_drafts/c.md", "in a private folder")
    (folder / "notes.txt").write_text("not markdown", encoding="utf-8")

    listing = await files.listing()

    assert [(s.path, s.entry.title) for s in listing.entries] == [(".orkeon/memory/a.md", "A"),
                                                                 (".orkeon/memory/git/b.md", "B")]


async def test_a_file_that_is_not_an_entry_is_named_with_its_reason(files, folder):
    (folder).mkdir(parents=True)
    (folder / "bad.md").write_text("no front matter", encoding="utf-8")
    (folder / "latin.md").write_bytes(b"---\ntitle: caf\xe9\n---\ntext\n")

    listing = await files.listing()

    assert listing.entries == ()
    assert listing.problems[0].startswith(".orkeon/memory/bad.md: the file does not open with a front matter")
    assert listing.problems[1] == ".orkeon/memory/latin.md: is not UTF-8 text"


async def test_a_file_over_the_size_cap_is_skipped(files, folder):
    folder.mkdir(parents=True)
    (folder / "huge.md").write_text("---\ntitle: T\n---\n" + "x" * MAX_FILE_BYTES, encoding="utf-8")

    listing = await files.listing()

    assert listing.problems == (".orkeon/memory/huge.md: is larger than 256 KiB: split it into entries",)


async def test_a_missing_folder_is_an_empty_memory(files):
    listing = await files.listing()

    assert listing.entries == () and listing.problems == ()


async def test_a_new_entry_is_named_after_its_title_and_reads_back(files):
    entry = make_entry("Quote every path!", "A path with a space.", ["shell"], "proposal")

    path = await files.write_entry(entry)

    assert path == ".orkeon/memory/quote-every-path.md"
    assert (await files.listing()).entries[0].entry == entry


async def test_a_new_entry_never_replaces_a_file(files, folder):
    _write(folder, "run-the-tests.md", "Run the tests", "the older lesson")

    path = await files.write_entry(make_entry("Run the tests", "the newer lesson"))

    assert path == ".orkeon/memory/run-the-tests-2.md"
    assert "the older lesson" in (folder / "run-the-tests.md").read_text(encoding="utf-8")


async def test_the_refused_list_is_empty_until_written_then_reads_back(files, folder):
    empty = await files.refused()
    refused = RefusedList((RefusedCandidate("quote-paths", None, "Quote paths"),))

    path = await files.write_refused(refused)

    assert empty == RefusedList() and path == ".orkeon/memory/_refused.md"
    assert await files.refused() == refused


async def test_a_malformed_refused_list_is_an_error_naming_the_file_and_line(files, folder):
    folder.mkdir(parents=True)
    (folder / "_refused.md").write_text("- Bad Key\n", encoding="utf-8")

    with pytest.raises(MemoryFilesError, match=r"\.orkeon/memory/_refused\.md: line 1: 'Bad Key' is not a key"):
        await files.refused()


async def test_a_folder_that_cannot_be_made_is_an_error_naming_it(files, folder):
    folder.parent.mkdir(parents=True)
    folder.write_text("a file where the folder should be", encoding="utf-8")

    with pytest.raises(MemoryFilesError, match=r"^\.orkeon/memory: cannot be written"):
        await files.write_entry(make_entry("T", "text"))
