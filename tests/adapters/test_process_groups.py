"""The process groups of running commands are recorded, and stopped when Orkeon ends: at exit, and on SIGTERM or
SIGHUP through `stop_on_signals` (what the language server and the ACP agent install). A stop that lands while
a command starts: tests/security/test_command_start_race.py."""

from __future__ import annotations

import asyncio
import os
import signal

from orkeon_engine.adapters import process_groups
from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from tests.support.processes import gone
from tests.support.stopped_commands import BACKGROUND, SERVER, run_server, sleeping_pid


async def test_a_running_commands_group_is_recorded_and_stop_all_ends_it(tmp_path):
    shell = SubprocessShell(tmp_path, {"PATH": os.environ["PATH"]})
    running = asyncio.create_task(shell.run(BACKGROUND, 600))
    sleeping = await asyncio.to_thread(sleeping_pid, tmp_path)

    assert os.getpgid(sleeping) in process_groups.live()
    process_groups.stop_all()
    result = await asyncio.wait_for(running, 30)

    assert gone(sleeping) and result.exit_code != 0 and process_groups.live() == frozenset()


async def test_a_command_that_ended_is_no_longer_recorded(tmp_path):
    await SubprocessShell(tmp_path, {"PATH": os.environ["PATH"]}).run("true", 30)

    assert process_groups.live() == frozenset()


def test_sigterm_to_a_server_stops_the_command_it_was_running_and_ends_it_with_143(tmp_path):
    process = run_server(SERVER, tmp_path)
    try:
        sleeping = sleeping_pid(tmp_path)
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()

    assert process.returncode == 128 + signal.SIGTERM and "Traceback" not in stderr
    assert gone(sleeping)
