from orkeon_engine.crews.main_loop.run import run_main_loop
from orkeon_engine.crews.main_loop.run_answer import answer_as_read, closing_call
from orkeon_engine.domain.context.context_use import LAST_CALL_KEY
from orkeon_engine.domain.model.act import ActResult, ToolCallRecord
from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.model_replies.unbacked_claims import NO_CHANGE, NO_RUN, claims_input
from orkeon_engine.domain.tool_call import ToolResult, Verdict
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.main_loop_turns import set_up_turn, turn_input
from tests.support.scripted_chat_model import Call, Turn


async def test_the_answer_joins_the_history_without_the_tool_results():
    deps, model, ports = await set_up_turn(Call("file_read", {"path": "a.py"}), "a.py prints a")

    result = await run_main_loop(turn_input("what does a.py do?"), ports)

    entries = await deps.session.entries()
    assert [(e.role, e.text) for e in entries] == [("user", "what does a.py do?"), ("assistant", "a.py prints a")]
    assert result.figures.tool_calls == 1 and result.figures.model_calls == 2


async def test_the_context_used_is_the_last_calls_prompt_tokens_and_the_sum_is_called_one():
    deps, model, ports = await set_up_turn(Turn("", (Call("file_read", {"path": "a.py"}),), Usage(2_500, 20)),
                                      Turn("a.py prints a", (), Usage(2_648, 36)))
    await deps.config.set_value("model.contextWindow", "16384", "session")

    result = await run_main_loop(turn_input("what does a.py do?"), ports)

    assert result.figures.usage.startswith("5,148 tokens in (summed over the calls), 56 out")
    assert result.figures.gauge == "2,648 of 16,384 tokens (16%) at the last model call, tier ok"
    assert await deps.session.get_state(LAST_CALL_KEY) == {"promptTokens": 2_648}


async def test_a_failing_epilogue_is_a_warning():
    deps, model, ports = await set_up_turn("the answer")

    async def epilogue(answer):
        raise RuntimeError("no speaker")

    result = await run_main_loop(turn_input(epilogue=epilogue), ports)

    assert result.answer == "the answer" and result.warnings == ("the closing call failed: no speaker",)


# --- a claim the turn does not back goes back to the model once ---------------------------------------------

CALC = {"/workspace/calc.py": "def lt(a, b):\n    return a > b\n"}
FIXED = "def lt(a, b):\n    return a < b\n"


async def test_a_claimed_change_goes_back_to_the_model_once_and_it_makes_the_change():
    deps, model, ports = await set_up_turn("I fixed the comparison in calc.py.",
                                           Call("file_write", {"path": "calc.py", "content": FIXED}),
                                           "lt now compares with <.", files=FakeFiles(CALC))

    result = await run_main_loop(turn_input("lt is backwards in calc.py", mode="acceptEdits"), ports)

    assert model.requests[1].last_user_text == claims_input([NO_CHANGE])
    assert await deps.files.read_text("/workspace/calc.py") == FIXED
    assert (result.answer, result.claims) == ("lt now compares with <.", ())
    assert result.closing().endswith("; changed: calc.py")


async def test_a_claim_made_again_after_being_told_ends_the_turn_with_the_plain_sentence():
    deps, model, ports = await set_up_turn("I fixed calc.py and the tests pass.", "I have updated calc.py.",
                                           files=FakeFiles(CALC))

    result = await run_main_loop(turn_input("lt is backwards in calc.py", mode="acceptEdits"), ports)

    assert model.requests[1].last_user_text == claims_input([NO_CHANGE, NO_RUN])
    assert len(model.requests) == 2 and result.answer == f"I have updated calc.py.\n\n{NO_CHANGE}"


async def test_in_plan_mode_a_claim_is_not_sent_back():
    deps, model, ports = await set_up_turn("I fixed calc.py.", files=FakeFiles(CALC))

    result = await run_main_loop(turn_input("lt is backwards in calc.py", mode="plan"), ports)

    assert len(model.requests) == 1 and result.answer == f"I fixed calc.py.\n\n{NO_CHANGE}"


async def test_after_a_refused_call_the_claim_stands_and_the_model_is_not_pushed_to_try_again():
    human = FakeHumanInput(["Deny"])
    deps, model, ports = await set_up_turn(Call("file_write", {"path": "calc.py", "content": FIXED}),
                                           "I fixed calc.py.", files=FakeFiles(CALC), human=human)

    result = await run_main_loop(turn_input("lt is backwards in calc.py", mode="default"), ports)

    assert len(model.requests) == 2 and result.answer == f"I fixed calc.py.\n\n{NO_CHANGE}"
    assert await deps.files.read_text("/workspace/calc.py") == CALC["/workspace/calc.py"]


async def test_an_answer_that_claims_nothing_is_not_sent_back():
    deps, model, ports = await set_up_turn("lt returns whether a is greater than b.", files=FakeFiles(CALC))

    result = await run_main_loop(turn_input("what does lt do?", mode="acceptEdits"), ports)

    assert len(model.requests) == 1 and result.claims == ()


# --- the answer as the person reads it ----------------------------------------------------------------------

def _done(*calls):
    return ActResult("I fixed calc.py.", tuple(calls), Usage(), 1)


def _call(name, arguments, error=False):
    return ToolCallRecord(f"c{name}", name, arguments, Verdict(True), ToolResult("", is_error=error))


def test_without_checkpoints_the_files_written_are_the_edit_calls_that_succeeded():
    act = _done(_call("file_write", {"path": "/workspace/calc.py"}), _call("file_edit", {"path": "x.py"}, error=True))

    answer, wrote, ran = answer_as_read(act, (), None)

    assert wrote == ("/workspace/calc.py",) and ran is False and answer.startswith("I fixed calc.py.")


def test_a_claimed_change_no_call_backs_is_followed_by_a_sentence_saying_so():
    answer, wrote, ran = answer_as_read(_done(), (), None)

    assert wrote == () and answer.startswith("I fixed calc.py.\n\n") and len(answer) > len("I fixed calc.py.")


async def test_a_failing_closing_call_is_a_warning_and_none_is_nothing():
    async def epilogue(answer):
        raise RuntimeError("no speaker")

    assert await closing_call(epilogue, "the answer") == ["the closing call failed: no speaker"]
    assert await closing_call(None, "the answer") == []
