from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.dev.batches_state import (
    BATCH_STATES,
    BatchesState,
    BatchRecord,
    blocked_review,
    parse_batches_state,
    render_batches_state,
)
from orkeon_engine.domain.dev.sections import DevFileError
from tests.support.dev_strategies import codes, line_lists, lines

records = st.builds(BatchRecord, st.integers(1, 30).map(lambda n: f"F{n}"), st.sampled_from(BATCH_STATES),
                    st.one_of(st.just(""), lines), st.integers(0, 9), st.integers(0, 3), st.integers(0, 5),
                    st.integers(0, 5), st.one_of(st.just(""), st.from_regex(r"[0-9a-f]{7}", fullmatch=True)),
                    line_lists, line_lists)


@st.composite
def states(draw: st.DrawFn) -> BatchesState:
    batches = draw(st.lists(records, max_size=4, unique_by=lambda r: r.id))
    closed = draw(st.one_of(st.just("no"), lines))
    return BatchesState(draw(codes), f".orkeon/work/{draw(codes)}/plan.md", tuple(batches), draw(line_lists), closed)


@given(states())
def test_batches_state_reads_back_as_written(state):
    assert parse_batches_state(render_batches_state(state)) == state


def test_a_record_put_again_keeps_its_place_and_its_log_lines_carry_its_id():
    state = BatchesState("cart", "plan.md").put(BatchRecord("F1", "running")).put(BatchRecord("F2", "reviewed"))

    moved = state.put(BatchRecord("F1", "done", commit="abc1234"), "VALID, committed abc1234")

    assert [b.id for b in moved.batches] == ["F1", "F2"]
    assert moved.record("F1").commit == "abc1234" and moved.done() == frozenset({"F1"})
    assert moved.log == ("F1 · VALID, committed abc1234",)


def test_a_review_that_cannot_run_reads_blocked_with_its_reason():
    assert blocked_review("the answer did not\nparse") == "BLOCKED — review not run (the answer did not parse)"


def test_a_batch_in_a_state_that_is_none_of_the_states_is_refused_naming_them():
    text = "# Batches of cart\n\nPlan: p\nClosed: no\n\n## 1. Batches\n\n### F1 · finished\n"

    try:
        parse_batches_state(text, "batches-state.md")
    except DevFileError as error:
        assert "batches-state.md: `### F1 · finished`" in str(error) and "waiting" in str(error)
    else:
        raise AssertionError("a state that is none of the states was read")


def test_a_cycles_line_that_does_not_read_is_refused():
    text = "# Batches of cart\n\nPlan: p\n\n## 1. Batches\n\n### F1 · running\n- Cycles: two\n"

    try:
        parse_batches_state(text)
    except DevFileError as error:
        assert "`- Cycles:` line must read `<done> of <all>`" in str(error)
    else:
        raise AssertionError("a broken cycles line was read")
