import pytest

from orkeon_engine.domain.shared_memory.evaluation import ReferenceQuery, measure, recall_at, reciprocal_rank


def test_recall_at_k_counts_the_expected_keys_in_the_first_k():
    assert recall_at(["a", "b", "c"], ["c", "z"], 3) == 0.5 and recall_at(["a", "b", "c"], ["c"], 2) == 0.0


def test_the_reciprocal_rank_is_that_of_the_first_expected_key():
    assert reciprocal_rank(["a", "b", "c"], ["c", "b"]) == 0.5 and reciprocal_rank(["a"], ["z"]) == 0.0


def test_the_figures_average_over_the_queries():
    queries = [ReferenceQuery("q1", ("a",)), ReferenceQuery("q2", ("z",))]

    figures = measure([["a"], ["y", "z"]], queries, k=1)

    assert (figures.recall, figures.mrr, figures.queries) == (0.5, 0.75, 2)


def test_a_ranking_a_query_is_required():
    with pytest.raises(ValueError, match="1 rankings for 2 queries"):
        measure([["a"]], [ReferenceQuery("q", ("a",)), ReferenceQuery("r", ("b",))])
