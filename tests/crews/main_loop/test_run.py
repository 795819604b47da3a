import asyncio

import pytest

from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import run_assistant_request, run_main_loop
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.model.act import BudgetExhausted
from orkeon_engine.ports.chat_model import LlmFailure
from tests.support.deps import make_deps
from tests.support.doubles.fake_child_runtime import FakeChildRuntime
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_code_navigation import FakeCodeNavigation
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_shell import FakeShell
from tests.support.main_loop_turns import set_up_turn, turn_input
from tests.support.scripted_chat_model import Call, ScriptedChatModel

# --- step 1: the prelude ----------------------------------------------------------------------------------

async def test_the_preludes_text_follows_the_request():
    deps, model, ports = await set_up_turn("ok")

    async def prelude():
        return "the transcription"

    await run_main_loop(turn_input(prelude=prelude), ports)

    assert "fix the parser\n\nthe transcription" in model.requests[0].last_user_text


async def test_a_failing_prelude_fails_the_turn_before_anything_is_stored():
    deps, model, ports = await set_up_turn("never asked")

    async def prelude():
        raise CommandFailedError("the microphone is busy")

    with pytest.raises(CommandFailedError, match="microphone"):
        await run_main_loop(turn_input(prelude=prelude), ports)
    assert await deps.session.entries() == [] and model.requests == []


async def test_no_model_configured_fails_at_once_and_stores_nothing():
    deps, model, ports = await set_up_turn(model=ScriptedChatModel(not_configured=True))

    with pytest.raises(NotConfiguredError):
        await run_main_loop(turn_input(), ports)
    assert await deps.session.entries() == [] and deps.progress.messages() == []


# --- step 2: the mode and where it came from ---------------------------------------------------------------

async def test_the_prefix_sets_the_turns_mode_and_the_answer_says_so():
    deps, model, ports = await set_up_turn("a plan")

    result = await run_assistant_request("mode:plan how would you split this module?", ports)

    assert result.mode_line == "mode: plan, from the mode: prefix of the request"
    assert result.request == "how would you split this module?"
    assert "This session is read-only" in model.requests[0].system


async def test_without_a_prefix_the_sessions_mode_is_taken():
    deps, model, ports = await set_up_turn("ok")
    await deps.session.set_state("permissions.mode", "acceptEdits")

    result = await run_assistant_request("tidy the imports", ports)

    assert result.mode_line == "mode: acceptEdits, the session's mode, set with /mode"


async def test_then_the_fallback_setting():
    deps, model, ports = await set_up_turn("ok")
    await deps.config.set_value("permissions.fallback", "plan", "project")

    result = await run_assistant_request("tidy the imports", ports)

    assert result.mode_line.startswith("mode: plan, from the permissions.fallback setting")


async def test_and_else_the_default():
    deps, model, ports = await set_up_turn("ok")

    result = await run_assistant_request("tidy the imports", ports)

    assert result.mode_line == "mode: default, the default, as no mode is set"


async def test_a_prefix_naming_no_mode_is_refused_with_the_modes():
    deps, model, ports = await set_up_turn()

    with pytest.raises(CommandFailedError, match="mode:yolo names no mode; modes: default, acceptEdits"):
        await run_assistant_request("mode:yolo do it", ports)


# --- step 4: the flags -------------------------------------------------------------------------------------

async def test_the_effort_and_the_fast_model_reach_the_model_call():
    deps, model, ports = await set_up_turn("ok")
    for key, value in [("assistant.effort", "high"), ("assistant.fast", "true"), ("model.fast", "openai/quick")]:
        await deps.config.set_value(key, value, "session")

    result = await run_main_loop(turn_input(), ports)

    assert model.requests[0].options.reasoning_effort == "high"
    assert model.requests[0].options.model == "openai/quick"
    assert "flags: effort high, fast" in result.lines()


async def test_the_output_style_the_language_and_proactive_work_reach_the_body():
    deps, model, ports = await set_up_turn("ok")
    for key, value in [("assistant.outputStyle", "concise"), ("answer.language", "German"),
                       ("assistant.proactive", "true")]:
        await deps.config.set_value(key, value, "session")

    await run_main_loop(turn_input(), ports)

    body = model.requests[0].last_user_text
    assert "those stay whole" in body and "Write the answer in German" in body and "Proactive mode is on" in body


async def test_fast_without_a_fast_model_is_a_warning():
    deps, model, ports = await set_up_turn("ok")
    await deps.config.set_value("assistant.fast", "true", "session")

    result = await run_main_loop(turn_input(), ports)

    assert model.requests[0].options.model is None
    assert any("model.fast is not set" in line for line in result.lines())


# --- step 6: the prompt and the model --------------------------------------------------------------------------

async def test_a_failed_model_call_stores_nothing_and_fails_with_the_providers_error():
    deps, model, ports = await set_up_turn(LlmFailure("openai: 429 rate limit reached for requests", kind="rate_limit"))

    with pytest.raises(LlmFailure, match="429 rate limit reached"):
        await run_main_loop(turn_input(), ports)
    assert await deps.session.entries() == []


