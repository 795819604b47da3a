"""The lenses: the five the review runs, each with what it looks for and what it leaves to the others."""

from orkeon_engine.crews.code_review.lenses import LENS_LIST, find_lens
from orkeon_engine.domain.review.findings import LENSES


def test_the_lenses_are_the_ones_findings_rank_by_in_the_same_order():
    assert tuple(lens.name for lens in LENS_LIST) == LENSES


def test_every_lens_looks_for_something_and_leaves_something():
    assert all(lens.looks_for and lens.leaves for lens in LENS_LIST)


def test_a_lens_is_found_by_name_without_regard_to_case():
    assert [getattr(find_lens(n), "name", None) for n in ("Security", " tests ", "style")] == [
        "security", "tests", None]
