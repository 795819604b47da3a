import dataclasses

from orkeon_engine.crews.dev_plan.prompt_catalogue import SAMPLE_PLAN
from orkeon_engine.domain.dev.questions import Decision, OpenQuestion, QuestionBook
from orkeon_engine.domain.dev.review import ReviewFinding, ReviewRecord
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.services.dev_plan_work import plan_blockers, read_plan, write_plan
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.doubles.fake_files import FakeFiles

QUESTION = OpenQuestion("Q1", "Blocking", "A?", ("Yes", "No"))


def test_blocking_questions_open_or_answered_after_the_draft_and_blocking_findings_block_the_plan():
    plan = dataclasses.replace(SAMPLE_PLAN, questions=QuestionBook((dataclasses.replace(QUESTION, id="Q2"),)))
    review = ReviewRecord("c", "f", "r", (ReviewFinding("Major", "F1", "?", "§1"), ReviewFinding("Blocking", "F2",
                                                                                                  "?", "§3")))

    blockers = plan_blockers(plan, [Decision(QUESTION, "No", 2)], review)

    assert blockers == ("Q1 (Blocking question)", "Q2 (Blocking question)", "R2 (Blocking review finding)")


async def test_a_written_plan_reads_back_with_its_sheets_steps():
    folder = WorkFolder(FakeFiles({}), ".orkeon/work")
    place = WorkPlace(".orkeon/work", "cart-save")
    await write_plan(folder, place, SAMPLE_PLAN)

    plan = await read_plan(folder, place)

    assert plan == SAMPLE_PLAN
