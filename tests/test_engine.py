import asyncio

import pytest

from orkeon_engine.bootstrap import build_engine
from orkeon_engine.commands.catalogue import CATALOGUE
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import ArgSpec
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.engine import BadArguments, CommandEntry, Engine, Failed, NotConfigured, Ok
from orkeon_engine.ports.ui import UserInterface
from tests.support.deps import make_deps
from tests.support.doubles.fake_child_runtime import FakeChildRuntime
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.doubles.fake_usage_ledger import FakeUsageLedger
from tests.support.scripted_chat_model import Call, ScriptedChatModel
from tests.support.stub_openai_server import StubOpenAIServer


def _ui(logger=None):
    return UserInterface(FakeHumanInput(), FakeProgress(), logger or FakeLogger())


async def _engine(tmp_path, **kw):
    return await build_engine(tmp_path, _ui(kw.pop("logger", None)), env={"XDG_CONFIG_HOME": str(tmp_path / "xdg")},
                              **kw)


async def test_a_command_runs_to_a_view(tmp_path):
    engine = await _engine(tmp_path)

    result = await engine.run("status", [])

    assert isinstance(result, Ok) and "version" in result.render()
    engine.close()


async def test_bad_arguments_come_back_typed_with_the_usage(tmp_path):
    engine = await _engine(tmp_path)

    result = await engine.run("mode", ["plan", "extra"])

    assert isinstance(result, BadArguments) and result.usage.startswith("/mode")
    engine.close()


async def test_an_unknown_command_is_bad_arguments(tmp_path):
    engine = await _engine(tmp_path)

    result = await engine.run("frobnicate", [])

    assert isinstance(result, BadArguments) and "unknown command /frobnicate" in result.message
    engine.close()


async def test_a_failing_command_is_a_failed_result_with_one_line(tmp_path):
    (tmp_path / ".orkeon").mkdir()
    (tmp_path / ".orkeon" / "config.json").write_text("{nope")
    engine = await _engine(tmp_path)

    result = await engine.run("config", ["get", "model"])

    assert isinstance(result, Failed)
    assert result.message.startswith(str(tmp_path / ".orkeon" / "config.json") + ": invalid JSON")
    engine.close()


async def test_a_session_is_saved_and_can_be_resumed(tmp_path):
    first = await _engine(tmp_path)
    await first.run("mode", ["plan"])
    first.close()

    resumed = await _engine(tmp_path, resume=first.session_id)
    result = await resumed.run("mode", ["show"])

    assert result.render().endswith("mode: plan (session)")
    resumed.close()


async def test_each_start_continues_the_workspaces_current_session(tmp_path):
    first = await _engine(tmp_path)
    first.close()

    second = await _engine(tmp_path)

    assert second.session_id == first.session_id
    second.close()


async def test_a_start_with_new_session_opens_another_once_the_current_one_held_a_turn(tmp_path):
    first = await _engine(tmp_path)
    await first.deps.session.append(BufferEntry("user", "hi"))
    first.close()

    second = await _engine(tmp_path, new_session=True)

    assert second.session_id != first.session_id
    second.close()


async def test_the_saved_sessions_are_offered_as_choices(tmp_path):
    first = await _engine(tmp_path)
    await first.deps.session.append(BufferEntry("user", "hello"))
    first.close()
    second = await _engine(tmp_path, new_session=True)

    offered = await second.choices("sessions")

    # A session with no turn yet (the new one) holds nothing to resume: it is not offered.
    assert [choice.value for choice in offered] == [first.session_id] != [second.session_id]
    second.close()


async def test_the_command_names_are_offered_as_choices_and_an_unknown_source_is_refused():
    engine = Engine(await make_deps(), CATALOGUE, lambda: None)

    names = [choice.value for choice in await engine.choices("commands")]

    assert names == sorted(entry.name for entry in CATALOGUE)
    with pytest.raises(ValueError, match="known: sessions, commands"):
        await engine.choices("branches")


def test_not_configured_renders_its_message():
    assert NotConfigured("set a model").render() == "set a model"


def _crew_catalogue(work):
    """The catalogue (its /tasks included) and one crew command running `work`."""
    return (*CATALOGUE, CommandEntry("slow-crew", "dev", "A crew for the test.", ArgSpec(), work, launches_crew=True))


async def test_a_crew_command_runs_as_a_task_the_registry_lists():
    async def work(args, deps):
        return CommandView(message="crew done")

    deps = await make_deps()
    engine = Engine(deps, _crew_catalogue(work), lambda: None)

    result = await engine.run("slow-crew", [])

    assert isinstance(result, Ok) and result.view.message == "crew done"
    assert [(r.command, r.state) for r in deps.tasks.records()] == [("slow-crew", "done")]


