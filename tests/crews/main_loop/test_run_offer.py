import dataclasses

from orkeon_engine.crews.main_loop.offer import RemovedTool, ToolOffer
from orkeon_engine.crews.main_loop.run import run_main_loop
from orkeon_engine.crews.main_loop.run_offer import offer_line, tool_definition_tokens, turn_tools_offered_in
from orkeon_engine.domain.model.chat import ChatMessage, ChatReply, Usage
from orkeon_engine.domain.tools.tool_sets import CORE_TOOLS
from orkeon_engine.services.context_window import WindowChoice
from tests.support.doubles.fake_files import FakeFiles
from tests.support.main_loop_turns import set_up_turn, turn_input
from tests.support.scripted_chat_model import Call
from tests.support.tiny_tools import EchoTool

# --- step 3: the tools ------------------------------------------------------------------------------------

async def test_a_read_only_mode_offers_the_read_tools_alone():
    deps, model, ports = await set_up_turn("ok")

    await run_main_loop(turn_input(mode="plan", source="explicit"), ports)

    names = model.requests[0].tool_names
    assert "file_read" in names and "file_write" not in names and "shell_command" not in names


async def test_a_deny_rule_takes_a_tool_out_and_the_answer_names_it():
    deps, model, ports = await set_up_turn("ok")
    await deps.session.set_state("permissions.rules", {"deny": ["shell_command"]})

    result = await run_main_loop(turn_input(), ports)

    assert "shell_command" not in model.requests[0].tool_names
    assert "the rules removed shell_command (session) from the tools" in result.lines()


async def test_with_nobody_to_answer_the_shell_is_left_out_and_the_answer_says_so():
    deps, model, ports = await set_up_turn("ok")

    result = await run_main_loop(turn_input(), dataclasses.replace(ports, can_ask=False))

    assert "shell_command" not in model.requests[0].tool_names and "file_read" in model.requests[0].tool_names
    assert any(line.startswith("shell_command") and "left out: nobody can approve" in line
               for line in result.lines())


# --- the tool set -----------------------------------------------------------------------------------------

async def test_a_model_with_a_small_window_is_offered_the_core_set_and_the_answer_says_so():
    deps, model, ports = await set_up_turn("ok")
    await deps.config.set_value("model.contextWindow", "16384", "session")

    result = await run_main_loop(turn_input(mode="acceptEdits", source="explicit"), ports)

    assert set(model.requests[0].tool_names) <= CORE_TOOLS and "file_write" in model.requests[0].tool_names
    assert any(line.startswith("tools: the core set (") for line in result.lines())


async def test_the_full_set_is_offered_when_the_setting_says_so_whatever_the_window():
    deps, model, ports = await set_up_turn("ok")
    await deps.config.set_value("model.contextWindow", "16384", "session")
    await deps.config.set_value("assistant.toolSet", "full", "session")

    result = await run_main_loop(turn_input(mode="acceptEdits", source="explicit"), ports)

    assert not set(model.requests[0].tool_names) <= CORE_TOOLS
    assert not any(line.startswith("tools:") for line in result.lines())


async def test_with_the_core_set_definition_rewrite_asks_the_turns_model_in_plain_text_and_writes_the_fix():
    buggy = "def total(prices):\n    return sum(prices[:-1])\n"
    fixed = "The slice drops the last price.\n```python\ndef total(prices):\n    return sum(prices)\n```"
    deps, model, ports = await set_up_turn([Call("definition_rewrite", {"path": "calc.py", "name": "total"})], fixed,
                                      fixed, "fixed", files=FakeFiles({"/workspace/calc.py": buggy}))
    await deps.config.set_value("model.contextWindow", "16384", "session")

    result = await run_main_loop(turn_input("total skips the last price", mode="acceptEdits", source="explicit"), ports)

    assert "definition_rewrite" in model.requests[0].tool_names
    focused = model.requests[1]
    assert focused.tools == () and "total skips the last price" in focused.last_user_text
    assert await deps.files.read_text("/workspace/calc.py") == "def total(prices):\n    return sum(prices)\n"
    assert result.answer == "fixed" and "/workspace/calc.py" in result.changed
    assert result.figures.tool_calls == 1 and result.figures.model_calls == 4  # the focused calls count


async def test_a_focused_reply_cut_at_its_cap_still_gives_its_whole_code_block():
    buggy = "def total(prices):\n    return sum(prices[:-1])\n"
    fixed = "```python\ndef total(prices):\n    return sum(prices)\n```"
    cut = ChatReply(ChatMessage.assistant(fixed + "\nThis works because the slice"), Usage(300, 480), "m", "length")
    deps, model, ports = await set_up_turn([Call("definition_rewrite", {"path": "calc.py", "name": "total"})], cut,
                                      fixed, "fixed", files=FakeFiles({"/workspace/calc.py": buggy}))
    await deps.config.set_value("assistant.toolSet", "core", "session")

    result = await run_main_loop(turn_input("total skips the last price", mode="acceptEdits", source="explicit"), ports)

    assert await deps.files.read_text("/workspace/calc.py") == "def total(prices):\n    return sum(prices)\n"
    assert result.figures.model_calls == 4
    assert result.figures.usage.startswith("600 tokens in (summed over the calls), 540 out")  # the cut one's too


