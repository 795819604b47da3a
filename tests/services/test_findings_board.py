"""The findings board: publish, clear, dismiss and follow, written through and announced by path."""

from orkeon_engine.domain.review.findings import Finding
from orkeon_engine.services.findings_board import FindingsBoard
from tests.support.doubles.fake_findings_store import FakeFindingsStore

LEAK = Finding("src/a.py", 4, 4, "    f = open(p)", "high", "correctness", "leak", "")
NIT = Finding("src/b.py", 1, 1, "x=1", "nit", "maintainability", "spacing", "")


def _listening(board):
    heard = []

    async def listener(change):
        heard.append(change.paths)

    board.subscribe(listener)
    return heard


async def test_the_board_starts_from_the_stored_findings():
    board = FindingsBoard(FakeFindingsStore([LEAK]))

    assert await board.findings() == (LEAK,)


async def test_publishing_replaces_the_findings_and_announces_old_and_new_paths():
    store = FakeFindingsStore([NIT])
    board = FindingsBoard(store)
    heard = _listening(board)

    await board.publish([LEAK])

    assert (store.findings, heard) == ([LEAK], [("src/b.py", "src/a.py")])


async def test_clearing_announces_every_path_that_had_findings():
    board = FindingsBoard(FakeFindingsStore([LEAK, NIT]))
    heard = _listening(board)

    count = await board.clear()

    assert (count, await board.findings(), heard) == (2, (), [("src/a.py", "src/b.py")])


async def test_dismissing_removes_the_finding_and_remembers_its_quote():
    store = FakeFindingsStore([LEAK, NIT])
    board = FindingsBoard(store)

    dismissed = await board.dismiss(LEAK.id)

    assert dismissed == LEAK
    assert await board.findings() == (NIT,)
    assert await board.dismissed() == frozenset({LEAK.dismiss_key})


async def test_dismissing_an_unknown_id_changes_nothing():
    board = FindingsBoard(FakeFindingsStore([LEAK]))

    assert (await board.dismiss("nope"), await board.findings()) == (None, (LEAK,))


async def test_following_an_edit_stores_the_moves():
    store = FakeFindingsStore([LEAK, NIT])
    board = FindingsBoard(store)
    heard = _listening(board)

    await board.follow("src/a.py", [LEAK.moved(7)])

    assert [f.line for f in store.findings] == [7, 1]
    assert heard == [("src/a.py",)]


async def test_an_edit_that_moves_nothing_writes_nothing():
    store = FakeFindingsStore([LEAK])
    board = FindingsBoard(store)
    heard = _listening(board)

    await board.follow("src/a.py", [LEAK])

    assert (store.writes, heard) == (0, [])


async def test_an_unsubscribed_listener_hears_nothing():
    board = FindingsBoard(FakeFindingsStore([LEAK]))
    heard = []

    async def listener(change):
        heard.append(change)

    stop = board.subscribe(listener)
    stop()
    await board.clear()

    assert heard == []
