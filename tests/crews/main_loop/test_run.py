import asyncio
import dataclasses
import json

import pytest

from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import (
    MainLoopInput,
    run_assistant_request,
    run_context_report,
    run_main_loop,
    run_session_summary,
)
from orkeon_engine.domain.context.context_use import LAST_CALL_KEY
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.model.act import BudgetExhausted
from orkeon_engine.domain.model.chat import ChatMessage, ChatReply, Usage
from orkeon_engine.domain.session.compaction import MEMORIES_BEGIN, MEMORIES_END
from orkeon_engine.domain.session.history import SNIP_NOTE, SUMMARY, archived, live
from orkeon_engine.domain.session.memory import MemoryNote
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.session.working_files import WORKING_FILES_KEY
from orkeon_engine.domain.tools.tool_sets import CORE_TOOLS
from orkeon_engine.ports.chat_model import LlmFailure
from orkeon_engine.ports.shell import ShellResult
from orkeon_engine.services.turn_inputs import GIT_FILES_COMMAND
from tests.support.deps import make_deps
from tests.support.doubles.fake_child_runtime import FakeChildRuntime
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_code_navigation import FakeCodeNavigation
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_memory_store import WHEN, FakeMemoryStore
from tests.support.doubles.fake_shell import FakeShell
from tests.support.scripted_chat_model import Call, ScriptedChatModel, Turn

NO_MEMORIES = f"{MEMORIES_BEGIN}\n{MEMORIES_END}"


async def _setup(*turns, files=None, human=None, memory=None, shell=None, model=None):
    model = model or ScriptedChatModel(list(turns))
    deps = await make_deps(chat_model=model, vfs=files or FakeFiles({"/workspace/a.py": "print('a')\n"}),
                           human=human, memory=memory, shell=shell)
    deps = deps.for_run("assistant")
    return deps, model, main_loop_ports(deps)


def _turn(request="fix the parser", mode="default", source="fallback", **extra):
    return MainLoopInput(request, mode, source, **extra)


# --- step 1: the prelude ----------------------------------------------------------------------------------

async def test_the_preludes_text_follows_the_request():
    deps, model, ports = await _setup("ok")

    async def prelude():
        return "the transcription"

    await run_main_loop(_turn(prelude=prelude), ports)

    assert "fix the parser\n\nthe transcription" in model.requests[0].last_user_text


async def test_a_failing_prelude_fails_the_turn_before_anything_is_stored():
    deps, model, ports = await _setup("never asked")

    async def prelude():
        raise CommandFailedError("the microphone is busy")

    with pytest.raises(CommandFailedError, match="microphone"):
        await run_main_loop(_turn(prelude=prelude), ports)
    assert await deps.session.entries() == [] and model.requests == []


async def test_no_model_configured_fails_at_once_and_stores_nothing():
    deps, model, ports = await _setup(model=ScriptedChatModel(not_configured=True))

    with pytest.raises(NotConfiguredError):
        await run_main_loop(_turn(), ports)
    assert await deps.session.entries() == [] and deps.progress.messages() == []


# --- step 2: the mode and where it came from ---------------------------------------------------------------

async def test_the_prefix_sets_the_turns_mode_and_the_answer_says_so():
    deps, model, ports = await _setup("a plan")

    result = await run_assistant_request("mode:plan how would you split this module?", ports)

    assert result.mode_line == "mode: plan, from the mode: prefix of the request"
    assert result.request == "how would you split this module?"
    assert "This session is read-only" in model.requests[0].system


async def test_without_a_prefix_the_sessions_mode_is_taken():
    deps, model, ports = await _setup("ok")
    await deps.session.set_state("permissions.mode", "acceptEdits")

    result = await run_assistant_request("tidy the imports", ports)

    assert result.mode_line == "mode: acceptEdits, the session's mode, set with /mode"


async def test_then_the_fallback_setting():
    deps, model, ports = await _setup("ok")
    await deps.config.set_value("permissions.fallback", "plan", "project")

    result = await run_assistant_request("tidy the imports", ports)

    assert result.mode_line.startswith("mode: plan, from the permissions.fallback setting")


async def test_and_else_the_default():
    deps, model, ports = await _setup("ok")

    result = await run_assistant_request("tidy the imports", ports)

    assert result.mode_line == "mode: default, the default, as no mode is set"


