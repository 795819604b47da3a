from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.session.history import (
    RESTORED_FILE,
    SNIP_NOTE,
    SUMMARY,
    archived,
    exchanges,
    is_archived,
    live,
    live_tokens,
    snip,
)
from orkeon_engine.domain.session.session import BufferEntry


def _conversation(count, size=40):
    entries = []
    for n in range(count):
        entries += [BufferEntry("user", f"request {n} " + "x" * size), BufferEntry("assistant", f"answer {n}")]
    return entries


def test_exchanges_start_at_each_request():
    entries = [BufferEntry("system", "s", SUMMARY), *_conversation(2)]

    assert [(e.start, e.end) for e in exchanges(entries)] == [(1, 3), (3, 5)]


def test_archived_entries_leave_the_live_history_and_its_count():
    entries = [archived(BufferEntry("user", "old " * 50)), BufferEntry("user", "new")]

    assert live(entries) == [BufferEntry("user", "new")]
    assert live_tokens(entries) == 1


def test_a_short_conversation_is_not_snipped():
    entries = _conversation(2)

    result = snip(entries, budget=10_000)

    assert result.dropped == 0 and result.entries == entries


def test_a_snip_keeps_the_head_and_the_last_exchanges_and_archives_the_middle_in_place():
    entries = _conversation(8)

    result = snip(entries, budget=10_000, keep=2)

    shown = live(result.entries)
    assert [e.text.split()[1] for e in shown if e.role == "user"] == ["0", "6", "7"]
    assert shown[2].kind == SNIP_NOTE and "5 earlier exchanges" in shown[2].text
    assert len(result.entries) == len(entries) + 1 and result.dropped == 5
    assert [e.text for e in result.entries if is_archived(e)][0].startswith("request 1")


def test_a_snip_keeps_fewer_exchanges_when_they_do_not_fit_its_budget_but_always_the_last():
    entries = _conversation(6, size=400)

    result = snip(entries, budget=50, keep=4)

    assert [e.text.split()[1] for e in live(result.entries) if e.role == "user"] == ["0", "5"]


def test_a_snip_archives_the_restored_files():
    entries = [*_conversation(4), BufferEntry("system", "/workspace/a.py ...", RESTORED_FILE), *_conversation(2)]

    result = snip(entries, budget=10_000, keep=1)

    assert all(e.kind != RESTORED_FILE for e in live(result.entries))


_entry = st.builds(BufferEntry, st.sampled_from(["user", "assistant", "system"]), st.text(max_size=300),
                   st.sampled_from(["message", SUMMARY, RESTORED_FILE]))


@given(st.lists(_entry, max_size=30), st.integers(min_value=1, max_value=500), st.integers(min_value=1, max_value=5))
def test_a_snip_never_loses_an_entry_and_keeps_the_last_request(entries, budget, keep):
    result = snip(entries, budget, keep)

    assert len(result.entries) == len(entries) + (1 if result.dropped else 0)
    requests = [e for e in live(entries) if e.role == "user" and e.kind == "message"]
    if requests:
        assert requests[-1] in live(result.entries)
