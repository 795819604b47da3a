import pytest
from hypothesis import given

from orkeon_engine.domain.dev.questions import OpenQuestion, QuestionBook
from orkeon_engine.domain.dev.sections import DevFileError
from orkeon_engine.domain.dev.spec import Actor, BusinessRule, Spec, UseCase, parse_spec, render_spec
from tests.support.dev_strategies import specs

SPEC = Spec(
    code="cart-save", title="Save a cart for later", purpose="Shoppers keep what they chose for another day.",
    actors=(Actor("Shopper", "a person buying from the shop"),),
    in_scope=("saving a cart",), out_of_scope=("sharing a cart",),
    use_cases=(UseCase("UC1", "Save a cart", "Shopper", "come back to it later", "the cart page",
                       ("Open the cart", "Choose to save it")),),
    rules=(BusinessRule("BR1", "A saved cart is kept for thirty days.", "the request", "major", ("UC1",)),),
    questions=QuestionBook((OpenQuestion("Q1", "Blocking", "May a guest save a cart?", ("Yes", "No"), True),)),
)


def test_a_spec_is_written_in_thirteen_numbered_sections():
    text = render_spec(SPEC)

    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[0] == "## 1. Purpose" and headings[-1] == "## 13. Decisions" and len(headings) == 13
    assert "Status: BLOCKED — 1 open question: Q1 (Blocking)" in text
    assert "### UC1 · Save a cart\n- Actor: Shopper\n- Intent: come back to it later\n- Where: the cart page" in text


def test_a_written_spec_reads_back():
    assert parse_spec(render_spec(SPEC)) == SPEC


@given(specs())
def test_any_spec_reads_back_as_written(spec):
    assert parse_spec(render_spec(spec)) == spec


def test_a_file_that_is_no_spec_is_refused_naming_it():
    with pytest.raises(DevFileError, match="notes.md: it does not open with `# Spec <code>: <title>`"):
        parse_spec("# Notes\n", "notes.md")


def test_a_missing_section_is_named():
    text = render_spec(SPEC).replace("## 7. Data", "## 70. Data")

    with pytest.raises(DevFileError, match=r"it has no `## 7\. Data` section"):
        parse_spec(text, "spec.md")


def test_a_use_case_with_eight_steps_is_refused():
    text = render_spec(SPEC).replace("  2. Choose to save it", "\n".join(f"  {n}. step" for n in range(2, 9)))

    with pytest.raises(DevFileError, match="UC1 has 8 steps; a use case has 1 to 7"):
        parse_spec(text, "spec.md")


def test_the_ids_a_review_may_target_are_the_spec_its_use_cases_and_rules():
    assert SPEC.ids() == ("spec", "UC1", "BR1")
