"""docs/dev.md shows an example of each work file: each one reads back with its parser, as code wrote it."""

import re
from pathlib import Path

from orkeon_engine.crews.dev_plan.prompt_catalogue import SAMPLE_PLAN, SAMPLE_PLAN_FILE
from orkeon_engine.domain.dev.batches_state import parse_batches_state, render_batches_state
from orkeon_engine.domain.dev.brief import parse_brief, render_brief
from orkeon_engine.domain.dev.plan import parse_plan, render_plan
from orkeon_engine.domain.dev.proposals import parse_proposals, render_proposals
from orkeon_engine.domain.dev.questions import parse_decisions
from orkeon_engine.domain.dev.review import parse_review, render_review
from orkeon_engine.domain.dev.sheet import parse_sheet, render_sheet
from orkeon_engine.domain.dev.spec import parse_spec, render_spec
from orkeon_engine.domain.dev.verdict import parse_verdict, render_verdict

DOC = Path(__file__).resolve().parents[2] / "docs" / "dev.md"


def _examples() -> list[str]:
    return re.findall(r"^````markdown\n(.*?)\n````$", DOC.read_text(encoding="utf-8"), re.DOTALL | re.MULTILINE)


def _example(title: str) -> str:
    """The page's example whose first line is `title`."""
    (found,) = [example for example in _examples() if example.splitlines()[0] == title]
    return found


def test_the_page_shows_a_spec_a_brief_decisions_and_a_review():
    assert [example.splitlines()[0] for example in _examples()] == [
        "# Spec cart-save: Save a cart for later", "# Change brief total-zero: The cart total is always zero",
        "## 13. Decisions", "# Review of cart-save (.orkeon/work/cart-save/spec.md)",
        "# Plan cart-save: Save a cart for later", "# Sheet F1 of cart-save: Save a cart",
        "# Verdict F1 of cart-save: GAPS", "# Proposals", "# Batches of cart-save"]


def test_each_example_is_exactly_what_code_writes():
    spec, brief, decisions, review, *_ = _examples()

    assert render_spec(parse_spec(spec + "\n")) == spec + "\n"
    assert render_brief(parse_brief(brief + "\n")) == brief + "\n"
    assert render_review(parse_review(review + "\n")) == review + "\n"
    assert parse_decisions(decisions.splitlines()[2:], "dev.md")[0].option == 1


def test_the_plan_and_sheet_examples_are_what_code_writes_and_read_back():
    plan, sheet = _example("# Plan cart-save: Save a cart for later"), _example("# Sheet F1 of cart-save: Save a cart")

    assert plan + "\n" == render_plan(SAMPLE_PLAN) and parse_plan(plan + "\n") == SAMPLE_PLAN.without_steps()
    assert sheet + "\n" == render_sheet(SAMPLE_PLAN, SAMPLE_PLAN.batches[0], SAMPLE_PLAN_FILE)
    assert parse_sheet(sheet + "\n") == SAMPLE_PLAN.batches[0]


def test_the_verdict_example_is_what_code_writes():
    verdict = _example("# Verdict F1 of cart-save: GAPS")

    assert render_verdict(parse_verdict(verdict + "\n")) == verdict + "\n"


def test_the_proposals_example_is_what_code_writes():
    proposals = _example("# Proposals")

    assert render_proposals(parse_proposals(proposals + "\n")) == proposals + "\n"


def test_the_batches_state_example_is_what_code_writes_and_reads_back():
    state = _example("# Batches of cart-save") + "\n"

    parsed = parse_batches_state(state)

    assert render_batches_state(parsed) == state
    assert [(b.id, b.state, b.commit) for b in parsed.batches] == [("F1", "done", "1a2b3c4"), ("F2", "gaps", "")]
