import json
import time

from orkeon_engine.adapters.subprocess_hook_commands import SubprocessHookCommands


async def test_the_hook_reads_the_event_on_stdin_and_its_exit_code_and_streams_come_back(tmp_path):
    hooks = SubprocessHookCommands(tmp_path, {"PATH": "/usr/bin:/bin"})

    run = await hooks.run('python3 -c "import json,sys; e=json.load(sys.stdin); print(e[\'tool_name\']); '
                          'sys.stderr.write(\'why\'); sys.exit(2)"', json.dumps({"tool_name": "file_write"}), 10)

    assert (run.exit_code, run.stdout, run.stderr, run.timed_out) == (2, "file_write\n", "why", False)


async def test_the_hook_runs_in_the_workspace_with_the_project_dir_set(tmp_path):
    hooks = SubprocessHookCommands(tmp_path, {"PATH": "/usr/bin:/bin"})

    run = await hooks.run('pwd; echo "$ORKEON_PROJECT_DIR"', "{}", 10)

    assert run.stdout.split() == [str(tmp_path), str(tmp_path)]


async def test_a_hook_past_its_timeout_is_killed_with_what_it_started(tmp_path):
    hooks = SubprocessHookCommands(tmp_path, {"PATH": "/usr/bin:/bin"})
    started = time.monotonic()

    run = await hooks.run(f"(sleep 1; touch {tmp_path}/late) & sleep 30", "{}", 0.3)

    assert run.timed_out and run.exit_code is None and time.monotonic() - started < 5
    time.sleep(1.5)  # the background part would have written its file by now
    assert not (tmp_path / "late").exists()


async def test_a_secret_the_hook_prints_is_masked(tmp_path):
    hooks = SubprocessHookCommands(tmp_path, {"PATH": "/usr/bin:/bin"},
                                   mask_from=({"OPENAI_API_KEY": "sk-abcdef123456"},))

    run = await hooks.run("echo sk-abcdef123456 >&2; exit 1", "{}", 10)

    assert "sk-abcdef123456" not in run.stderr
