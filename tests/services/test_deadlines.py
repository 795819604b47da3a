import asyncio

from orkeon_engine.services.deadlines import ask_within
from tests.support.doubles.fake_human_input import FakeHumanInput


class SilentHuman:
    """A person who sees the question and never answers."""

    def __init__(self) -> None:
        self.withdrawn = False

    async def choose(self, question, options):
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.withdrawn = True
            raise

    async def ask_text(self, question, default=""):
        return None


async def test_an_answer_in_time_is_the_answer():
    assert await ask_within(FakeHumanInput(choices=["Deny"]), "q?", ["Deny"], 120) == "Deny"


async def test_nobody_answering_in_time_is_no_answer_and_the_question_is_withdrawn():
    human = SilentHuman()

    answer = await ask_within(human, "q?", ["Allow once"], 0.05)

    assert answer is None and human.withdrawn
