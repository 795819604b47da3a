import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.dev.plan import Batch
from orkeon_engine.domain.dev.sections import DevFileError, one_line
from orkeon_engine.domain.dev.waves import (
    MAX_CONCURRENCY,
    MIN_CONCURRENCY,
    WAVE_STATES,
    WaveEntry,
    WaveError,
    WavesRecord,
    branch_name,
    merge_order,
    next_wave,
    parse_concurrency,
    parse_waves,
    paths_text,
    render_waves,
    tree_batch,
    tree_path,
)
from orkeon_engine.domain.dev.work_folder import WorkPlace

PLACE = WorkPlace(".orkeon/work", "cart-save")


def batch(number: int, *after: int) -> Batch:
    return Batch(f"F{number}", f"Batch {number}", "", tuple(f"F{a}" for a in after))


@st.composite
def plans(draw: st.DrawFn) -> tuple[list[Batch], set[str]]:
    """A plan whose batches depend on earlier ones only, and a set of closed batches."""
    count = draw(st.integers(0, 9))
    batches = [batch(n, *draw(st.sets(st.integers(1, n - 1), max_size=3)) if n > 1 else ())
               for n in range(1, count + 1)]
    closed = draw(st.sets(st.sampled_from([b.id for b in batches]))) if batches else set()
    return batches, closed


@given(st.text(max_size=12))
def test_a_concurrency_value_is_a_number_from_two_to_four_or_a_message_naming_the_flag(text):
    try:
        value = parse_concurrency(text)
    except WaveError as error:
        assert "--concurrency" in str(error) and f"{MIN_CONCURRENCY} to {MAX_CONCURRENCY}" in str(error)
    else:
        assert MIN_CONCURRENCY <= value <= MAX_CONCURRENCY and value == int(text.strip())


@pytest.mark.parametrize("text", ["1", "5", "0", "12"])
def test_a_concurrency_out_of_range_is_refused_with_the_range(text):
    with pytest.raises(WaveError, match=f"--concurrency {int(text)} is out of range; --concurrency takes a whole "
                                        f"number from 2 to 4"):
        parse_concurrency(text)


def test_a_concurrency_within_range_is_read():
    assert [parse_concurrency(text) for text in ("2", " 3", "4")] == [2, 3, 4]


@given(plans(), st.integers(MIN_CONCURRENCY, MAX_CONCURRENCY))
def test_a_wave_holds_at_most_n_open_batches_whose_dependencies_closed_in_plan_order(plan, size):
    batches, closed = plan

    wave = next_wave(batches, closed, size)

    ids = [b.id for b in wave]
    assert len(wave) <= size
    assert all(b.id not in closed and set(b.after) <= closed for b in wave)
    assert ids == [b.id for b in batches if b.id in ids]
    ready = [b for b in batches if b.id not in closed and set(b.after) <= closed]
    assert len(wave) == min(size, len(ready))


def test_a_batch_waits_for_its_dependency_and_a_skipped_one_stays_out():
    batches = [batch(1), batch(2, 1), batch(3), batch(4), batch(5)]

    wave = next_wave(batches, (), 3, skip=("F3",))

    assert [b.id for b in wave] == ["F1", "F4", "F5"]


def test_merge_order_is_the_batches_numbers_not_their_text():
    assert merge_order(["F10", "F2", "F1"]) == ("F1", "F2", "F10")


def test_a_batch_worktree_and_branch_live_under_the_work_folder():
    assert (tree_path(PLACE, "F2"), branch_name(PLACE, "F2")) == (".orkeon/work/cart-save/trees/F2",
                                                                 "orkeon/cart-save/F2")


def test_only_this_works_trees_name_a_batch():
    found = [tree_batch(PLACE, path) for path in (".orkeon/work/cart-save/trees/F3", ".orkeon/work/other/trees/F3",
                                                  ".orkeon/work/cart-save/trees/x", "/elsewhere/F3")]

    assert found == ["F3", None, None, None]


def test_a_long_list_of_paths_is_shortened():
    assert paths_text([f"f{n}.py" for n in range(8)], limit=2) == "f0.py, f1.py and 6 more"


notes = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=30).map(one_line)
entries = st.builds(WaveEntry, st.integers(1, 30).map(lambda n: f"F{n}"), st.sampled_from(WAVE_STATES), notes)


@given(st.lists(entries, unique_by=lambda e: e.batch, max_size=6),
       st.from_regex(r"[A-Za-z0-9][A-Za-z0-9/._-]{0,20}", fullmatch=True))
def test_the_wave_state_reads_back_as_it_was_written(items, branch):
    record = WavesRecord("cart-save", branch, tuple(sorted(items, key=lambda e: int(e.batch[1:]))))

    assert parse_waves(render_waves(record)) == record


def test_setting_an_entry_replaces_it_and_keeps_the_id_order():
    record = WavesRecord("cart-save", "main").with_entry("F10", "running").with_entry("F2", "seeding")

    updated = record.with_entry("F2", "merged", "1a2b3c4")

    assert updated.entries == (WaveEntry("F2", "merged", "1a2b3c4"), WaveEntry("F10", "running"))


@pytest.mark.parametrize(("text", "expected"), [
    ("", "the first line must be `# Waves of <code>`"),
    ("# Waves of x\n\nbranch main\n", "the second line must be `Branch:"),
    ("# Waves of x\n\nBranch: main\n\n- F1 · lost\n", "'- F1 · lost' is not a batch line"),
    ("# Waves of x\n\nBranch: main\n\n- F1 · merged\n- F1 · gaps\n", "F1 appears twice"),
])
def test_a_wave_state_that_does_not_read_is_named_with_the_line(text, expected):
    with pytest.raises(DevFileError, match="waves-state.md: ") as error:
        parse_waves(text)

    assert expected in str(error.value)