async def test_a_prefix_naming_no_mode_is_refused_with_the_modes():
    deps, model, ports = await _setup()

    with pytest.raises(CommandFailedError, match="mode:yolo names no mode; modes: default, acceptEdits"):
        await run_assistant_request("mode:yolo do it", ports)


# --- step 3: the tools -------------------------------------------------------------------------------------

async def test_a_read_only_mode_offers_the_read_tools_alone():
    deps, model, ports = await _setup("ok")

    await run_main_loop(_turn(mode="plan", source="explicit"), ports)

    names = model.requests[0].tool_names
    assert "file_read" in names and "file_write" not in names and "shell_command" not in names


async def test_a_deny_rule_takes_a_tool_out_and_the_answer_names_it():
    deps, model, ports = await _setup("ok")
    await deps.session.set_state("permissions.rules", {"deny": ["shell_command"]})

    result = await run_main_loop(_turn(), ports)

    assert "shell_command" not in model.requests[0].tool_names
    assert "the rules removed shell_command (session) from the tools" in result.lines()


async def test_with_nobody_to_answer_the_shell_is_left_out_and_the_answer_says_so():
    deps, model, ports = await _setup("ok")

    result = await run_main_loop(_turn(), dataclasses.replace(ports, can_ask=False))

    assert "shell_command" not in model.requests[0].tool_names and "file_read" in model.requests[0].tool_names
    assert any(line.startswith("shell_command") and "left out: nobody can approve" in line
               for line in result.lines())


# --- step 4: the flags -------------------------------------------------------------------------------------

async def test_the_effort_and_the_fast_model_reach_the_model_call():
    deps, model, ports = await _setup("ok")
    for key, value in [("assistant.effort", "high"), ("assistant.fast", "true"), ("model.fast", "openai/quick")]:
        await deps.config.set_value(key, value, "session")

    result = await run_main_loop(_turn(), ports)

    assert model.requests[0].options.reasoning_effort == "high"
    assert model.requests[0].options.model == "openai/quick"
    assert "flags: effort high, fast" in result.lines()


async def test_the_output_style_the_language_and_proactive_work_reach_the_body():
    deps, model, ports = await _setup("ok")
    for key, value in [("assistant.outputStyle", "concise"), ("answer.language", "German"),
                       ("assistant.proactive", "true")]:
        await deps.config.set_value(key, value, "session")

    await run_main_loop(_turn(), ports)

    body = model.requests[0].last_user_text
    assert "those stay whole" in body and "Write the answer in German" in body and "Proactive mode is on" in body


async def test_fast_without_a_fast_model_is_a_warning():
    deps, model, ports = await _setup("ok")
    await deps.config.set_value("assistant.fast", "true", "session")

    result = await run_main_loop(_turn(), ports)

    assert model.requests[0].options.model is None
    assert any("model.fast is not set" in line for line in result.lines())


# --- step 5: compaction first, then the request --------------------------------------------------------------

async def test_a_history_under_pressure_is_compacted_before_the_request_joins_it():
    summary = "<summary>\n## Goal\nSplit the parser.\n</summary>"
    deps, model, ports = await _setup(NO_MEMORIES, summary, "the answer")
    await deps.config.set_value("model.contextWindow", "8000", "session")
    await deps.session.append(*[BufferEntry(r, "w" * 40_000) for r in ("user", "assistant", "user", "assistant")])

    result = await run_main_loop(_turn("and now?"), ports)

    kinds = [(e.role, e.kind) for e in live(await deps.session.entries())]
    assert [o.kind for o in result.compactions] == ["summarised"]
    assert kinds == [("system", SUMMARY), ("user", "message"), ("assistant", "message")]
    assert "[compacted] ## Goal" in model.requests[2].last_user_text


# --- step 6: the prompt and the model --------------------------------------------------------------------------

async def test_the_header_is_byte_identical_across_two_turns_and_the_history_skips_the_current_request():
    deps, model, ports = await _setup("first answer", "second answer")

    await run_main_loop(_turn("first request"), ports)
    await run_main_loop(_turn("second request"), ports)

    first, second = model.requests
    assert first.system.encode() == second.system.encode()
    history = second.last_user_text.split("## Environment")[0]
    assert "[person] first request" in history and "[assistant] first answer" in history
    assert "second request" not in history and "## The request\n\nsecond request" in second.last_user_text


