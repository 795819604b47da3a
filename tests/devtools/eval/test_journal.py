"""The card's journal: attempts written as they end are read back by a run of the same card, never by another
card's run, and a line cut short by a stop is run again."""

from __future__ import annotations

from pathlib import Path

from devtools.eval.journal import Journal, header, journal_path
from devtools.eval.tally import Attempt

HEADER = header("1.5b", "abc1234", 51, 1, ["orkeon", "aider"])


def _attempt(task_id: str, passed: bool = True) -> Attempt:
    return Attempt("fix", task_id, "held-out", "orkeon", passed, "the tests pass", 1200, 31.5, 3)


def test_a_run_of_the_same_card_reads_back_what_the_stopped_one_wrote(tmp_path: Path) -> None:
    path = tmp_path / "runs" / "card.jsonl"
    Journal(path, HEADER).write(_attempt("fix:a"), 0)
    Journal(path, HEADER).write(_attempt("fix:b", passed=False), 0)

    again = Journal(path, HEADER)

    assert again.ran("fix:a", "orkeon", 0) == _attempt("fix:a")
    assert again.ran("fix:b", "orkeon", 0) == _attempt("fix:b", passed=False)
    assert again.ran("fix:a", "orkeon", 1) is None and again.ran("fix:a", "aider", 0) is None


def test_another_cards_journal_is_started_over(tmp_path: Path) -> None:
    path = tmp_path / "card.jsonl"
    Journal(path, HEADER).write(_attempt("fix:a"), 0)

    other = Journal(path, {**HEADER, "agents": ["orkeon"]})

    assert other.done == {} and not path.exists()


def test_a_line_cut_short_by_a_stop_runs_again(tmp_path: Path) -> None:
    path = tmp_path / "card.jsonl"
    Journal(path, HEADER).write(_attempt("fix:a"), 0)
    with open(path, "a", encoding="utf-8") as out:
        out.write('{"family": "fix", "task_id": "fix:b", "ha')

    again = Journal(path, HEADER)

    assert set(again.done) == {("fix:a", "orkeon", 0)}


def test_code_with_uncommitted_changes_is_never_journaled(tmp_path: Path) -> None:
    assert journal_path(tmp_path, "1.5b", "abc1234+changes", 1) is None
    assert journal_path(tmp_path, "1.5b", "abc1234", 2) == tmp_path / "runs" / "1.5b-abc1234-r2.jsonl"
