from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.session.compaction import (
    BREAKER_LIMIT,
    MEMORIES_BEGIN,
    MEMORIES_END,
    SUMMARY_BEGIN,
    SUMMARY_END,
    Breaker,
    CompactOutcome,
    MemoryCandidate,
    build_memory_prompt,
    build_summary_prompt,
    entry_label,
    looks_secret,
    read_breaker,
    read_memories,
    read_summary,
    render_transcript,
)
from orkeon_engine.domain.session.history import ADVICE, SUMMARY, archived
from orkeon_engine.domain.session.memory import MemoryNote
from orkeon_engine.domain.session.session import BufferEntry

WHEN = datetime(2026, 1, 1, tzinfo=UTC)


def test_the_summary_is_the_text_between_its_markers_and_the_rest_is_dropped():
    answer = f"Sure, here it is.\n{SUMMARY_BEGIN}\n## Goal\nSplit it.\n{SUMMARY_END}\nHope this helps!"

    assert read_summary(answer) == "## Goal\nSplit it."


def test_an_answer_without_both_markers_gives_an_empty_summary():
    assert read_summary(f"{SUMMARY_BEGIN}\n## Goal\nnever closed") == ""


@given(st.text())
def test_reading_a_summary_never_fails_and_never_keeps_a_marker(text):
    summary = read_summary(text)

    assert SUMMARY_BEGIN not in summary.splitlines()


def test_the_summary_prompt_asks_for_the_focus_above_all_when_one_is_given():
    prompt = build_summary_prompt(2_000, "the migration plan")

    assert "keep one thing above all: the migration plan" in prompt


def test_the_memory_items_are_read_with_their_category_and_the_feedback_reason():
    answer = (f"{MEMORIES_BEGIN}\n- project: the parser is generated\n- Feedback: run the narrow test | because "
              f"the suite is slow\n- team: unknown category\nnot an item\n{MEMORIES_END}\n- user: outside")

    found = read_memories(answer)

    assert found == [MemoryCandidate("project", "the parser is generated"),
                     MemoryCandidate("feedback", "run the narrow test", "the suite is slow")]


def test_a_memory_item_already_kept_or_holding_a_secret_is_dropped():
    existing = [MemoryNote("n1", "project", "The parser is generated", WHEN)]
    answer = (f"{MEMORIES_BEGIN}\n- project: the parser   is generated\n- reference: token = ghp_"
              f"abcdefghijklmnopqrstuvwx1234\n- reference: dashboards at grafana.internal\n{MEMORIES_END}")

    found = read_memories(answer, existing)

    assert found == [MemoryCandidate("reference", "dashboards at grafana.internal")]


def test_an_empty_list_is_a_valid_answer():
    assert read_memories(f"{MEMORIES_BEGIN}\n{MEMORIES_END}") == []


@given(st.text())
def test_reading_memories_never_fails_on_any_answer(text):
    found = read_memories(f"{MEMORIES_BEGIN}\n{text}\n{MEMORIES_END}")

    assert all(item.text and item.category for item in found)


def test_credentials_look_secret_and_plain_facts_do_not():
    assert looks_secret("password: hunter2hunter2")
    assert looks_secret("-----BEGIN RSA PRIVATE KEY-----")
    assert not looks_secret("the token bucket refills every second")


def test_the_memory_prompt_lists_the_notes_already_kept():
    prompt = build_memory_prompt([MemoryNote("n1", "user", "reads French", WHEN)])

    assert "- user: reads French" in prompt


def test_the_transcript_is_framed_and_marks_the_compacted_entries():
    entries = [BufferEntry("system", "earlier work", SUMMARY), BufferEntry("user", "go on"),
               archived(BufferEntry("assistant", "done"))]

    text = render_transcript(entries, 10_000)

    assert text == "<transcript>\n[compacted] earlier work\n\n[person] go on\n\n[assistant] done\n</transcript>"


def test_a_long_transcript_keeps_its_head_and_its_tail():
    entries = [BufferEntry("user", "FIRST " + "a" * 5_000), BufferEntry("user", "b" * 5_000 + " LAST")]

    text = render_transcript(entries, 1_000)

    assert "FIRST" in text and "LAST" in text and "characters of the middle of the transcript left out" in text
    assert len(text) < 1_200


def test_the_breaker_opens_after_the_limit_of_failures_in_a_row():
    breaker = Breaker()
    for n in range(BREAKER_LIMIT):
        assert not breaker.open
        breaker = breaker.failed(f"failure {n}")

    assert breaker.open and read_breaker(breaker.to_state()) == breaker


def test_an_unreadable_breaker_value_is_a_closed_breaker():
    assert read_breaker({"failures": "many"}) == Breaker() and read_breaker(None) == Breaker()


def test_the_outcome_line_says_what_was_done_and_the_tokens():
    outcome = CompactOutcome("summarised", before=9_000, after=700, notes_saved=("n1",), restored=("/workspace/a",))

    assert outcome.describe() == ("summarised the history: 9,000 -> 700 tokens of history; 1 note saved to memory; "
                                  "restored /workspace/a")


def test_advice_is_marked_as_advice_not_as_the_assistants_words():
    assert entry_label(BufferEntry("assistant", "1. risky", kind=ADVICE)) == "[advice]"
