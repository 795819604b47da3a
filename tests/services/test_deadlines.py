import asyncio

from orkeon_engine.adapters.system_clock import SystemClock
from orkeon_engine.services.deadlines import ask_within, within
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_human_input import FakeHumanInput


class SilentHuman:
    """A person who sees the question and never answers."""

    def __init__(self) -> None:
        self.cancelled = False

    async def choose(self, question, options):
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cancelled = True
            raise

    async def ask_text(self, question, default=""):
        return None


async def test_an_answer_in_time_is_the_answer():
    assert await ask_within(FakeHumanInput(choices=["Deny"]), FakeClock(), "q?", ["Deny"], 120) == "Deny"


async def test_nobody_answering_in_time_is_no_answer_and_the_question_is_withdrawn():
    human = SilentHuman()

    answer = await ask_within(human, SystemClock(), "q?", ["Allow once"], 0.05)

    assert answer is None and human.cancelled


async def test_a_fake_clock_deadline_passes_at_once_for_a_silent_person():
    clock = FakeClock()

    outcome = await within(clock, 120, SilentHuman().choose("q?", []))

    assert not outcome.done and clock.sleeps == [120]