@pytest.mark.parametrize("tool_set", ["core", "full"])
async def test_the_system_message_and_the_tools_are_the_same_bytes_in_two_workspaces(tool_set):
    """What a server's prompt cache keeps (issue 48): nothing of the workspace, the date or the turn comes
    before the request's own text, so another project's first call reuses it."""
    sent = []
    for files, status in [({"/workspace/a.py": "print('a')\n"}, None),
                          ({"/workspace/AGENTS.md": "Use tabs.\n", "/workspace/src/b.py": "b = 2\n"}, "## main\n")]:
        shell = FakeShell({"git status --short --branch": ShellResult("git status", 0, status)} if status else {})
        deps, model, ports = await _setup("ok", files=FakeFiles(files), shell=shell)
        await deps.config.set_value("assistant.toolSet", tool_set, "session")
        await run_main_loop(_turn("say hi"), ports)
        sent.append(model.requests[0])

    first, second = sent
    assert first.system.encode() == second.system.encode()
    assert json.dumps(first.tools).encode() == json.dumps(second.tools).encode()
    assert "Use tabs." in second.last_user_text and "Use tabs." not in first.last_user_text


async def test_the_body_carries_the_instructions_file_memory_git_status_and_the_gauge():
    files = FakeFiles({"/workspace/AGENTS.md": "Run make test.\n"})
    shell = FakeShell({"git status --short --branch": ShellResult("git status", 0, "## main\n M a.py\n")})
    memory = FakeMemoryStore([MemoryNote("m-1", "project", "the parser is generated", WHEN)])
    deps, model, ports = await _setup("ok", files=files, shell=shell, memory=memory)

    await run_main_loop(_turn(), ports)

    request = model.requests[0]
    assert request.last_user_text.startswith("## The project's instructions, from AGENTS.md\n\nRun make test.\n")
    assert "AGENTS.md" not in request.system
    assert "[project] the parser is generated" in request.last_user_text
    assert " M a.py" in request.last_user_text and "Context in use: about" in request.last_user_text


async def test_a_failed_model_call_stores_nothing_and_fails_with_the_providers_error():
    deps, model, ports = await _setup(LlmFailure("openai: 429 rate limit reached for requests", kind="rate_limit"))

    with pytest.raises(LlmFailure, match="429 rate limit reached"):
        await run_main_loop(_turn(), ports)
    assert await deps.session.entries() == []


async def test_a_turn_cancelled_while_its_prompt_is_built_stores_nothing():
    shell = FakeShell()
    shell.error = asyncio.CancelledError()  # the person cancels while git status runs
    deps, model, ports = await _setup("never asked", shell=shell)

    with pytest.raises(asyncio.CancelledError):
        await run_main_loop(_turn(), ports)
    assert shell.commands() == ["git status --short --branch"]
    assert await deps.session.entries() == [] and model.requests == []


async def test_a_spent_budget_leaves_a_note_of_the_stop_and_fails():
    deps, model, ports = await _setup([Call("file_read", {"path": "a.py"}), Call("file_read", {"path": "a.py"})])
    await deps.config.set_value("assistant.budget.toolCalls", "1", "session")

    with pytest.raises(BudgetExhausted):
        await run_main_loop(_turn(), ports)
    entries = await deps.session.entries()
    assert [e.role for e in entries] == ["user", "assistant"] and "stopped before its final answer" in entries[1].text


async def test_an_edit_asked_through_the_gate_and_allowed_is_made():
    files = FakeFiles({"/workspace/a.py": "old\n"})
    human = FakeHumanInput(choices=["Allow once"])
    deps, model, ports = await _setup(Call("file_write", {"path": "a.py", "content": "new\n"}), "edited",
                                      files=files, human=human)

    result = await run_main_loop(_turn(), ports)

    assert files.texts["/workspace/a.py"] == "new\n" and result.answer == "edited"
    assert human.questions and "file_write" in human.questions[0][0]


# --- step 7: the answer ------------------------------------------------------------------------------------

