from datetime import date

import pytest

from orkeon_engine.commands.memory.memory_admit import run_memory_admit
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.shared_memory.entries import make_entry
from orkeon_engine.domain.shared_memory.refused import RefusedList, refuse
from orkeon_engine.ports.memory_entries import MemoryFilesError
from orkeon_engine.ports.memory_index import MemoryIndexError
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_memory_entries import FakeMemoryEntries
from tests.support.doubles.fake_memory_index import FakeMemoryIndex

PROPOSALS = """# Proposals

## Quote every path the shell tool gets
tags: shell
A path with a space was split in two.

## Run the narrow test first
The suite takes minutes.

## Never push from a batch
Push once, at the plan's close.
"""


async def _deps(answers, texts=None, entries=None, index=None, files=None):
    texts = {"PROPOSALS.md": PROPOSALS} if texts is None else texts
    return await make_deps(human=FakeHumanInput(answers), vfs=FakeFiles(texts),
                           memory_entries=entries or FakeMemoryEntries(), memory_index=index or FakeMemoryIndex(),
                           files=files)


async def test_admit_writes_exactly_the_confirmed_entries_and_lists_the_refused():
    entries, index = FakeMemoryEntries(), FakeMemoryIndex()
    deps = await _deps(["Admit", "Refuse", "Admit"], entries=entries, index=index)

    view = await run_memory_admit([], deps)

    assert sorted(entries.entries) == [".orkeon/memory/never-push-from-a-batch.md",
                                       ".orkeon/memory/quote-every-path-the-shell-tool-gets.md"]
    assert [item.key for item in entries.refused_list.items] == ["run-the-narrow-test-first"]
    assert index.refreshes == 1
    assert view.message == "2 admitted, 1 refused of 3 candidates"
    assert "admitted: .orkeon/memory/quote-every-path-the-shell-tool-gets.md" in view.lines


async def test_an_admitted_entry_keeps_its_source_and_tags_and_is_dated_today():
    entries = FakeMemoryEntries()
    deps = await _deps(["Admit", "Stop"], entries=entries)

    await run_memory_admit([], deps)

    (entry,) = entries.entries.values()
    assert (entry.source, entry.tags, entry.created) == ("proposal", ("shell",), deps.clock.now().date())


async def test_nobody_answering_writes_nothing():
    entries, index = FakeMemoryEntries(), FakeMemoryIndex()
    deps = await _deps([], entries=entries, index=index)

    view = await run_memory_admit([], deps)

    assert entries.writes == [] and index.refreshes == 0
    assert view.message == "nobody answered (or the review was stopped at once): nothing was written"
    assert len(deps.human.questions) == 1


async def test_a_review_that_stops_keeps_what_was_decided_before():
    entries = FakeMemoryEntries()
    deps = await _deps(["Refuse", None], entries=entries)

    view = await run_memory_admit([], deps)

    assert entries.writes == ["refused"] and entries.entries == {}
    assert "not reviewed: Run the narrow test first" in view.lines
    assert "not reviewed (the review stopped)" in view.message


async def test_later_leaves_a_candidate_to_be_proposed_again():
    entries = FakeMemoryEntries()
    deps = await _deps(["Later", "Later", "Later"], entries=entries)

    view = await run_memory_admit([], deps)

    assert entries.writes == [] and view.message.startswith("nothing was written: the candidates reviewed were left")


async def test_each_candidate_is_shown_alone_with_the_four_answers():
    deps = await _deps(["Later", "Later", "Later"])

    await run_memory_admit([], deps)

    questions = deps.human.questions
    assert [options for _, options in questions] == [["Admit", "Refuse", "Later", "Stop"]] * 3
    assert questions[0][0].startswith("Admit this lesson to the shared memory? (1 of 3)\nQuote every path")