async def test_a_crew_that_fails_is_a_failed_task():
    async def work(args, deps):
        raise CommandFailedError("the model is away")

    deps = await make_deps()
    engine = Engine(deps, _crew_catalogue(work), lambda: None)

    result = await engine.run("slow-crew", [])

    assert isinstance(result, Failed)
    assert (deps.tasks.records()[0].state, deps.tasks.records()[0].detail) == ("failed", "the model is away")


async def test_tasks_stop_ends_a_running_crew_with_a_failed_result():
    started = asyncio.Event()

    async def work(args, deps):
        started.set()
        await asyncio.Event().wait()

    deps = await make_deps()
    engine = Engine(deps, _crew_catalogue(work), lambda: None)
    crew = asyncio.create_task(engine.run("slow-crew", []))
    await started.wait()

    await engine.run("tasks", ["stop", "t1"])

    result = await crew
    assert isinstance(result, Failed) and result.message == "/slow-crew was stopped (t1, stopped by /tasks stop)"
    assert deps.tasks.records()[0].state == "cancelled"


async def test_a_command_that_launches_no_crew_is_no_task():
    deps = await make_deps()
    engine = Engine(deps, _crew_catalogue(None), lambda: None)

    await engine.run("version", [])

    assert deps.tasks.records() == []


async def test_the_findings_of_a_review_are_kept_in_the_workspaces_state(tmp_path):
    from orkeon_engine.domain.review.findings import Finding

    finding = Finding("app.py", 2, 2, "x = 1", "low", "tests", "untested", "")
    engine = await _engine(tmp_path)
    await engine.findings.publish([finding])
    engine.close()

    reopened = await _engine(tmp_path)

    assert await reopened.findings.findings() == (finding,)
    assert reopened.repository_root == reopened.deps.workspace.root  # not a git repository: the workspace
    reopened.close()


async def test_session_settings_are_set_for_this_session_only(tmp_path):
    engine = await _engine(tmp_path)

    problems = await engine.apply_session_settings({"model": "openai/tiny"}, mode="plan")
    status = (await engine.run("status", [])).render()

    assert problems == []
    assert "openai/tiny (from session)" in status and "plan (session)" in status
    engine.close()


async def test_a_refused_session_setting_is_reported_and_left_at_its_default(tmp_path):
    engine = await _engine(tmp_path)
    await engine.apply_session_settings({"model": "openai/tiny"})

    problems = await engine.apply_session_settings({"model": 3, "nope": 1}, mode="reckless")
    model = (await engine.run("config", ["get", "model"])).render()

    assert len(problems) == 3
    assert "model: 3 is not accepted" in problems[0] and "unknown settings key 'nope'" in problems[1]
    assert problems[2].startswith("mode: unknown mode 'reckless'")
    assert "openai/tiny" not in model
    engine.close()


async def test_a_none_session_setting_unsets_it(tmp_path):
    engine = await _engine(tmp_path)
    await engine.apply_session_settings({"model": "openai/tiny"})

    await engine.apply_session_settings({"model": None})

    assert "openai/tiny" not in (await engine.run("status", [])).render()
    engine.close()


async def test_the_output_folder_is_under_the_local_state(tmp_path):
    engine = await _engine(tmp_path)

    assert engine.output_dir == tmp_path.resolve() / ".orkeon" / "local" / "output"
    engine.close()


def test_the_catalogue_is_listed_without_an_engine():
    from orkeon_engine.commands.catalogue import CATALOGUE
    from orkeon_engine.engine import command_catalogue

    assert command_catalogue() == CATALOGUE


async def _run_ask(args, deps):
    return CommandView(message=await deps.require_llm().complete("Be brief.", "hello"))


ASK = CommandEntry("ask", "status", "Ask the model (a test command).", ArgSpec(), _run_ask)


async def test_a_commands_model_call_goes_through_litellm_and_is_recorded_under_the_command(tmp_path):
    with StubOpenAIServer([{"content": "hi", "usage": {"prompt_tokens": 40, "completion_tokens": 4}}]) as stub:
        env = {"XDG_CONFIG_HOME": str(tmp_path / "xdg"), "ORKEON_MODEL": "openai/stub-model",
               "ORKEON_API_BASE": stub.url}
        built = await build_engine(tmp_path, _ui(), env=env)
        engine = Engine(built.deps, [*built.commands, ASK], built.close)

        answer = await engine.run("ask", [])

    usage = (await engine.run("usage", [])).render()
    engine.close()
    assert isinstance(answer, Ok) and answer.view.message == "hi"
    assert "model openai/stub-model" in usage and "command /ask" in usage and "unknown" in usage


async def test_a_command_needing_a_model_without_one_is_not_configured(tmp_path):
    built = await _engine(tmp_path)
    engine = Engine(built.deps, [*built.commands, ASK], built.close)

    result = await engine.run("ask", [])

    assert isinstance(result, NotConfigured) and "orkeon config set model" in result.message
    engine.close()


