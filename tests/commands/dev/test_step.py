import dataclasses

import pytest

from orkeon_engine.commands.dev.step import outcome_view, step_ports, stopped_view
from orkeon_engine.domain.dev.brief import RunRecord
from orkeon_engine.domain.dev.questions import OpenQuestion, QuestionBook
from orkeon_engine.domain.dev.review import ReviewFinding, ReviewRecord
from orkeon_engine.domain.dev.spec import Spec
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.services.dev_work import StepOutcome, StepStopped
from tests.support.deps import make_deps

PLACE = WorkPlace(".orkeon/work", "cart")
OPEN = QuestionBook((OpenQuestion("Q1", "Blocking", "Prices?", ("a", "b")),))
REVIEW = ReviewRecord("cart", ".orkeon/work/cart/spec.md", "c1 dev-reviewer",
                      (ReviewFinding("Major", "UC1", "Kept how long?", "§5"),))


def test_a_blocked_step_says_what_is_open_and_shows_the_review_as_its_document():
    view = outcome_view(StepOutcome(PLACE, Spec("cart", "Carts", "x", questions=OPEN), review=REVIEW,
                                    created=True), "dev-spec")

    assert view.message == "spec cart: BLOCKED — 1 open question"
    assert view.lines[0] == ".orkeon/work/cart/spec.md: written"
    assert "open: Q1 (Blocking); nobody answered, so they stay in the file: /dev-spec cart asks them" in view.lines
    assert "review: 1 question (0 Blocking, 1 Major) → .orkeon/work/cart/review.md" in view.lines
    assert view.document.title == "review of cart" and view.data["open"] == ["Q1"]


def test_without_a_review_the_document_is_the_work_file():
    view = outcome_view(StepOutcome(PLACE, Spec("cart", "Carts", "x")), "dev-spec")

    assert view.message == "spec cart: READY" and view.document.content.startswith("# Spec cart: Carts")


def test_a_stop_shows_the_runs_last_lines_and_how_it_ended():
    output = "\n".join(f"line {n}" for n in range(100))
    view = stopped_view(StepStopped(PLACE, "not reproduced", RunRecord("pytest x", 0, 1500, output)))

    assert view.lines[0] == "$ pytest x" and view.lines[1] == "[40 earlier lines left out]"
    assert view.lines[-1] == "(exit code 0 after 1.5 s)" and view.data["status"] == "STOPPED"


async def test_a_dev_step_needs_files_to_keep_its_work_in():
    deps = dataclasses.replace(await make_deps(), files=None)

    with pytest.raises(NotConfiguredError, match="no files to keep the work in"):
        step_ports(deps)
