"""The `orkeon` command line, run as a person runs it: a real process in a real folder."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest


def _run(args, cwd, stdin=None, extra_env=None, timeout=120):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_")}
    env["XDG_CONFIG_HOME"] = str(cwd / ".xdg")
    env.update(extra_env or {})
    return subprocess.run([sys.executable, "-m", "orkeon_engine.cli", *args], cwd=cwd, input=stdin,
                          capture_output=True, text=True, env=env, timeout=timeout)


@pytest.fixture
def folder(tmp_path):
    work = tmp_path / "plain"
    work.mkdir()
    return work


def test_status_works_in_a_folder_that_is_not_a_git_repository(folder):
    done = _run(["status"], folder)

    assert done.returncode == 0
    assert "not a git repository" in done.stdout
    assert "limited:" in done.stdout


def test_config_keys_lists_the_keys(folder):
    done = _run(["config", "keys"], folder)

    assert done.returncode == 0
    assert "model.apiBase" in done.stdout


def test_a_broken_project_config_gets_a_one_line_error_naming_the_file(folder):
    (folder / ".orkeon").mkdir()
    (folder / ".orkeon" / "config.json").write_text('{"model": ')

    done = _run(["config", "get", "model"], folder)

    assert done.returncode == 1
    assert done.stderr.strip().count("\n") == 0
    assert str(folder / ".orkeon" / "config.json") in done.stderr
    assert "Traceback" not in done.stderr
    assert (folder / ".orkeon" / "config.json").read_text() == '{"model": '


def test_bad_arguments_exit_2_with_the_usage(folder):
    done = _run(["config", "--frob"], folder)

    assert done.returncode == 2
    assert "unknown flag --frob" in done.stderr and "usage: /config" in done.stderr


def test_config_set_user_writes_the_users_file(folder):
    done = _run(["config", "set", "model", "openai/gpt-4o-mini", "--user"], folder)

    written = json.loads((folder / ".xdg" / "orkeon" / "config.json").read_text())
    assert done.returncode == 0 and written == {"model": "openai/gpt-4o-mini"}


def test_the_interactive_prompt_takes_commands_until_end_of_input(folder):
    done = _run([], folder, stdin="/help\n/mode plan\n/mode\nfix the bug\n")

    assert done.returncode == 0
    assert "/status" in done.stdout and "/config" in done.stdout
    assert "mode: plan (session)" in done.stdout
    assert "no model is configured" in done.stderr


def test_an_unknown_global_option_exits_2(folder):
    done = _run(["--frob"], folder)

    assert done.returncode == 2 and "unknown option --frob" in done.stderr


def test_resuming_an_unknown_session_says_so(folder):
    done = _run(["--resume", "nope", "status"], folder)

    assert done.returncode == 1 and "no saved session has the id 'nope'" in done.stderr


def test_catalogue_prints_the_commands_as_json_without_touching_the_folder(folder):
    done = _run(["catalogue", "--format", "json"], folder)

    assert done.returncode == 0
    assert "status" in [c["name"] for c in json.loads(done.stdout)["commands"]]
    assert not (folder / ".orkeon").exists()


def test_catalogue_format_vscode_prints_the_extension_manifest(folder):
    done = _run(["catalogue", "--format=vscode"], folder)

    assert done.returncode == 0
    assert json.loads(done.stdout)["contributes"]["commands"]


def test_catalogue_with_an_unknown_format_exits_2_naming_the_formats(folder):
    done = _run(["catalogue", "--format", "yaml"], folder)

    assert done.returncode == 2
    assert "accepted: json, vscode" in done.stderr


def test_prompts_render_writes_every_prompt_in_every_mode(folder):
    done = _run(["prompts", "render", "out"], folder)

    names = sorted(p.name for p in (folder / "out").iterdir())
    assert done.returncode == 0, done.stderr
    assert "main-loop-plan.md" in names and "main-loop-default.md" in names and "memory-extraction.md" in names
    assert "dev-spec.md" in names and "dev-change-reproduction.md" in names and "dev-review-spec.md" in names
    assert (folder / "out" / "main-loop-plan.md").read_text().startswith("=== system ===\n# Orkeon")


def test_prompts_without_render_dir_exits_2(folder):
    done = _run(["prompts"], folder)

    assert done.returncode == 2 and "prompts render DIR" in done.stderr
def test_status_runs_without_importing_litellm(folder):
    code = ("import sys; from orkeon_engine.cli import main; main(['status']); "
            "print('litellm imported:', 'litellm' in sys.modules)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_")}
    env.update(XDG_CONFIG_HOME=str(folder / ".xdg"), ORKEON_MODEL="openai/gpt-4o-mini")

    done = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, env=env,
                          timeout=60)

    assert done.returncode == 0 and "openai/gpt-4o-mini" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "litellm imported: False"


@pytest.mark.parametrize(("tokens", "code", "expected"), [
    (["debug-tool-call", "list"], 0, "file_read"),
    (["debug-tool-call", "list_mounts"], 0, "gate: allowed"),
    (["model"], 0, "No model is configured"),
    (["hooks"], 0, "none is declared"),
    (["skills"], 0, "No skill is attached"),
    (["agents"], 0, "dev-reviewer"),
    (["export"], 1, "nothing to export"),
    (["tasks"], 0, "No crew and no child agent has run in this session yet."),
    (["advisor"], 1, "no answer to judge yet"),
])
def test_the_status_settings_and_session_commands_answer_from_the_command_line(folder, tokens, code, expected):
    done = _run(tokens, folder)

    assert done.returncode == code, done.stderr
    assert expected in (done.stdout if code == 0 else done.stderr)
    assert "Traceback" not in done.stderr


def test_free_text_at_the_prompt_runs_a_turn_of_the_assistant_against_the_model(folder):
    from tests.support.stub_openai_server import StubOpenAIServer

    (folder / "a.py").write_text("print('a')\n")
    script = [{"tool_calls": [{"name": "file_read", "arguments": {"path": "a.py"}}], "content": None},
              {"content": "a.py prints the letter a."}]
    with StubOpenAIServer(script) as stub:
        done = _run([], folder, stdin="what does a.py do? don't guess\n",
                    extra_env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})
        requests = list(stub.requests)

    assert done.returncode == 0, done.stderr
    assert "a.py prints the letter a." in done.stdout
    assert "mode: default, the default, as no mode is set" in done.stdout
    assert len(requests) == 2 and "what does a.py do? don't guess" in requests[0]["messages"][1]["content"]


def test_each_tool_call_is_an_action_line_on_stderr_and_the_steps_show_only_with_verbose(folder):
    from tests.support.stub_openai_server import StubOpenAIServer

    (folder / "a.py").write_text("print('a')\n")
    read = {"tool_calls": [{"name": "file_read", "arguments": {"path": "a.py"}}], "content": None}
    answer = {"content": "a.py prints the letter a."}
    runs = []
    for flags in ([], ["--verbose"]):
        with StubOpenAIServer([read, answer]) as stub:
            runs.append(_run([*flags, "assistant", "what does a.py do?"], folder,
                             extra_env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url}))
    quiet, verbose = runs

    assert quiet.returncode == 0 and verbose.returncode == 0, quiet.stderr + verbose.stderr
    assert "• Read a.py (1 line)" in quiet.stderr.splitlines()
    assert "step " not in quiet.stderr and "model call" not in quiet.stderr  # the crew's bookkeeping is not shown
    assert quiet.stdout.splitlines()[0] == "mode: default, the default, as no mode is set"
    assert "a.py prints the letter a." in quiet.stdout.splitlines() and "•" not in quiet.stdout  # as scripts read
    assert "assistant: step 4 of 7: flags: the defaults" in verbose.stderr
    assert "so far; 2 model calls, 1 tool call" in verbose.stderr
    assert verbose.stdout == quiet.stdout


def test_a_line_ending_with_a_backslash_goes_on_and_the_lines_are_one_request(folder):
    from tests.support.stub_openai_server import StubOpenAIServer

    with StubOpenAIServer([{"content": "Done."}]) as stub:
        done = _run([], folder, stdin="rename the helper \\\n  and keep its callers\n",
                    extra_env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})
        requests = list(stub.requests)

    assert done.returncode == 0, done.stderr
    assert len(requests) == 1
    assert "## The request\n\nrename the helper \n  and keep its callers" in requests[0]["messages"][1]["content"]


def test_read_input_joins_the_continued_lines_with_the_continuation_prompt():
    from orkeon_engine.cli import CONTINUATION_PROMPT, PROMPT, read_input

    typed = iter(["first \\", "second\\", "third"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(typed)

    assert read_input(read) == "first \nsecond\nthird"
    assert prompts == [PROMPT, CONTINUATION_PROMPT, CONTINUATION_PROMPT]


# --- child agents ---------------------------------------------------------------------------------------

SPAWN_IN_THE_BACKGROUND = {"tool_calls": [{"name": "spawn_agent", "arguments": {
    "brief": "Check that every public function of a.py has a test", "charter": "dev-reviewer",
    "background": True}}], "content": None}


def test_one_command_waits_for_the_child_it_started_in_the_background_and_prints_its_report(folder):
    from tests.support.stub_openai_server import StubOpenAIServer

    (folder / "a.py").write_text("def f():\n    return 1\n")
    with StubOpenAIServer([SPAWN_IN_THE_BACKGROUND], default={"echo": True}) as stub:
        done = _run(["assistant", "have a.py reviewed"], folder, timeout=180,
                    extra_env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})
        listed = _run(["tasks"], folder)

    assert done.returncode == 0, done.stderr
    report = done.stdout[done.stdout.index("── c1 dev-reviewer done ("):]
    assert "Check that every public function of a.py has a test" in report
    assert "c1  dev-reviewer  done" in listed.stdout


def test_a_child_whose_process_was_killed_shows_as_interrupted_after_a_restart(folder):
    from tests.support.stub_openai_server import StubOpenAIServer

    spawn = {"tool_calls": [{"name": "spawn_agent", "arguments": {"brief": "Review a.py", "charter": "dev-reviewer"}}],
             "content": None}
    with StubOpenAIServer([spawn], default={"hang": 60}) as stub:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_")}
        env.update({"XDG_CONFIG_HOME": str(folder / ".xdg"), "ORKEON_MODEL": "openai/stub-model",
                    "ORKEON_API_BASE": stub.url})
        process = subprocess.Popen([sys.executable, "-m", "orkeon_engine.cli", "assistant", "review a.py"],
                                   cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            _until(lambda: len(stub.requests) >= 2)  # the child's first call is in flight
        finally:
            process.kill()
            process.wait(timeout=30)
        listed = _run(["tasks"], folder, extra_env={"COLUMNS": "300"})  # one line a row, however long

    row = next(line for line in listed.stdout.splitlines() if line.startswith("c1 "))
    assert "interrupted" in row and "the Orkeon process that ran it ended before it did" in row


def _until(condition, seconds=120.0):
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition did not hold in time"
        time.sleep(0.05)


def test_at_the_prompt_a_background_childs_report_arrives_while_the_prompt_waits_for_a_line(folder):
    import queue
    import threading

    from tests.support.stub_openai_server import StubOpenAIServer

    (folder / "a.py").write_text("def f():\n    return 1\n")
    with StubOpenAIServer([SPAWN_IN_THE_BACKGROUND], default={"echo": True}) as stub:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_")}
        env.update({"XDG_CONFIG_HOME": str(folder / ".xdg"), "ORKEON_MODEL": "openai/stub-model",
                    "ORKEON_API_BASE": stub.url})
        process = subprocess.Popen([sys.executable, "-m", "orkeon_engine.cli"], cwd=folder, env=env, text=True,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        lines: queue.Queue[str] = queue.Queue()
        reader = threading.Thread(target=lambda: [lines.put(line) for line in process.stdout], daemon=True)
        reader.start()
        seen: list[str] = []
        try:
            process.stdin.write("have a.py reviewed in the background\n")
            process.stdin.flush()
            while not any("── c1 dev-reviewer done" in line for line in seen):
                seen.append(lines.get(timeout=120))
            process.stdin.close()
            code = process.wait(timeout=60)
        finally:
            process.kill()
    reader.join(timeout=30)
    while not lines.empty():
        seen.append(lines.get())

    assert code == 0
    assert any("Check that every public function of a.py has a test" in line for line in seen)


def test_help_imports_nothing_of_the_engine_but_the_command_line(folder):
    code = ("import sys; from orkeon_engine.cli import main; main(['--help']); "
            "print('loaded:', sorted(m for m in sys.modules if m.startswith('orkeon_engine.')"
            " and m != 'orkeon_engine.cli' or m in ('asyncio', 'pydantic', 'litellm', 'httpx')))")

    done = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=60)

    assert done.returncode == 0 and "usage: orkeon" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "loaded: []"


def test_an_assistant_turn_against_a_server_that_never_answers_ends_at_the_first_byte_deadline(folder):
    from tests.support.silent_server import SilentServer

    assert _run(["config", "set", "llm.firstByteSeconds", "2", "--user"], folder).returncode == 0
    with SilentServer() as silent:
        began = time.monotonic()
        done = _run(["assistant", "hi"], folder, extra_env={"ORKEON_MODEL": "openai/stub-model",
                                                              "ORKEON_API_BASE": silent.url}, timeout=60)
        took = time.monotonic() - began

    said = [line for line in done.stderr.splitlines() if line.startswith("orkeon: ")]
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert len(said) == 1 and silent.url in said[0] and "llm.firstByteSeconds is 2" in said[0] and "hung" in said[0]
    assert f"waiting for {silent.url}" in done.stderr  # the wait was shown while it lasted
    assert took < 30


def test_ctrl_c_cancels_a_turn_waiting_for_its_first_byte_at_once(folder):
    from tests.support.silent_server import SilentServer

    env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_")}
    env.update(XDG_CONFIG_HOME=str(folder / ".xdg"), ORKEON_MODEL="openai/stub-model")
    with SilentServer() as silent:
        env["ORKEON_API_BASE"] = silent.url
        process = subprocess.Popen([sys.executable, "-m", "orkeon_engine.cli", "assistant", "hi"], cwd=folder,
                                   env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 60
            while not silent.accepted and time.monotonic() < deadline:  # the call is out, and waits
                time.sleep(0.05)
            assert silent.accepted, "the call never reached the server"
            time.sleep(0.3)
            process.send_signal(signal.SIGINT)
            began = time.monotonic()
            _, stderr = process.communicate(timeout=30)
            took = time.monotonic() - began
        finally:
            if process.poll() is None:
                process.kill()

    assert process.returncode == 130 and "cancelled" in stderr and "Traceback" not in stderr
    assert took < 3


def test_status_builds_only_what_it_reads(folder):
    code = ("import sys; from orkeon_engine.cli import main; main(['status']); "
            "heavy = ('pydantic', 'httpx', 'litellm', 'jedi', 'tree_sitter', 'orkeon_engine.services.act', "
            "'orkeon_engine.services.children', 'orkeon_engine.tools', 'orkeon_engine.crews', "
            "'orkeon_engine.commands.session', 'orkeon_engine.domain.model.act', "
            "'orkeon_engine.domain.ui.action_lines', "
            "'orkeon_engine.domain.checks.turn_checks', 'orkeon_engine.domain.checks.check_commands', "
            "'orkeon_engine.domain.permissions.rule_sets', 'orkeon_engine.domain.permissions.rules', "
            "'orkeon_engine.domain.permissions.shell', 'orkeon_engine.domain.context.request_material', "
            "'orkeon_engine.domain.model_replies.prompt_tool_protocol', 'orkeon_engine.adapters.tree_sitter_symbols', "
            "'orkeon_engine.adapters.local_model_server', 'difflib', 'tempfile', 'shutil', "
            "'orkeon_engine.domain.model.local_model', 'orkeon_engine.adapters.gitpython_repo', "
            "'orkeon_engine.adapters.sqlite_children_store', 'orkeon_engine.domain.agents.children', "
            "'orkeon_engine.domain.model.chat', 'orkeon_engine.domain.model.pricing', "
            "'orkeon_engine.domain.model.structured_output', "
            "'orkeon_engine.domain.session.history', 'orkeon_engine.domain.session.tasks', "
            "'orkeon_engine.ports.files', "
            "'orkeon_engine.ports.shell', 'orkeon_engine.domain.model.model_wait', "
            "'orkeon_engine.domain.code_index.answers', "
            "'orkeon_engine.services.context_window'); "
            "print('loaded:', sorted(h for h in heavy if any(m == h or m.startswith(h + '.') for m in sys.modules)))")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_")}
    env.update(XDG_CONFIG_HOME=str(folder / ".xdg"))
    repository = folder / "repository"
    repository.mkdir()
    subprocess.run(["git", "init", "-q", str(repository)], check=True, timeout=60)

    for workspace in (folder, repository):  # a git repository's status opens no repository either
        done = subprocess.run([sys.executable, "-c", code], cwd=workspace, capture_output=True, text=True,
                              env=env, timeout=60)

        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().splitlines()[-1] == "loaded: []"


def test_sigterm_stops_a_turn_as_ctrl_c_does_and_the_check_it_was_running_with_it(folder):
    """A harness's time limit or a `kill` sends SIGTERM: the check the turn started in its own process group
    (here `make test`, sleeping in the background) must not outlive Orkeon."""
    from tests.support.processes import gone
    from tests.support.silent_server import SilentServer

    (folder / "pyproject.toml").write_text("[project]\nname = 'tiny'\n")
    (folder / "Makefile").write_text("test:\n\tsleep 300 & echo $$! > sleeping.pid; wait\n")
    config = folder / ".xdg" / "orkeon"
    config.mkdir(parents=True)
    (config / "config.json").write_text(json.dumps({"permissions": {"allow": ["shell_command(make test:*)"]}}))
    env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_")}
    env.update(XDG_CONFIG_HOME=str(folder / ".xdg"), ORKEON_MODEL="openai/stub-model")
    with SilentServer() as silent:
        env["ORKEON_API_BASE"] = silent.url
        process = subprocess.Popen([sys.executable, "-m", "orkeon_engine.cli", "assistant", "fix the failing tests"],
                                   cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 60
            while not (folder / "sleeping.pid").exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert (folder / "sleeping.pid").exists(), "the check never started"
            time.sleep(0.2)
            sleeping = int((folder / "sleeping.pid").read_text())
            process.send_signal(signal.SIGTERM)
            _, stderr = process.communicate(timeout=30)
        finally:
            if process.poll() is None:
                process.kill()

    assert process.returncode == 128 + signal.SIGTERM and "Traceback" not in stderr and "cancelled" in stderr
    assert gone(sleeping)
