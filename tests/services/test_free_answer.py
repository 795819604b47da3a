from orkeon_engine.domain.ui.free_answer import OWN_ANSWER
from orkeon_engine.services.free_answer import ask_with_free_answer
from tests.support.doubles.fake_human_input import FakeHumanInput


class WritingHuman(FakeHumanInput):
    """A front end with its own question for a free answer."""

    def __init__(self, answer: str | None) -> None:
        super().__init__()
        self.answer = answer
        self.asked: list[tuple[str, list[str]]] = []

    async def choose_or_write(self, question: str, options: list[str]) -> str | None:
        self.asked.append((question, options))
        return self.answer


async def test_a_front_end_without_its_own_question_is_offered_one_more_option_then_a_text():
    human = FakeHumanInput(choices=[OWN_ANSWER], texts=["  members only "])

    answer = await ask_with_free_answer(human, "Guests?", ["Yes", "No"])

    assert answer == "members only"
    assert human.questions[0] == ("Guests?", ["Yes", "No", OWN_ANSWER])


async def test_an_option_chosen_comes_back_exactly():
    assert await ask_with_free_answer(FakeHumanInput(choices=["No"]), "Guests?", ["Yes", "No"]) == "No"


async def test_a_front_end_with_its_own_question_is_asked_through_it():
    human = WritingHuman("members only")

    answer = await ask_with_free_answer(human, "Guests?", ["Yes", "No"])

    assert answer == "members only" and human.asked == [("Guests?", ["Yes", "No"])] and human.questions == []


async def test_nobody_answering_and_an_empty_answer_are_no_answer():
    nobody = await ask_with_free_answer(FakeHumanInput(), "Guests?", ["Yes", "No"])
    empty = await ask_with_free_answer(WritingHuman("   "), "Guests?", ["Yes", "No"])

    assert (nobody, empty) == (None, None)
