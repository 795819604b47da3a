from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.crews.dev_plan.run import PlanRequest, render_every_prompt, run_dev_plan
from orkeon_engine.domain.dev.spec import render_spec
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.dev_plans import SPEC, SPEC_FILE, plan_answer, plan_deps
from tests.support.dev_steps import findings


async def test_the_plan_is_checked_written_and_reviewed():
    deps = await plan_deps(plan_answer(), findings())
    folder = await WorkFolder.open(deps.config, deps.files)
    place = folder.place("cart-save")

    outcome = await run_dev_plan(PlanRequest(place, SPEC_FILE, SPEC), DevStep(step_ports(deps)), folder)

    assert [b.id for b in outcome.plan.batches] == ["F1", "F2", "F3"] and outcome.review.verdict == "CLEAR"
    assert render_spec(SPEC) in deps.llm.model.requests[0].last_user_text


def test_every_prompt_is_rendered():
    assert len(render_every_prompt()) == 3
