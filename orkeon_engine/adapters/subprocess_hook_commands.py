"""SubprocessHookCommands: the HookCommands port over `bash --noprofile --norc -c`, in its own process
group, so a hook's timeout stops the hook and everything it started."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from orkeon_engine.adapters.subprocess_shell import bash_command, bash_path, quiet_environment
from orkeon_engine.domain.extensions.hooks import HookRun
from orkeon_engine.domain.secrets.secret_masking import mask_secrets

MAX_OUTPUT_CHARS = 20_000
REAP_SECONDS = 2.0


class SubprocessHookCommands:
    """Runs each hook in the workspace root with the environment the model's commands get (scrubbed of
    every credential by the caller), plus ORKEON_PROJECT_DIR; what it prints is masked of the secret values
    of the environments in `mask_from`."""

    def __init__(self, root: Path, env: Mapping[str, str] | None = None,
                 mask_from: Sequence[Mapping[str, str]] = ()) -> None:
        self._root = root
        self._env = {**quiet_environment(env), "ORKEON_PROJECT_DIR": str(root)}
        self._mask_from = [self._env, os.environ, *mask_from]
        self._bash = bash_path()

    async def run(self, command: str, stdin: str, timeout: float) -> HookRun:
        try:
            process = await asyncio.create_subprocess_exec(
                *bash_command(command, self._bash), cwd=self._root, env=self._env, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        except OSError as error:
            return HookRun(None, error=f"cannot start {self._bash} in {self._root}: {error.strerror or error}")
        try:
            out, err = await asyncio.wait_for(process.communicate(stdin.encode("utf-8")), timeout)
        except TimeoutError:
            _stop_group(process.pid)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), REAP_SECONDS)
            return HookRun(None, timed_out=True)
        except BaseException:  # a cancelled turn stops its hook too
            _stop_group(process.pid)
            raise
        _stop_group(process.pid)  # whatever it left in the background goes with it
        return HookRun(process.returncode, self._shown(out), self._shown(err))

    def _shown(self, data: bytes) -> str:
        text = data.decode("utf-8", errors="replace")
        if len(text) > MAX_OUTPUT_CHARS:
            text = text[:MAX_OUTPUT_CHARS] + "\n[... output cut ...]"
        return mask_secrets(text, self._mask_from)


def _stop_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
