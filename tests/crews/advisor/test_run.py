import pytest

from orkeon_engine.crews.advisor.prompt import SYSTEM_PROMPT
from orkeon_engine.crews.advisor.run import AdvisorInput, AdvisorMaterial, run_advisor
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.ports.chat_model import LlmFailure
from tests.support.deps import make_deps
from tests.support.scripted_chat_model import ScriptedChatModel

MATERIAL = AdvisorMaterial("fix the parser", "Changed parser.py:40.")


async def test_the_advisor_sends_the_rules_as_system_and_the_material_as_user_with_no_tools():
    model = ScriptedChatModel(["1. The change has no test."])
    deps = await make_deps(chat_model=model)

    advice = await run_advisor(AdvisorInput(MATERIAL, "anthropic/claude-haiku-4-5"), deps.llm)

    request = model.requests[0]
    assert [m.role for m in request.messages] == ["system", "user"]
    assert request.system == SYSTEM_PROMPT and "Changed parser.py:40." in request.last_user_text
    assert request.tools == () and request.options.model == "anthropic/claude-haiku-4-5"
    assert (advice.text, advice.nothing_to_add) == ("1. The change has no test.", False)


async def test_the_advisor_may_find_nothing_to_add():
    deps = await make_deps(chat_model=ScriptedChatModel(["Nothing to add."]))

    advice = await run_advisor(AdvisorInput(MATERIAL), deps.llm)

    assert advice.nothing_to_add


async def test_an_empty_answer_fails_the_run():
    deps = await make_deps(chat_model=ScriptedChatModel(["  "]))

    with pytest.raises(CommandFailedError, match="answered nothing"):
        await run_advisor(AdvisorInput(MATERIAL), deps.llm)


async def test_a_provider_failure_surfaces_as_an_llm_failure():
    deps = await make_deps(chat_model=ScriptedChatModel([LlmFailure("503 overloaded", kind="server")]))

    with pytest.raises(LlmFailure):
        await run_advisor(AdvisorInput(MATERIAL), deps.llm)