async def test_the_answer_joins_the_history_without_the_tool_results():
    deps, model, ports = await _setup(Call("file_read", {"path": "a.py"}), "a.py prints a")

    result = await run_main_loop(_turn("what does a.py do?"), ports)

    entries = await deps.session.entries()
    assert [(e.role, e.text) for e in entries] == [("user", "what does a.py do?"), ("assistant", "a.py prints a")]
    assert result.figures.tool_calls == 1 and result.figures.model_calls == 2


async def test_the_context_used_is_the_last_calls_prompt_tokens_and_the_sum_is_called_one():
    deps, model, ports = await _setup(Turn("", (Call("file_read", {"path": "a.py"}),), Usage(2_500, 20)),
                                      Turn("a.py prints a", (), Usage(2_648, 36)))
    await deps.config.set_value("model.contextWindow", "16384", "session")

    result = await run_main_loop(_turn("what does a.py do?"), ports)

    assert result.figures.usage.startswith("5,148 tokens in (summed over the calls), 56 out")
    assert result.figures.gauge == "2,648 of 16,384 tokens (16%) at the last model call, tier ok"
    assert await deps.session.get_state(LAST_CALL_KEY) == {"promptTokens": 2_648}


async def test_the_gauge_counts_the_tool_definitions_sent_beside_the_prompt():
    deps, model, ports = await _setup()

    report = await run_context_report(ports)

    assert dict(report.parts)["tool definitions"] > 1_000
    assert report.gauge.used > sum(tokens for _, tokens in report.parts)


async def test_the_files_a_turn_touched_are_noted_as_working_files():
    deps, model, ports = await _setup(Call("file_read", {"path": "/workspace/a.py"}), "done")

    await run_main_loop(_turn(), ports)

    assert await deps.session.get_state(WORKING_FILES_KEY) == ["/workspace/a.py"]


async def test_a_failing_epilogue_is_a_warning():
    deps, model, ports = await _setup("the answer")

    async def epilogue(answer):
        raise RuntimeError("no speaker")

    result = await run_main_loop(_turn(epilogue=epilogue), ports)

    assert result.answer == "the answer" and result.warnings == ("the closing call failed: no speaker",)


async def test_the_seven_steps_are_logged_in_order_and_kept_off_the_progress_line():
    deps, model, ports = await _setup("ok")

    async def prelude():
        return ""

    await run_main_loop(_turn(prelude=prelude), ports)

    logged = [message for level, message in deps.logger.lines if level == "info"]
    steps = [m.split(":")[1].strip() for m in logged if m.startswith("assistant: step ")]
    assert steps == [f"step {n} of 7" for n in range(1, 8)]
    assert not any("step " in message for message in deps.progress.messages())


async def test_a_turn_that_saturates_the_history_compacts_it_after_the_answer():
    deps, model, ports = await _setup(Call("file_read", {"path": "a.py"}), "z" * 4_000, NO_MEMORIES)
    await deps.config.set_value("model.contextWindow", "8000", "session")  # automatic past 2,400 tokens
    await deps.session.append(*[BufferEntry(role, f"{role} {n} " + "q" * 500)
                                for n in range(6) for role in ("user", "assistant")])

    result = await run_main_loop(_turn(), ports)

    assert [o.kind for o in result.compactions] == ["snipped"]
    assert any(e.kind == SNIP_NOTE for e in live(await deps.session.entries()))


# --- /summary and /context ---------------------------------------------------------------------------------

async def test_the_session_summary_reads_the_whole_history_with_no_tools():
    deps, model, ports = await _setup("## Asked\nthe split")
    await deps.session.append(archived(BufferEntry("user", "the very first request")),
                              BufferEntry("system", "what was done", SUMMARY), BufferEntry("user", "the latest"))

    text = await run_session_summary(ports)

    request = model.requests[0]
    assert text == "## Asked\nthe split" and request.tools == ()
    assert "[person] the very first request" in request.last_user_text and "## Open" in request.system


async def test_the_session_summary_fits_the_history_to_the_models_window():
    deps, model, ports = await _setup("## Asked\nthe split")
    await deps.config.set_value("model.contextWindow", "8000", "session")
    await deps.session.append(*[BufferEntry("user", f"request {n} " + "q" * 2_000) for n in range(20)])

    await run_session_summary(ports)

    sent = model.requests[0].last_user_text
    assert "of the middle of the transcript left out" in sent and len(sent) < 8_000 * 4


