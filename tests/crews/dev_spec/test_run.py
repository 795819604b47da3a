import pytest

from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.crews.dev_spec.run import SpecRequest, run_dev_spec
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.dev_steps import dev_deps, findings, spec_answer

PLACE = WorkPlace(".orkeon/work", "cart-save")


async def _run(*turns):
    deps = await dev_deps(*turns)
    outcome = await run_dev_spec(SpecRequest(PLACE, "let shoppers save carts"), DevStep(step_ports(deps)),
                                 WorkFolder(deps.files, ".orkeon/work"))
    return deps, outcome


async def test_the_step_reports_its_stages_with_its_usage():
    deps, outcome = await _run(spec_answer(), findings())

    messages = deps.progress.messages()
    assert messages[0].startswith("reading the repository · ") and any("drafting the spec" in m for m in messages)
    assert outcome.created and outcome.file == ".orkeon/work/cart-save/spec.md"


async def test_an_answer_that_never_fits_writes_nothing():
    deps = await dev_deps('{"title": 1}', '{"title": 2}')

    with pytest.raises(CommandFailedError, match="did not fit SpecAnswer"):
        await run_dev_spec(SpecRequest(PLACE, "x"), DevStep(step_ports(deps)), WorkFolder(deps.files, ".orkeon/work"))

    assert deps.files.writes == []


@pytest.mark.parametrize("way", ["json_schema", "tool"])  # a server that shapes the answer
async def test_an_answer_breaking_a_rule_between_fields_is_mended_never_failed(way):
    deps = await dev_deps(spec_answer(actors=[{"name": "Clerk"}]), findings(), structured_way=way)

    outcome = await run_dev_spec(SpecRequest(PLACE, "let shoppers save carts"), DevStep(step_ports(deps)),
                                 WorkFolder(deps.files, ".orkeon/work"))

    assert outcome.created and "shopper" in deps.files.texts["/workspace/.orkeon/work/cart-save/spec.md"]
