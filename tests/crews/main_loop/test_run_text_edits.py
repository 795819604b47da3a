"""Edits written as text, through the assistant's turn (issue 50 points 4 and 5): each shape a model writes a
change in is a proposed edit put to the gate: made in acceptEdits, asked about in default, never made in plan or
dontAsk; a JSON object naming a tool below its top level is a call, never the answer; and the closing line
names the files changed, or says no file was."""

import pytest

from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop
from orkeon_engine.domain.model_replies.unbacked_claims import NO_CHANGE
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.scripted_chat_model import ScriptedChatModel

BUGGY = "def total(prices):\n    return sum(prices[:-1])\n"
FIXED = "def total(prices):\n    return sum(prices)\n"
SHAPES = {
    "heading": f"The slice drops the last price.\n\n### /workspace/calc.py\n```python\n{FIXED}```",
    "path-line": f"calc.py:\n```python\n{FIXED}```\nThat keeps every price.",
    "info-string": f"```python calc.py\n{FIXED}```",
    "search-replace": ("calc.py\n```python\n<<<<<<< SEARCH\n    return sum(prices[:-1])\n=======\n"
                       "    return sum(prices)\n>>>>>>> REPLACE\n```"),
}


async def _turn(*replies, mode="acceptEdits", human=None, files=None):
    model = ScriptedChatModel(list(replies))
    deps = await make_deps(chat_model=model, vfs=files or FakeFiles({"/workspace/calc.py": BUGGY}), human=human)
    deps = deps.for_run("assistant")
    result = await run_main_loop(MainLoopInput("total drops the last price in calc.py", mode, "explicit"),
                                 main_loop_ports(deps))
    return result, deps, model


@pytest.mark.parametrize("reply", SHAPES.values(), ids=SHAPES.keys())
async def test_in_accept_edits_each_shape_is_made_through_the_gate_and_the_closing_line_names_the_file(reply):
    result, deps, model = await _turn(reply, "total now keeps every price.")

    assert await deps.files.read_text("/workspace/calc.py") == FIXED
    assert [call.name for call in result.calls] in (["file_write"], ["file_edit"])
    assert result.calls[0].verdict is not None and result.calls[0].verdict.allowed
    assert result.answer == "total now keeps every price."
    assert result.closing().endswith("; changed: calc.py")


@pytest.mark.parametrize("reply", SHAPES.values(), ids=SHAPES.keys())
async def test_in_default_mode_each_shape_is_asked_about_and_made_only_when_allowed(reply):
    human = FakeHumanInput(["Allow once"])

    result, deps, _ = await _turn(reply, "Fixed.", mode="default", human=human)

    assert len(human.questions) == 1 and human.edits[0][0].new_text == FIXED
    assert await deps.files.read_text("/workspace/calc.py") == FIXED


async def test_in_default_mode_a_denied_edit_changes_nothing_and_the_claim_is_followed_by_the_plain_sentence():
    human = FakeHumanInput(["Deny"])

    result, deps, _ = await _turn(SHAPES["heading"], "I fixed total in calc.py.", mode="default", human=human)

    assert await deps.files.read_text("/workspace/calc.py") == BUGGY
    assert result.answer == f"I fixed total in calc.py.\n\n{NO_CHANGE}"
    assert result.closing().endswith("; no file changed")


@pytest.mark.parametrize("mode", ["plan", "dontAsk"])
@pytest.mark.parametrize("reply", SHAPES.values(), ids=SHAPES.keys())
async def test_in_plan_and_dont_ask_no_shape_is_ever_made_and_the_reply_is_the_answer(reply, mode):
    result, deps, model = await _turn(reply, mode=mode)

    assert await deps.files.read_text("/workspace/calc.py") == BUGGY
    assert result.calls == () and len(model.requests) == 1
    assert result.answer == reply and result.closing().endswith("; no file changed")


async def test_a_json_object_naming_a_tool_below_its_top_level_is_a_call_never_the_answer():
    blob = '{"name": "function", "arguments": {"name": "file_read", "path": "calc.py", ...}}'

    result, _, model = await _turn(blob, "total sums all but the last price.", mode="default")

    assert [call.name for call in result.calls] == ["file_read"] and not result.calls[0].result.is_error
    assert result.answer == "total sums all but the last price."
    assert "return sum(prices[:-1])" in list(model.requests[1].tool_results().values())[0]


async def test_a_whole_file_block_for_a_new_file_creates_it():
    reply = ("### tests/test_calc.py\n```python\nfrom calc import total\n\n\ndef test_total():\n"
             "    assert total([1]) == 1\n```")

    result, deps, _ = await _turn(reply, "Added a test.")

    assert "def test_total" in await deps.files.read_text("/workspace/tests/test_calc.py")
    assert result.answer == "Added a test." and result.closing().endswith("; changed: tests/test_calc.py")
