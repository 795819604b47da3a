"""docs/dev.md shows an example of each work file: each one reads back with its parser, as code wrote it."""

import re
from pathlib import Path

from orkeon_engine.domain.dev.brief import parse_brief, render_brief
from orkeon_engine.domain.dev.questions import parse_decisions
from orkeon_engine.domain.dev.review import parse_review, render_review
from orkeon_engine.domain.dev.spec import parse_spec, render_spec

DOC = Path(__file__).resolve().parents[2] / "docs" / "dev.md"


def _examples() -> list[str]:
    return re.findall(r"^````markdown\n(.*?)\n````$", DOC.read_text(encoding="utf-8"), re.DOTALL | re.MULTILINE)


def test_the_page_shows_a_spec_a_brief_decisions_and_a_review():
    assert [example.splitlines()[0] for example in _examples()] == [
        "# Spec cart-save: Save a cart for later", "# Change brief total-zero: The cart total is always zero",
        "## 13. Decisions", "# Review of cart-save (.orkeon/work/cart-save/spec.md)"]


def test_each_example_is_exactly_what_code_writes():
    spec, brief, decisions, review = _examples()

    assert render_spec(parse_spec(spec + "\n")) == spec + "\n"
    assert render_brief(parse_brief(brief + "\n")) == brief + "\n"
    assert render_review(parse_review(review + "\n")) == review + "\n"
    assert parse_decisions(decisions.splitlines()[2:], "dev.md")[0].option == 1