async def test_known_and_refused_candidates_are_not_asked_about():
    entries = FakeMemoryEntries([make_entry("Quote every path the shell tool gets", "older text")])
    entries.refused_list = RefusedList((refuse("Run the narrow test first", date(2026, 1, 2)),))
    deps = await _deps(["Admit"], entries=entries)

    view = await run_memory_admit([], deps)

    assert len(deps.human.questions) == 1 and "Never push from a batch" in deps.human.questions[0][0]
    assert "set aside: Run the narrow test first (refused on 2026-01-02 (the refused list))" in view.lines


async def test_from_files_are_read_instead_of_the_setting_and_their_source_is_a_note():
    entries = FakeMemoryEntries()
    texts = {"PROPOSALS.md": PROPOSALS, "notes/lessons.md": "## Keep .orkeon/local out of git\nIt is a cache.\n"}
    deps = await _deps(["Admit"], texts=texts, entries=entries)

    await run_memory_admit(["notes/lessons.md"], deps)

    assert [e.source for e in entries.entries.values()] == ["note"] and len(deps.human.questions) == 1


async def test_the_setting_names_the_default_candidate_files():
    files = FakeConfigFiles(project='{"memory.proposals": ["docs/dev/PROPOSALS.md"]}')
    texts = {"docs/dev/PROPOSALS.md": "## One lesson\nits text\n"}
    deps = await _deps(["Admit"], texts=texts, files=files)

    view = await run_memory_admit([], deps)

    assert view.message == "1 admitted, 0 refused of 1 candidate"


async def test_verdict_rows_are_candidates_too():
    verdict = "| severity | finding | evidence |\n|---|---|---|\n| Major | The parser drops a tab. | src/p.py:3 |\n"
    entries = FakeMemoryEntries()
    deps = await _deps(["Admit"], texts={"verdicts/F3.md": verdict}, entries=entries)

    await run_memory_admit(["verdicts/F3.md"], deps)

    (entry,) = entries.entries.values()
    assert (entry.source, entry.origin, entry.tags) == ("verdict-row", "verdicts/F3.md, row 1", ("verdict", "major"))


async def test_a_from_file_that_cannot_be_read_fails_before_any_question():
    deps = await _deps(["Admit"])

    with pytest.raises(CommandFailedError, match="--from missing.md: .*nothing was asked nor written"):
        await run_memory_admit(["missing.md"], deps)

    assert deps.human.questions == []


async def test_a_missing_proposals_file_is_said_and_nothing_is_asked():
    deps = await _deps(["Admit"], texts={})

    view = await run_memory_admit([], deps)

    assert view.message == "no candidate to review" and view.lines[0].startswith("no candidates read from PROPOSALS.md")


async def test_a_file_without_candidates_says_what_one_looks_like():
    deps = await _deps(["Admit"], texts={"notes.md": "just prose\n"})

    view = await run_memory_admit(["notes.md"], deps)

    assert view.lines == ("notes.md holds no candidate: a `## <title>` section or a verdict table "
                          "(docs/shared-memory.md)",)


async def test_a_malformed_refused_list_stops_before_any_question():
    entries = FakeMemoryEntries()
    entries.fail_refused = MemoryFilesError(".orkeon/memory/_refused.md", "line 3: 'X' is not a key")
    deps = await _deps(["Admit"], entries=entries)

    with pytest.raises(CommandFailedError, match="_refused.md: line 3: 'X' is not a key; nothing was asked"):
        await run_memory_admit([], deps)

    assert deps.human.questions == []


async def test_a_write_that_fails_names_the_file_and_what_was_written():
    entries = FakeMemoryEntries()
    entries.fail_write = MemoryFilesError(".orkeon/memory/quote.md", "cannot be written (disk full)")
    deps = await _deps(["Admit", "Stop"], entries=entries)

    with pytest.raises(CommandFailedError, match=r"quote.md: cannot be written \(disk full\); nothing was written"):
        await run_memory_admit([], deps)


async def test_an_index_that_fails_after_the_writes_is_a_warning():
    index = FakeMemoryIndex()
    index.error = MemoryIndexError("the index is broken")
    deps = await _deps(["Admit", "Stop"], index=index)

    view = await run_memory_admit([], deps)

    assert view.message.startswith("1 admitted") and "warning: the index is broken" in view.lines
