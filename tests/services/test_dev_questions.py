from orkeon_engine.domain.dev.questions import OpenQuestion, QuestionBook
from orkeon_engine.services.dev_questions import ask_questions
from orkeon_engine.services.dev_step import DevStep
from tests.support.dev_steps import dev_deps
from tests.support.doubles.fake_human_input import FakeHumanInput

BOOK = QuestionBook((OpenQuestion("Q1", "Blocking", "A?", ("Yes", "No")),
                     OpenQuestion("Q2", "Major", "B?", ("X", "Y"))))


async def test_each_answer_is_recorded_before_the_next_question_and_nobody_answering_stops_the_round():
    from orkeon_engine.commands.dev.step import step_ports

    deps = await dev_deps(human=FakeHumanInput(choices=["No"]))
    recorded: list[QuestionBook] = []

    async def record(book: QuestionBook) -> None:
        recorded.append(book)

    book, decided = await ask_questions(DevStep(step_ports(deps)), BOOK, "/dev-plan x", record)

    assert [d.answer for d in decided] == ["No"] and [q.id for q in book.open] == ["Q2"]
    assert len(recorded) == 1 and len(deps.human.questions) == 2
