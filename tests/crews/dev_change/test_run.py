import json

from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.crews.dev_change.run import ChangeRequest, run_dev_change
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.dev_work import StepStopped
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.dev_steps import brief_answer, dev_deps, failing, findings
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.scripted_chat_model import ScriptedChatModel

PLACE = WorkPlace(".orkeon/work", "total-bug")
BENCH = "make bench"


async def _run(kind, *turns, shell=None, human=None):
    deps = await dev_deps(*turns, shell=shell, human=human)
    outcome = await run_dev_change(ChangeRequest(PLACE, kind, "totals are slow"), DevStep(step_ports(deps)),
                                   WorkFolder(deps.files, ".orkeon/work"))
    return deps, outcome


async def test_a_behaviour_change_runs_nothing_and_goes_straight_to_the_brief():
    deps, outcome = await _run("behaviour", brief_answer(), findings())

    assert outcome.doc.run is None and deps.shell.runs == [] and outcome.doc.kind == "behaviour"


async def test_a_performance_problem_is_measured_by_running_its_command():
    deps, outcome = await _run("perf", json.dumps({"command": BENCH, "expect": "seconds per export"}),
                               brief_answer(), findings(), shell=failing(BENCH, 0, "export: 4.2 s"),
                               human=FakeHumanInput(choices=["Allow once"]))

    assert outcome.doc.run.command == BENCH and outcome.doc.run.output == "export: 4.2 s"
    assert deps.shell.commands() == [BENCH]


async def test_a_measurement_that_fails_stops_the_step():
    _, outcome = await _run("perf", json.dumps({"command": BENCH, "expect": "x"}), shell=failing(BENCH, 2, "boom"),
                            human=FakeHumanInput(choices=["Allow once"]))

    assert isinstance(outcome, StepStopped) and outcome.reason.startswith("not measured")
    assert outcome.run.output == "boom"


async def test_the_model_picks_the_command_from_the_pack():
    deps, _ = await _run("bug", json.dumps({"command": "make test", "expect": "x"}),
                         json.dumps({"command": "make test", "expect": "x"}))

    assert isinstance(deps.llm.model, ScriptedChatModel)
    assert "`make test` (Makefile target 'test')" in deps.llm.model.requests[0].last_user_text