async def test_an_empty_session_has_nothing_to_summarise():
    deps, model, ports = await _setup()

    with pytest.raises(CommandFailedError, match="nothing to summarise yet"):
        await run_session_summary(ports)


async def test_the_context_report_measures_every_part_of_the_next_prompt():
    deps, model, ports = await _setup()
    await deps.session.append(BufferEntry("user", "q" * 4_000), BufferEntry("assistant", "a"))

    report = await run_context_report(ports)

    parts = dict(report.parts)
    assert list(parts)[0] == "header" and "history" in parts and parts["history"] > 1_000
    assert report.history_tokens == 1_001 and report.gauge.tier == "ok" and model.requests == []


async def test_the_context_report_reads_the_git_status_and_the_file_list_once():
    deps, model, ports = await _setup(shell=FakeShell())

    await run_context_report(ports)

    assert ports.shell.commands() == ["git status --short --branch",
                                      "git ls-files --cached --others --exclude-standard"]


# --- children ---------------------------------------------------------------------------------------------

async def test_every_turn_is_offered_spawn_agent_by_the_loop_itself():
    deps, model, ports = await _setup("ok")

    result = await run_main_loop(_turn(), ports)

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

    first = await run_main_loop(_turn(mode="plan", source="explicit"), ports)
    await runtime.run_all()
    second = await run_main_loop(_turn("what does x.js call?", mode="plan", source="explicit"), ports)

    child = await deps.children.report(1)
    assert first.calls[0].result.text.startswith("ticket c1: dev-reviewer started in the background")
    assert "rule set read-noise" in model.requests[3].tool_results()["call_3_0"]
    assert child.report == "the reviewer skipped the vendored file" and child.step == "dev-review"
    assert "vendored()" in second.calls[0].result.text


# --- the files pinned to the context -----------------------------------------------------------------------

async def test_a_pinned_file_is_in_the_turns_prompt_as_it_is_now():
    files = FakeFiles({"/workspace/a.py": "print('a')\n", "/workspace/spec.md": "# The spec\n"})
    deps, model, ports = await _setup("ok", files=files)
    await deps.session.set_state("context.files", [{"path": "/workspace/a.py", "readOnly": False},
                                                   {"path": "/workspace/spec.md", "readOnly": True}])
    files.texts["/workspace/a.py"] = "print('edited since')\n"

    await run_main_loop(_turn(), ports)

    body = model.requests[0].last_user_text
    assert "### /workspace/a.py (editable)\n\n```\nprint('edited since')\n```" in body
    assert "### /workspace/spec.md (read-only)" in body
    assert body.index("## Files in the context") < body.index("## Environment")


async def test_the_model_cannot_edit_a_file_pinned_read_only():
    files = FakeFiles({"/workspace/spec.md": "# The spec\n"})
    human = FakeHumanInput(choices=["Allow once"])
    deps, model, ports = await _setup(Call("file_write", {"path": "spec.md", "content": "rewritten\n"}), "done",
                                      files=files, human=human)
    await deps.session.set_state("context.files", [{"path": "/workspace/spec.md", "readOnly": True}])

    result = await run_main_loop(_turn(mode="acceptEdits"), ports)

    assert files.texts["/workspace/spec.md"] == "# The spec\n" and human.questions == []
    assert "pinned this file read-only" in result.calls[0].result.text


async def test_a_pinned_file_past_the_budget_is_left_out_and_named_in_a_warning():
    files = FakeFiles({"/workspace/big.txt": "x" * 200_000})
    deps, model, ports = await _setup("ok", files=files)
    await deps.session.set_state("context.files", [{"path": "/workspace/big.txt", "readOnly": False}])

    result = await run_main_loop(_turn(), ports)

    assert "x" * 1_000 not in model.requests[0].last_user_text
    assert "- /workspace/big.txt (editable): it is about 50,0" in model.requests[0].last_user_text
    assert any(w.startswith("context: /workspace/big.txt is pinned but left out") for w in result.warnings)


# --- what the turn reads beside the request -------------------------------------------------------------------

CALC = "def total(prices):\n    return sum(prices[:-1])\n"
SETTINGS = "DEFAULT_PORT = 8731\n"


def _project_shell():
    listing = "calc.py\ninventory/settings.py\n"
    return FakeShell({GIT_FILES_COMMAND: ShellResult(GIT_FILES_COMMAND, 0, listing)})


