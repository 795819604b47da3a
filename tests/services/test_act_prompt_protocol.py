"""The tool loop over a model asked through the prompt protocol (`model.toolCalls: prompt`): no tools sent,
the tools in the system message, calls read from the text, results sent back as text; the same gate and
budget."""

import pytest

from orkeon_engine.domain.model.act import Budget, BudgetExhausted
from orkeon_engine.domain.model.chat import ChatMessage
from orkeon_engine.domain.tool_call import Verdict
from orkeon_engine.services.act import act
from orkeon_engine.services.act_context import ActContext
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.scripted_chat_model import ScriptedChatModel
from tests.support.tiny_tools import RecordingEdit

UNLIMITED = Budget(tool_calls=None, seconds=None, context_tokens=None)
WRITE = '<tool_call>\n{"name": "file_write", "arguments": {"path": "cart.py", "text": "TAX = 0.21"}}\n</tool_call>'


async def _act(model, tools, gate=None, budget=UNLIMITED):
    context = ActContext(list(tools), budget, gate or FakePermissionGate(), model, FakeClock())
    return await act("You are a test.", [ChatMessage.user("go")], context)


async def test_the_tools_go_in_the_system_message_and_the_results_come_back_as_text():
    edit, gate = RecordingEdit(), FakePermissionGate()
    model = ScriptedChatModel([WRITE, "cart.py now sets TAX to 0.21."], tool_protocol="prompt")

    result = await _act(model, [edit], gate)

    first, second = model.requests
    assert first.tools == () and second.tools == ()
    system = first.messages[0].text
    assert system.startswith("You are a test.\n\n## Tools") and "- file_write(" in system
    assert [m.role for m in second.messages] == ["system", "user", "assistant", "user"]
    assert second.messages[2].text == WRITE
    assert second.messages[3].text == '<tool_result name="file_write">\nwrote cart.py\n</tool_result>'
    assert edit.written == {"cart.py": "TAX = 0.21"} and gate.names() == ["file_write"]
    assert result.text == "cart.py now sets TAX to 0.21."
    assert [m.role for m in result.messages].count("tool") == 1  # the loop's own record stays native


async def test_a_refusal_of_the_gate_is_the_result_the_model_reads():
    edit = RecordingEdit()
    model = ScriptedChatModel([WRITE, "I could not write it."], tool_protocol="prompt")

    await _act(model, [edit], FakePermissionGate(default=Verdict.deny("not in this test")))

    assert edit.written == {} and "refused by the permission gate" in model.requests[1].messages[-1].text


async def test_the_budget_counts_the_calls_of_the_prompt_protocol():
    model = ScriptedChatModel([WRITE, WRITE, "done"], tool_protocol="prompt")

    with pytest.raises(BudgetExhausted) as stopped:
        await _act(model, [RecordingEdit()], budget=Budget(tool_calls=1, seconds=None, context_tokens=None))

    assert stopped.value.kind == "tool_calls"


async def test_without_tools_nothing_is_added_to_the_prompt():
    model = ScriptedChatModel(["hello"], tool_protocol="prompt")

    await _act(model, [])

    assert model.requests[0].messages[0].text == "You are a test."