async def test_the_focused_calls_read_the_request_with_its_preludes_text():
    fixed = "```python\ndef total(prices):\n    return sum(prices)\n```"
    deps, model, ports = await set_up_turn([Call("definition_rewrite", {"path": "calc.py", "name": "total"})], fixed,
                                      fixed, "fixed",
                                      files=FakeFiles({"/workspace/calc.py": "def total(prices):\n    return 0\n"}))
    await deps.config.set_value("assistant.toolSet", "core", "session")

    async def prelude():
        return "the spoken words: total forgets every price"

    await run_main_loop(turn_input("", mode="acceptEdits", source="explicit", prelude=prelude), ports)

    assert "the spoken words: total forgets every price" in model.requests[1].last_user_text


async def test_with_the_core_set_a_file_edit_after_definition_rewrite_ran_is_made():
    buggy = "def total(prices):\n    return sum(prices[:-1])\n"
    edit = Call("file_edit", {"path": "calc.py", "old": "sum(prices[:-1])", "new": "sum(prices)"})
    deps, model, ports = await set_up_turn([Call("definition_rewrite", {"path": "calc.py", "name": "total"})],
                                      "no code", "no code", "no code", "no code", [edit], "Fixed total.",
                                      files=FakeFiles({"/workspace/calc.py": buggy}))
    await deps.config.set_value("assistant.toolSet", "core", "session")

    await run_main_loop(turn_input("total skips the last price", mode="acceptEdits", source="explicit"), ports)

    assert "change it with file_edit" in list(model.requests[5].tool_results().values())[0]
    assert await deps.files.read_text("/workspace/calc.py") == "def total(prices):\n    return sum(prices)\n"


async def test_with_the_full_set_a_file_edit_inside_a_function_is_made():
    edit = Call("file_edit", {"path": "calc.py", "old": "sum(prices[:-1])", "new": "sum(prices)"})
    deps, model, ports = await set_up_turn([edit], "Fixed.",
                                      files=FakeFiles({"/workspace/calc.py": "def total(prices):\n"
                                                                             "    return sum(prices[:-1])\n"}))

    await run_main_loop(turn_input("total skips the last price", mode="acceptEdits", source="explicit"), ports)

    assert await deps.files.read_text("/workspace/calc.py") == "def total(prices):\n    return sum(prices)\n"


async def test_with_the_full_set_a_reply_showing_code_is_the_answer():
    shown = "Write it so:\n```python\ndef total(prices):\n    return sum(prices)\n```"
    deps, model, ports = await set_up_turn(shown)

    result = await run_main_loop(turn_input("how would total look?", mode="acceptEdits", source="explicit"), ports)

    assert result.answer == shown and len(model.requests) == 1


async def test_the_full_set_never_offers_definition_rewrite():
    deps, model, ports = await set_up_turn("ok")

    await run_main_loop(turn_input(mode="acceptEdits", source="explicit"), ports)

    assert "definition_rewrite" not in model.requests[0].tool_names and "file_edit" in model.requests[0].tool_names


async def test_an_unknown_window_keeps_the_full_set():
    deps, model, ports = await set_up_turn("ok")

    await run_main_loop(turn_input(mode="acceptEdits", source="explicit"), ports)

    assert "spawn_agent" in model.requests[0].tool_names and "todo_write" in model.requests[0].tool_names


# --- the offer's parts --------------------------------------------------------------------------------------

def test_the_offer_line_says_why_fewer_tools_are_offered():
    offer = ToolOffer(("file_read",), removed=(RemovedTool("shell_command", "session"),), trimmed=("file_write",))

    line = offer_line(offer, 1, WindowChoice(16_384, "the model's facts"))

    assert line == ("1 tools offered (the core set for the model's window of 16,384 tokens: assistant.toolSet); "
                    "the rules removed shell_command (session) from the tools")


def test_no_tool_sends_no_definition_and_a_tool_sends_its_schema():
    assert tool_definition_tokens([]) == 0
    assert tool_definition_tokens([EchoTool()]) > 0


def test_of_the_turns_own_tools_the_full_set_offers_the_todo_list_and_the_core_set_the_rewrite():
    assert turn_tools_offered_in("plan", []) == ("todo_write",)
    assert turn_tools_offered_in("acceptEdits", [], core=True) == ("definition_rewrite",)
