"""The card's numbers: the Wilson interval, and a row per half, family and agent with the cost per solved task."""

from __future__ import annotations

import pytest

from devtools.eval.tally import Attempt, rows, wilson


@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    (0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0), (13, 15, 0.6211, 0.9626),
    (1, 1, 0.2065, 1.0)])
def test_wilson_matches_the_published_values(successes: int, trials: int, low: float, high: float) -> None:
    found = wilson(successes, trials)

    assert found == pytest.approx((low, high), abs=1e-4)


def test_wilson_of_no_trial_is_the_whole_range() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_refuses_more_successes_than_trials() -> None:
    with pytest.raises(ValueError, match="between 0 and trials"):
        wilson(3, 2)


def _attempt(half: str, family: str, agent: str, passed: bool, tokens: int, seconds: float) -> Attempt:
    return Attempt(family, f"{family}:x", half, agent, passed, "", tokens, seconds)


def test_rows_put_the_halves_apart_and_charge_failures_to_the_solved_ones() -> None:
    attempts = [_attempt("dev", "fix", "orkeon", True, 1000, 10.0), _attempt("dev", "fix", "orkeon", False, 500, 30.0),
                _attempt("held-out", "fix", "orkeon", False, 700, 5.0), _attempt("dev", "fix", "aider", True, 200, 4.0)]

    found = rows(attempts, ["fix"], ["orkeon", "aider"])

    assert [(r.half, r.agent, r.passed, r.runs, r.tokens_per_solved, r.seconds_per_solved) for r in found] == [
        ("dev", "orkeon", 1, 2, 1500.0, 40.0), ("dev", "aider", 1, 1, 200.0, 4.0),
        ("held-out", "orkeon", 0, 1, None, None)]