async def test_a_crews_model_calls_count_on_its_task_and_in_the_sessions_ledger():
    async def work(args, deps):
        return CommandView(message=await deps.require_llm().complete("Be brief.", "hello"))

    ledger = FakeUsageLedger()
    deps = await make_deps(chat_model=ScriptedChatModel(["hi"]), ledger=ledger)
    engine = Engine(deps, _crew_catalogue(work), lambda: None)

    await engine.run("slow-crew", [])

    assert deps.tasks.records()[0].tokens == 120
    assert [record.command for record in ledger.records] == ["slow-crew"]


async def test_advisor_judges_the_assistants_last_answer_and_the_next_turn_sees_it_as_advice():
    model = ScriptedChatModel(["parser.py:40 reads the header.", "1. parser.py:40 has no test.",
                               "A test would go in test_parser.py."])
    deps = await make_deps(chat_model=model)
    engine = Engine(deps, CATALOGUE, lambda: None)
    await engine.run("assistant", ["fix", "the", "parser"])

    advised = await engine.run("advisor", [])
    await engine.run("assistant", ["apply", "the", "advice"])

    assert isinstance(advised, Ok) and advised.view.lines == ("1. parser.py:40 has no test.",)
    assert "parser.py:40 reads the header." in model.requests[1].last_user_text
    assert "[advice] 1. parser.py:40 has no test." in model.requests[2].last_user_text
    assert [r.command for r in deps.tasks.records()] == ["assistant", "advisor", "assistant"]


async def test_a_spawn_from_a_crew_names_the_crews_run_as_the_childs_parent():
    model = ScriptedChatModel([Call("spawn_agent", {"brief": "look at a.py", "background": True}), "started",
                               "a.py is fine"])
    runtime = FakeChildRuntime()
    deps = await make_deps(chat_model=model, child_runtime=runtime)
    engine = Engine(deps, CATALOGUE, lambda: None)
    await engine.run("assistant", ["have", "a.py", "checked"])

    ended = await engine.wait_for_children()

    assert [(r.label, r.parent, r.report) for r in ended] == [("c1", "/assistant (t1)", "a.py is fine")]


async def test_the_engine_tells_its_listeners_when_a_child_ends():
    deps = await make_deps(chat_model=ScriptedChatModel(["done"]), child_runtime=FakeChildRuntime())
    engine = Engine(deps, CATALOGUE, lambda: None)
    heard = []
    engine.on_child_end(heard.append)
    await deps.children.spawn("general", "look", mode="plan", tools=["file_read"])
    running = engine.running_children()

    await engine.wait_for_children()

    assert running == (1,) and [r.state for r in heard] == ["done"]


async def test_a_line_of_free_text_is_a_request_to_the_assistant(tmp_path):
    engine = await _engine(tmp_path)

    tokens = engine.line_tokens("  what's in /src?  ")

    assert tokens == ["assistant", "what's in /src?"]
    engine.close()


async def test_a_slash_line_is_the_command_and_its_tokens_and_free_text_commands_keep_the_rest(tmp_path):
    engine = await _engine(tmp_path)

    assert engine.line_tokens('/config set model "openai/x y"') == ["config", "set", "model", "openai/x y"]
    assert engine.line_tokens("/assistant don't stop") == ["assistant", "don't stop"]
    assert engine.line_tokens("") == []
    engine.close()


async def test_the_permission_mode_follows_mode(tmp_path):
    engine = await _engine(tmp_path)
    before = await engine.permission_mode()

    await engine.run("mode", ["plan"])

    assert (before, await engine.permission_mode()) == ("default", "plan")
    engine.close()


async def test_the_conversation_is_the_live_buffer_without_the_archive(tmp_path):
    from orkeon_engine.domain.session.history import archived
    from orkeon_engine.domain.session.session import BufferEntry

    engine = await _engine(tmp_path)
    await engine.deps.session.append(archived(BufferEntry("user", "old")), BufferEntry("user", "hi"),
                                     BufferEntry("assistant", "hello"))

    entries = await engine.conversation()

    assert [(e.role, e.text) for e in entries] == [("user", "hi"), ("assistant", "hello")]
    engine.close()


def _loaded(model, api_base):
    return f"loaded for {model} at {api_base}"


async def test_the_model_client_is_loaded_while_idle_only_when_a_model_is_configured():
    without = Engine(await make_deps(), CATALOGUE, lambda: None, load_model_client=_loaded)
    configured = Engine(await make_deps(env={"ORKEON_MODEL": "openai/gpt-4o-mini"}), CATALOGUE, lambda: None,
                        load_model_client=_loaded)

    assert await without.model_client_loader() is None
    assert (await configured.model_client_loader())() == "loaded for openai/gpt-4o-mini at None"


async def test_model_preload_false_keeps_the_model_client_unloaded_while_idle():
    deps = await make_deps(env={"ORKEON_MODEL": "openai/gpt-4o-mini"})
    await deps.config.set_value("model.preload", "false", "session")
    engine = Engine(deps, CATALOGUE, lambda: None, load_model_client=_loaded)

    assert await engine.model_client_loader() is None