def _project_files():
    return FakeFiles({"/workspace/calc.py": CALC, "/workspace/inventory/settings.py": SETTINGS})


async def test_a_file_the_request_names_is_in_the_prompt_after_the_environment():
    deps, model, ports = await _setup("ok", files=_project_files(), shell=_project_shell())

    await run_main_loop(_turn("the total in calc.py is off by one"), ports)

    body = model.requests[0].last_user_text
    assert f"### /workspace/calc.py\n\n```\n{CALC}```" in body
    assert body.index("## Environment") < body.index("## Files the request names") < body.index("## The request")


async def test_the_named_files_setting_off_leaves_the_reading_to_the_model():
    deps, model, ports = await _setup("ok", files=_project_files(), shell=_project_shell())
    await deps.config.set_value("assistant.namedFiles", "false", "session")

    await run_main_loop(_turn("the total in calc.py is off by one"), ports)

    assert "## Files the request names" not in model.requests[0].last_user_text


async def test_a_small_models_turn_shows_the_lines_sharing_the_requests_words_and_no_gauge_while_it_is_ok():
    deps, model, ports = await _setup("ok", files=_project_files(), shell=_project_shell())
    await deps.config.set_value("model.contextWindow", "16384", "session")

    await run_main_loop(_turn("which port is the default?"), ports)

    body = model.requests[0].last_user_text
    assert "```\ninventory/settings.py:1: DEFAULT_PORT = 8731\n```" in body
    assert "Context in use" not in body and "system-reminder" not in body


async def test_a_large_models_turn_searches_nothing_unless_asked():
    deps, model, ports = await _setup("ok", "ok", files=_project_files(), shell=_project_shell())

    await run_main_loop(_turn("which port is the default?"), ports)
    await deps.config.set_value("assistant.requestSearch", "on", "session")
    await run_main_loop(_turn("which port is the default?"), ports)

    assert "## Lines that share words" not in model.requests[0].last_user_text
    assert "inventory/settings.py:1: DEFAULT_PORT = 8731" in model.requests[1].last_user_text


# --- the tool set ---------------------------------------------------------------------------------------------

async def test_a_model_with_a_small_window_is_offered_the_core_set_and_the_answer_says_so():
    deps, model, ports = await _setup("ok")
    await deps.config.set_value("model.contextWindow", "16384", "session")

    result = await run_main_loop(_turn(mode="acceptEdits", source="explicit"), ports)

    assert set(model.requests[0].tool_names) <= CORE_TOOLS and "file_write" in model.requests[0].tool_names
    assert any(line.startswith("tools: the core set (") for line in result.lines())


async def test_the_full_set_is_offered_when_the_setting_says_so_whatever_the_window():
    deps, model, ports = await _setup("ok")
    await deps.config.set_value("model.contextWindow", "16384", "session")
    await deps.config.set_value("assistant.toolSet", "full", "session")

    result = await run_main_loop(_turn(mode="acceptEdits", source="explicit"), ports)

    assert not set(model.requests[0].tool_names) <= CORE_TOOLS
    assert not any(line.startswith("tools:") for line in result.lines())


async def test_with_the_core_set_definition_rewrite_asks_the_turns_model_in_plain_text_and_writes_the_fix():
    buggy = "def total(prices):\n    return sum(prices[:-1])\n"
    fixed = "The slice drops the last price.\n```python\ndef total(prices):\n    return sum(prices)\n```"
    deps, model, ports = await _setup([Call("definition_rewrite", {"path": "calc.py", "name": "total"})], fixed,
                                      fixed, "fixed", files=FakeFiles({"/workspace/calc.py": buggy}))
    await deps.config.set_value("model.contextWindow", "16384", "session")

    result = await run_main_loop(_turn("total skips the last price", mode="acceptEdits", source="explicit"), ports)

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
    deps, model, ports = await _setup([Call("definition_rewrite", {"path": "calc.py", "name": "total"})], cut,
                                      fixed, "fixed", files=FakeFiles({"/workspace/calc.py": buggy}))
    await deps.config.set_value("assistant.toolSet", "core", "session")

    result = await run_main_loop(_turn("total skips the last price", mode="acceptEdits", source="explicit"), ports)

    assert await deps.files.read_text("/workspace/calc.py") == "def total(prices):\n    return sum(prices)\n"
    assert result.figures.model_calls == 4
    assert result.figures.usage.startswith("600 tokens in (summed over the calls), 540 out")  # the cut one's too


