from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.crews.dev_learn.run import read_material, render_every_prompt, run_dev_learn
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.dev_learning import OWNER, learn_answer, learning_project
from tests.support.dev_steps import dev_deps
from tests.support.doubles.fake_files import FakeFiles


async def _run(*turns):
    deps = await dev_deps(*turns, files=FakeFiles(learning_project()))
    folder = WorkFolder(deps.files, ".orkeon/work")
    material = await read_material(deps.files, folder)
    return deps, await run_dev_learn(DevStep(step_ports(deps)), folder, material, ["AGENTS.md", OWNER])


async def test_one_extract_is_asked_for_the_one_axis_whose_rows_span_three_batches():
    deps, outcome = await _run(learn_answer())

    assert len(deps.llm.model.requests) == 1 and deps.llm.model.requests[0].tool_names == []
    assert "## The axis: tests" in deps.llm.model.requests[0].last_user_text
    assert [p.id for p in outcome.added] == ["P2"] and len(outcome.treated) == 3


async def test_an_answer_that_cannot_be_read_drops_the_axis_and_marks_nothing():
    _, outcome = await _run("no json", "still none")

    assert outcome.added == () and outcome.treated == ()
    assert outcome.book.dropped[0].startswith("axis tests: its answer could not be read")


def test_the_crew_renders_its_prompt():
    assert [p.name for p in render_every_prompt()] == ["dev-learn"]
