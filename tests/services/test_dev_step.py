from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.services.dev_step import DevStep
from tests.support.dev_steps import dev_deps
from tests.support.doubles.fake_usage_ledger import FakeUsageLedger
from tests.support.scripted_chat_model import Turn


async def test_a_reports_carries_the_tokens_and_cost_of_the_steps_calls_which_reach_the_ledger_too():
    from orkeon_engine.commands.dev.step import step_ports

    deps = await dev_deps(Turn("hello", usage=Usage(1_200, 30, cost=0.002)))
    step = DevStep(step_ports(deps))

    await step.llm.complete("", "hi")
    step.report("drafting")

    assert deps.progress.messages()[-1] == "drafting · 1,200 tokens in, 30 out, $0.0020"
    assert isinstance(deps.usage, FakeUsageLedger) and len(deps.usage.records) == 1
    assert step.parent == "/dev-spec"
