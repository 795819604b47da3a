"""A command that starts as Orkeon is stopped does not outlive it.

The attack: a command the model runs (or a repository's hook, or its test suite) starts a process in the
background, and Orkeon is stopped just then: an editor stopping its language server, a closed terminal, Ctrl-C.
Every command runs in a process group of its own, so the signal that stops Orkeon never reaches it; it lives on
only if Orkeon does not know its group yet, which it did not between the command's start and its group's record.
Both ways a stop arrives are tested at that moment: a SIGTERM to the server (the signal waits for the record) and
a cancel (Ctrl-C in the terminal: the whole group is killed, not only the shell, and the cancel does not wait
for the background process).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
from typing import Any

import pytest

from orkeon_engine.adapters import process_groups
from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from tests.support.processes import gone
from tests.support.stopped_commands import BACKGROUND, SERVER, STARTS_THEN, run_server, sleeping_pid


def test_sigterm_while_the_command_starts_still_stops_it(tmp_path):
    script = STARTS_THEN.format(then="os.kill(os.getpid(), signal.SIGTERM)") + SERVER
    process = run_server(script, tmp_path)
    try:
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()

    sleeping = sleeping_pid(tmp_path)
    assert process.returncode == 128 + signal.SIGTERM and "Traceback" not in stderr, stderr
    assert gone(sleeping)


async def test_a_cancel_while_the_command_starts_stops_its_whole_group(tmp_path, monkeypatch):
    shell = SubprocessShell(tmp_path, {"PATH": os.environ["PATH"]})
    popen = subprocess.Popen.__init__

    def started_then_cancelled(self: subprocess.Popen[bytes], *args: Any, **kwargs: Any) -> None:
        popen(self, *args, **kwargs)  # the shell runs and has started `sleep`; its group is not recorded yet
        sleeping_pid(tmp_path)
        running.cancel()  # Ctrl-C in the terminal

    monkeypatch.setattr(subprocess.Popen, "__init__", started_then_cancelled)
    running = asyncio.ensure_future(shell.run(BACKGROUND, 600))

    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(running, 30)

    assert gone(sleeping_pid(tmp_path)) and process_groups.live() == frozenset()