async def test_a_turn_cancelled_while_its_prompt_is_built_stores_nothing():
    shell = FakeShell()
    shell.error = asyncio.CancelledError()  # the person cancels while git status runs
    deps, model, ports = await set_up_turn("never asked", shell=shell)

    with pytest.raises(asyncio.CancelledError):
        await run_main_loop(turn_input(), ports)
    assert shell.commands() == ["git status --short --branch"]
    assert await deps.session.entries() == [] and model.requests == []


async def test_a_spent_budget_leaves_a_note_of_the_stop_and_fails():
    deps, model, ports = await set_up_turn([Call("file_read", {"path": "a.py"}), Call("file_read", {"path": "a.py"})])
    await deps.config.set_value("assistant.budget.toolCalls", "1", "session")

    with pytest.raises(BudgetExhausted):
        await run_main_loop(turn_input(), ports)
    entries = await deps.session.entries()
    assert [e.role for e in entries] == ["user", "assistant"] and "stopped before its final answer" in entries[1].text


async def test_an_edit_asked_through_the_gate_and_allowed_is_made():
    files = FakeFiles({"/workspace/a.py": "old\n"})
    human = FakeHumanInput(choices=["Allow once"])
    deps, model, ports = await set_up_turn(Call("file_write", {"path": "a.py", "content": "new\n"}), "edited",
                                      files=files, human=human)

    result = await run_main_loop(turn_input(), ports)

    assert files.texts["/workspace/a.py"] == "new\n" and result.answer == "edited"
    assert human.questions and "file_write" in human.questions[0][0]


# --- step 7: the answer ------------------------------------------------------------------------------------

async def test_the_seven_steps_are_logged_in_order_and_kept_off_the_progress_line():
    deps, model, ports = await set_up_turn("ok")

    async def prelude():
        return ""

    await run_main_loop(turn_input(prelude=prelude), ports)

    logged = [message for level, message in deps.logger.lines if level == "info"]
    steps = [m.split(":")[1].strip() for m in logged if m.startswith("assistant: step ")]
    assert steps == [f"step {n} of 7" for n in range(1, 8)]
    assert not any("step " in message for message in deps.progress.messages())


# --- children ---------------------------------------------------------------------------------------------

async def test_every_turn_is_offered_spawn_agent_by_the_loop_itself():
    deps, model, ports = await set_up_turn("ok")

    result = await run_main_loop(turn_input(), ports)

    assert model.requests[0].tool_names[-1] == "spawn_agent" and "spawn_agent" not in result.offer.offered


async def test_a_background_reviewer_runs_under_its_steps_sets_and_the_next_turn_under_the_sessions_alone():
    runtime = FakeChildRuntime()
    files = FakeFiles({"/workspace/a.py": "print('a')\n", "/workspace/node_modules/x.js": "vendored()\n"})
    model = ScriptedChatModel([
        Call("spawn_agent", {"brief": "review a.py", "charter": "dev-reviewer", "background": True}),
        "a reviewer is on it",
        Call("file_read", {"path": "node_modules/x.js"}), "the reviewer skipped the vendored file",  # the child
        Call("file_read", {"path": "node_modules/x.js"}), "x.js calls vendored()",  # the next turn
    ])
    deps = await make_deps(chat_model=model, vfs=files, child_runtime=runtime, code_index=FakeCodeIndex(),
                           navigation=FakeCodeNavigation())
    ports = main_loop_ports(deps.for_run("assistant"))

    first = await run_main_loop(turn_input(mode="plan", source="explicit"), ports)
    await runtime.run_all()
    second = await run_main_loop(turn_input("what does x.js call?", mode="plan", source="explicit"), ports)

    child = await deps.children.report(1)
    assert first.calls[0].result.text.startswith("ticket c1: dev-reviewer started in the background")
    assert "rule set read-noise" in model.requests[3].tool_results()["call_3_0"]
    assert child.report == "the reviewer skipped the vendored file" and child.step == "dev-review"
    assert "vendored()" in second.calls[0].result.text


# --- replies that say nothing -----------------------------------------------------------------------------

async def test_a_reply_of_empty_markup_is_asked_once_for_an_answer():
    deps, model, ports = await set_up_turn("<tools></tools>", "a.py prints a greeting.")

    result = await run_main_loop(turn_input("what does a.py do?"), ports)

    assert result.answer == "a.py prints a greeting."
    assert model.requests[1].last_user_text.startswith("Your reply had no words in it and called no tool.")


async def test_a_turn_the_model_ends_without_a_word_says_so():
    deps, model, ports = await set_up_turn([Call("file_read", {"path": "a.py"})], "", "<tools></tools>")

    result = await run_main_loop(turn_input("what does a.py do?"), ports)

    assert model.requests[2].last_user_text.startswith("Your reply had no words in it and called no tool.")
    assert result.answer == "The model ended the turn without an answer, after 1 tool call (file_read)."
    assert (await deps.session.entries())[-1].text == result.answer
