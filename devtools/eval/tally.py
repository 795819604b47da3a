"""The numbers of the generated card: each attempt's result, and a row per half, family and agent with the
pass rate, its 95% Wilson interval, and the tokens and wall seconds spent per solved task."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Attempt:
    """One run of one task by one agent, as judged by code."""

    family: str
    task_id: str
    half: str
    agent: str
    passed: bool
    note: str
    tokens: int
    seconds: float
    model_calls: int = 0
    claimed: bool = False
    """The answer claimed a change or a run that did not happen (Orkeon's fix and question attempts)."""
    crashed: bool = False
    """Orkeon ended in a Python traceback of its own (any family)."""
    findings: int = 0
    """review: the findings that stood (its report's `findings`)."""
    dropped: int = 0
    """review: the proposals that did not stand for want of an anchor (the report's `dropped` but duplicates)."""
    merged: int = 0
    """review: the proposals merged into a finding that stood (the report's `dropped` of the kind duplicate)."""
    severe: int = 0
    """review: the findings that stood of severity medium or higher."""


@dataclass(frozen=True)
class Row:
    half: str
    family: str
    agent: str
    runs: int
    passed: int
    low: float
    high: float
    tokens_per_solved: float | None
    seconds_per_solved: float | None

    @property
    def rate(self) -> float:
        return self.passed / self.runs if self.runs else 0.0


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: (low, high), (0, 1) for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"successes ({successes}) must be between 0 and trials ({trials})")
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - margin), min(1.0, centre + margin)


def rows(attempts: Iterable[Attempt], order: Sequence[str], agents: Sequence[str]) -> list[Row]:
    """One row per (half, family, agent) that has attempts, halves then families then agents in the order given.

    Tokens and seconds per solved task are everything the agent spent on the family's attempts divided by the
    attempts it solved (None when it solved none), so a cheap failure still counts against it."""
    attempts = list(attempts)
    out: list[Row] = []
    for half in ("dev", "held-out"):
        for family in order:
            for agent in agents:
                group = [a for a in attempts if (a.half, a.family, a.agent) == (half, family, agent)]
                if not group:
                    continue
                solved = sum(1 for a in group if a.passed)
                low, high = wilson(solved, len(group))
                tokens = sum(a.tokens for a in group) / solved if solved else None
                seconds = sum(a.seconds for a in group) / solved if solved else None
                out.append(Row(half, family, agent, len(group), solved, low, high, tokens, seconds))
    return out
