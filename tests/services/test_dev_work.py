import pytest

from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.domain.dev.questions import OpenQuestion, QuestionBook
from orkeon_engine.domain.dev.review import ReviewRecord, render_review
from orkeon_engine.domain.dev.spec import Spec, UseCase, render_spec
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.dev_work import carry_on, resume_work, settle_questions
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.dev_steps import dev_deps, findings
from tests.support.doubles.fake_human_input import FakeHumanInput

QUESTIONS = (OpenQuestion("Q1", "Blocking", "Prices?", ("Saved", "Today"), True),
             OpenQuestion("Q2", "Major", "Guests?", ("Yes", "No")))
SPEC = Spec("cart", "Carts", "Keep carts.",
            use_cases=(UseCase("UC1", "Save", "Shopper", "keep it", "the cart page", ("Open", "Save")),),
            questions=QuestionBook(QUESTIONS))
PLACE = WorkPlace(".orkeon/work", "cart")
FILE = "/workspace/.orkeon/work/cart/spec.md"


async def _step(*turns, human=None):
    deps = await dev_deps(*turns, human=human)
    return deps, DevStep(step_ports(deps)), WorkFolder(deps.files, ".orkeon/work")


async def test_each_answer_is_written_before_the_next_question_and_the_first_unanswered_stops():
    deps, step, folder = await _step(human=FakeHumanInput(choices=["Saved (recommended)"]))

    doc, decided = await settle_questions(step, folder, PLACE, SPEC, "/dev-spec cart")

    assert [d.question.id for d in decided] == ["Q1"] and [q.id for q in doc.questions.open] == ["Q2"]
    assert [path for path, _ in deps.files.writes] == [FILE]
    assert "Q2 (Major), question 2 of 2" in deps.human.questions[1][0]


async def test_carry_on_writes_reviews_and_asks():
    deps, step, folder = await _step(findings())

    outcome = await carry_on(step, folder, PLACE, SPEC, ["shop/cart.py"])

    assert outcome.created and outcome.blocked and outcome.review.verdict == "CLEAR"
    assert FILE in deps.files.texts and "/workspace/.orkeon/work/cart/review.md" in deps.files.texts


async def test_resuming_with_a_recorded_review_asks_no_model():
    deps, step, folder = await _step(human=FakeHumanInput(choices=["Today", "No"]))
    deps.files.texts[FILE] = render_spec(SPEC)
    recorded = ReviewRecord("cart", ".orkeon/work/cart/spec.md", "c1 dev-reviewer")
    deps.files.texts["/workspace/.orkeon/work/cart/review.md"] = render_review(recorded)

    outcome = await resume_work(step, folder, PLACE, "spec")

    assert not outcome.blocked and outcome.review == recorded and deps.llm.model.requests == []


async def test_resuming_after_a_review_that_did_not_run_reviews_again():
    deps, step, folder = await _step(findings())
    deps.files.texts[FILE] = render_spec(SPEC)
    failed = ReviewRecord("cart", ".orkeon/work/cart/spec.md", "c1 dev-reviewer", failure="budget spent")
    deps.files.texts["/workspace/.orkeon/work/cart/review.md"] = render_review(failed)

    outcome = await resume_work(step, folder, PLACE, "spec")

    assert outcome.review.verdict == "CLEAR" and not outcome.created


async def test_a_work_file_edited_out_of_its_format_is_named_with_what_is_wrong():
    deps, step, folder = await _step()
    deps.files.texts[FILE] = "# Spec cart: Carts\n\n## 1. Purpose\n"

    with pytest.raises(CommandFailedError, match=r"spec.md: it has no `## 2\. Actors` section; fix the file"):
        await resume_work(step, folder, PLACE, "spec")
