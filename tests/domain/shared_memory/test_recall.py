from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.domain.shared_memory.recall import (
    RecallAnswer,
    RecallHit,
    clamp_limit,
    excerpt,
    fts_query,
    fuse_rankings,
    query_words,
    render_recall,
)


def test_a_query_keeps_its_words_without_the_stop_words():
    assert query_words("How do I quote THE path, the path?") == ["quote", "path"]


def test_a_query_of_stop_words_only_keeps_them():
    assert query_words("what is it") == ["what", "is", "it"]


def test_the_fts_expression_quotes_each_word_and_ors_them():
    assert fts_query('path" OR NEAR(a b) *') == '"path" OR "near" OR "b"'


@given(st.text(max_size=200))
@settings(deadline=None)
def test_the_fts_expression_holds_only_quoted_words(text):
    expression = fts_query(text)

    terms = expression.split(" OR ") if expression else []
    assert all(term.startswith('"') and term.endswith('"') and '"' not in term[1:-1] for term in terms)


def test_fusion_puts_an_item_high_in_both_rankings_first():
    fused = fuse_rankings([[1, 2, 3], [3, 1, 4]])

    assert [item for item, _ in fused] == [1, 3, 2, 4]


def test_fusion_scores_are_the_sum_of_reciprocal_ranks():
    fused = dict(fuse_rankings([[7], [9, 7]], k=60))

    assert fused[7] == 1 / 61 + 1 / 62 and fused[9] == 1 / 61


def test_the_limit_is_held_between_one_and_ten():
    assert (clamp_limit(0), clamp_limit(5), clamp_limit(99)) == (1, 5, 10)


def test_an_excerpt_is_one_line_cut_at_a_word():
    assert excerpt("one two\nthree four", 12) == "one two..."


def test_the_answer_gives_each_entry_its_path_score_and_text():
    hit = RecallHit(".orkeon/memory/a.md", "Quote paths", 0.0325, ("shell",), "A path with a space.")
    answer = RecallAnswer((hit,), "bm25+vectors", 3)

    text = render_recall("spaces in paths", answer)

    assert "1. Quote paths (.orkeon/memory/a.md, score 0.0325)" in text
    assert "tags: shell" in text and "A path with a space." in text and "possibly stale" in text


def test_no_hit_says_how_many_entries_were_searched():
    assert "searched 12 entries" in render_recall("x", RecallAnswer((), "bm25", 12))


def test_an_empty_memory_says_so():
    assert "the shared memory, which is empty" in render_recall("x", RecallAnswer())
