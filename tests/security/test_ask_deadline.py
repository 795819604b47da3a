"""Nobody answering is Deny, always: a language-server client that showed the question and never answered
left the assistant waiting for ever, holding the gate's lock. A question now has a deadline
(`permissions.askTimeout`, from the moment the call reaches the gate), then it is a Deny, and the
questions after it are asked."""

import asyncio

from lsprotocol import types

from orkeon_engine.domain.permissions.decide import GateContext
from orkeon_engine.services.gate import RunGate, gate_for_run
from orkeon_engine.services.permission_rules import PermissionRules
from tests.support.bash_grammar import BASH_READ
from tests.support.deps import make_deps
from tests.support.permission_calls import shell


class DeadThenAnswering:
    """A person whose first question dies unanswered; the later ones are answered at once."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.questions: list[str] = []

    async def choose(self, question, options, edits=()):
        self.questions.append(question)
        if len(self.questions) == 1:
            await asyncio.Event().wait()
        return self.answer

    async def ask_text(self, question, default=""):
        return None


async def _gate(human, seconds):
    deps = await make_deps()
    context = GateContext("default", read=BASH_READ)
    return RunGate(context, human, PermissionRules(deps.config, deps.session), ask_seconds=seconds)


async def test_a_question_nobody_answers_is_denied_at_its_deadline():
    gate = await _gate(DeadThenAnswering("Allow once"), 0.2)

    verdict = await asyncio.wait_for(gate.authorize(shell("make deploy")), 10)

    assert not verdict.allowed and "nobody answered within 0.2 s (permissions.askTimeout)" in verdict.reason


async def test_a_question_after_a_dead_one_is_asked_and_answered():
    human = DeadThenAnswering("Allow once")
    gate = await _gate(human, 0.2)
    dead = asyncio.ensure_future(gate.authorize(shell("make deploy")))
    await asyncio.sleep(0.3)

    later = await asyncio.wait_for(gate.authorize(shell("make test")), 10)

    assert later.allowed and len(human.questions) == 2 and "make test" in human.questions[1]
    assert not (await dead).allowed


class NeverAnswering:
    """A person who sees every question and answers none."""

    def __init__(self) -> None:
        self.questions: list[str] = []

    async def choose(self, question, options, edits=()):
        self.questions.append(question)
        await asyncio.Event().wait()

    async def ask_text(self, question, default=""):
        return None


async def test_a_question_queued_behind_a_dead_one_is_denied_at_its_own_deadline_not_after():
    gate = await _gate(NeverAnswering(), 0.2)

    first, queued = await asyncio.wait_for(asyncio.gather(gate.authorize(shell("make deploy")),
                                                          gate.authorize(shell("make release"))), 10)

    assert "nobody answered within 0.2 s" in first.reason and "nobody answered within 0.2 s" in queued.reason


async def test_an_editor_that_shows_the_question_and_never_answers_gets_a_deny(connect):
    asked: list[str] = []

    async def never(params: types.ShowMessageRequestParams):
        asked.append(params.message)
        if len(asked) == 1:
            await asyncio.Event().wait()
        return types.MessageActionItem(title="Allow once")

    async with connect(features={types.WINDOW_SHOW_MESSAGE_REQUEST: never}) as (client, server):
        deps = (await server.engine.get()).deps
        await deps.config.set_value("permissions.askTimeout", "1", "session")
        gate = await gate_for_run(deps.gate_ports(), "default")

        dead = await asyncio.wait_for(gate.authorize(shell("make deploy")), 20)
        next_one = await asyncio.wait_for(gate.authorize(shell("make test")), 20)

    assert not dead.allowed and "nobody answered within 1 s" in dead.reason
    assert next_one.allowed and len(asked) == 2
