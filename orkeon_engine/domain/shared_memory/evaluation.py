"""The figures that measure recall on a reference set: recall@k and the mean reciprocal rank.

A reference query names the entries a good answer holds (by key). recall@k is the share of those found
in the first k hits, averaged over the queries; the reciprocal rank of a query is 1 / the rank of its
first expected entry (0 when none is in the ranking), and MRR is its mean. bench/memory_recall.py prints
them; tests/adapters/test_memory_recall_floor.py holds them above the floors the benchmark set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ReferenceQuery:
    """A query of the reference set and the keys of the entries a good answer holds."""

    query: str
    expected: tuple[str, ...]


@dataclass(frozen=True)
class RecallFigures:
    """recall@k and MRR over a reference set."""

    k: int
    recall: float
    mrr: float
    queries: int


def recall_at(ranked: Sequence[str], expected: Sequence[str], k: int) -> float:
    """The share of `expected` among the first k of `ranked` (1.0 when nothing is expected)."""
    wanted = set(expected)
    if not wanted:
        return 1.0
    return len(wanted & set(ranked[:k])) / len(wanted)


def reciprocal_rank(ranked: Sequence[str], expected: Sequence[str]) -> float:
    """1 / the rank of the first expected key in `ranked`, or 0."""
    wanted = set(expected)
    return next((1.0 / rank for rank, key in enumerate(ranked, start=1) if key in wanted), 0.0)


def measure(rankings: Sequence[Sequence[str]], queries: Sequence[ReferenceQuery], k: int = 5) -> RecallFigures:
    """recall@k and MRR of `rankings` (one a query, in the queries' order)."""
    if len(rankings) != len(queries):
        raise ValueError(f"{len(rankings)} rankings for {len(queries)} queries")
    if not queries:
        return RecallFigures(k, 0.0, 0.0, 0)
    recall = sum(recall_at(r, q.expected, k) for r, q in zip(rankings, queries, strict=True)) / len(queries)
    mrr = sum(reciprocal_rank(r, q.expected) for r, q in zip(rankings, queries, strict=True)) / len(queries)
    return RecallFigures(k, recall, mrr, len(queries))
