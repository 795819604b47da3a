"""The main loop with a front end that shows the turn (TurnEvents): the answer streamed, the calls
reported, and the plan of a plan-mode turn."""

import dataclasses

from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_turn_events import FakeTurnEvents
from tests.support.scripted_chat_model import Call, ScriptedChatModel

PLAN = "1. Read the parser\n2. Split it in two\n3. Run the tests"


async def _ports(*turns):
    deps = await make_deps(chat_model=ScriptedChatModel(list(turns)),
                           vfs=FakeFiles({"/workspace/a.py": "print('a')\n"}))
    events = FakeTurnEvents()
    deps = dataclasses.replace(deps, events=events).for_run("assistant")
    return main_loop_ports(deps), events


async def test_a_plan_mode_turn_shows_its_answers_steps_after_the_answer():
    ports, events = await _ports(PLAN)

    await run_main_loop(MainLoopInput("how would you split the parser?", "plan", "explicit"), ports)

    assert events.events == [("text", PLAN), ("plan", ("Read the parser", "Split it in two", "Run the tests"))]


async def test_a_turn_in_another_mode_shows_no_plan():
    ports, events = await _ports(PLAN)

    await run_main_loop(MainLoopInput("split the parser", "default", "fallback"), ports)

    assert "plan" not in events.kinds()


async def test_the_turns_calls_and_answer_reach_the_front_end_in_order():
    ports, events = await _ports([Call("file_read", {"path": "a.py"}, id="r1")], "a.py prints a")

    await run_main_loop(MainLoopInput("what does a.py do?", "default", "fallback"), ports)

    assert events.kinds() == ["checked", "started", "finished", "text"]
    assert events.texts() == ["a.py prints a"]