async def test_the_focused_calls_read_the_request_with_its_preludes_text():
    fixed = "```python\ndef total(prices):\n    return sum(prices)\n```"
    deps, model, ports = await _setup([Call("definition_rewrite", {"path": "calc.py", "name": "total"})], fixed,
                                      fixed, "fixed",
                                      files=FakeFiles({"/workspace/calc.py": "def total(prices):\n    return 0\n"}))
    await deps.config.set_value("assistant.toolSet", "core", "session")

    async def prelude():
        return "the spoken words: total forgets every price"

    await run_main_loop(_turn("", mode="acceptEdits", source="explicit", prelude=prelude), ports)

    assert "the spoken words: total forgets every price" in model.requests[1].last_user_text


async def test_with_the_core_set_a_file_edit_after_definition_rewrite_ran_is_made():
    buggy = "def total(prices):\n    return sum(prices[:-1])\n"
    edit = Call("file_edit", {"path": "calc.py", "old": "sum(prices[:-1])", "new": "sum(prices)"})
    deps, model, ports = await _setup([Call("definition_rewrite", {"path": "calc.py", "name": "total"})],
                                      "no code", "no code", "no code", "no code", [edit], "Fixed total.",
                                      files=FakeFiles({"/workspace/calc.py": buggy}))
    await deps.config.set_value("assistant.toolSet", "core", "session")

    await run_main_loop(_turn("total skips the last price", mode="acceptEdits", source="explicit"), ports)

    assert "change it with file_edit" in list(model.requests[5].tool_results().values())[0]
    assert await deps.files.read_text("/workspace/calc.py") == "def total(prices):\n    return sum(prices)\n"


async def test_with_the_full_set_a_file_edit_inside_a_function_is_made():
    edit = Call("file_edit", {"path": "calc.py", "old": "sum(prices[:-1])", "new": "sum(prices)"})
    deps, model, ports = await _setup([edit], "Fixed.",
                                      files=FakeFiles({"/workspace/calc.py": "def total(prices):\n"
                                                                             "    return sum(prices[:-1])\n"}))

    await run_main_loop(_turn("total skips the last price", mode="acceptEdits", source="explicit"), ports)

    assert await deps.files.read_text("/workspace/calc.py") == "def total(prices):\n    return sum(prices)\n"


async def test_with_the_full_set_a_reply_showing_code_is_the_answer():
    shown = "Write it so:\n```python\ndef total(prices):\n    return sum(prices)\n```"
    deps, model, ports = await _setup(shown)

    result = await run_main_loop(_turn("how would total look?", mode="acceptEdits", source="explicit"), ports)

    assert result.answer == shown and len(model.requests) == 1


async def test_the_full_set_never_offers_definition_rewrite():
    deps, model, ports = await _setup("ok")

    await run_main_loop(_turn(mode="acceptEdits", source="explicit"), ports)

    assert "definition_rewrite" not in model.requests[0].tool_names and "file_edit" in model.requests[0].tool_names


async def test_an_unknown_window_keeps_the_full_set():
    deps, model, ports = await _setup("ok")

    await run_main_loop(_turn(mode="acceptEdits", source="explicit"), ports)

    assert "spawn_agent" in model.requests[0].tool_names and "todo_write" in model.requests[0].tool_names


async def test_a_reply_of_empty_markup_is_asked_once_for_an_answer():
    deps, model, ports = await _setup("<tools></tools>", "a.py prints a greeting.")

    result = await run_main_loop(_turn("what does a.py do?"), ports)

    assert result.answer == "a.py prints a greeting."
    assert model.requests[1].last_user_text.startswith("Your reply had no words in it and called no tool.")


async def test_a_turn_the_model_ends_without_a_word_says_so():
    deps, model, ports = await _setup([Call("file_read", {"path": "a.py"})], "", "<tools></tools>")

    result = await run_main_loop(_turn("what does a.py do?"), ports)

    assert model.requests[2].last_user_text.startswith("Your reply had no words in it and called no tool.")
    assert result.answer == "The model ended the turn without an answer, after 1 tool call (file_read)."
    assert (await deps.session.entries())[-1].text == result.answer
