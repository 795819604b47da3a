"""SupervisedLocalServer: the LocalModelServer port over the supervisor process and its lock file.

One server per user, in FOLDER (the local model's cache folder, `server/`): `server.json` is the lock file the
supervisor (adapters/local_model_supervisor.py) writes, `start.lock` is held (flock) by whoever starts or
stops one, so two workspaces asking at once share one server. A lock file whose supervisor is gone is stale:
it is removed and a new server started. A lock file recording a crash is said once, as the call's failure,
and removed, so the next call starts the server afresh. The blocking work runs in a thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from orkeon_engine.adapters.local_model_files import default_folder
from orkeon_engine.adapters.local_model_supervisor import LAST_CALL, RECORD, last_call
from orkeon_engine.domain.model.local_model import HEALTH_WAIT_SECONDS, LocalModelError, ServerRecord
from orkeon_engine.ports.local_model import LocalServerStatus

SUPERVISOR = "orkeon_engine.adapters.local_model_supervisor"
STOP_WAIT_SECONDS = 15.0


class SupervisedLocalServer:
    def __init__(self, folder: Path | None = None, python: str = sys.executable,
                 wait: float = HEALTH_WAIT_SECONDS) -> None:
        self._given = Path(folder) if folder is not None else None
        self._python = python
        self._wait = wait

    @functools.cached_property
    def _folder(self) -> Path:
        """The folder given, else `server/` in the local model's cache folder (found on first use)."""
        return self._given if self._given is not None else default_folder() / "server"

    async def api_base(self, model_path: str, binary: str, alias: str, idle_minutes: float) -> str:
        return await asyncio.to_thread(self.api_base_now, model_path, binary, alias, idle_minutes)

    async def status(self) -> LocalServerStatus:
        return await asyncio.to_thread(self.status_now)

    async def stop(self) -> bool:
        return await asyncio.to_thread(self.stop_now)

    def api_base_now(self, model_path: str, binary: str, alias: str, idle_minutes: float) -> str:
        with self._start_lock():
            record = self._record()
            if record is not None and record.state == "crashed":
                (self._folder / RECORD).unlink(missing_ok=True)
                raise LocalModelError(f"the local model's server crashed again after its one restart: {record.note}."
                                      " The next model call starts it afresh; `orkeon model local --status` "
                                      "shows how it stands")
            if record is not None and not _alive(record.pid):
                (self._folder / RECORD).unlink(missing_ok=True)  # stale: its supervisor is gone
                record = None
            if record is not None and record.model != model_path:
                self._stop_supervisor(record)  # it serves another model: this one takes its place
                record = None
            if record is None:
                self._start(model_path, binary, alias, idle_minutes)
            ready = self._wait_ready()
            self._touch()
            return ready.api_base

    def status_now(self) -> LocalServerStatus:
        record = self._record()
        called = last_call(self._folder)
        idle = max(time.time() - called, 0.0) if called else None
        return LocalServerStatus(record, record is not None and _alive(record.pid), idle, str(self._folder))

    def stop_now(self) -> bool:
        with self._start_lock():
            record = self._record()
            if record is None:
                return False
            if not _alive(record.pid):
                (self._folder / RECORD).unlink(missing_ok=True)
                return False
            self._stop_supervisor(record)
            return True

    def _record(self) -> ServerRecord | None:
        try:
            text = (self._folder / RECORD).read_text(encoding="utf-8")
        except OSError:
            return None
        record = ServerRecord.from_json(text)
        if record is None:  # torn or foreign: as good as none
            (self._folder / RECORD).unlink(missing_ok=True)
        return record

    def _touch(self) -> None:
        with contextlib.suppress(OSError):
            (self._folder / LAST_CALL).touch()

    def _start(self, model_path: str, binary: str, alias: str, idle_minutes: float) -> None:
        self._touch()
        log = self._folder / "supervisor.log"
        try:
            with open(log, "ab") as output:
                first = subprocess.Popen([self._python, "-m", SUPERVISOR, str(self._folder), binary, model_path,
                                          alias, f"{idle_minutes:g}"], stdout=output, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True)
            first.wait(timeout=30)  # it forks the supervisor and ends at once
        except (OSError, subprocess.TimeoutExpired) as error:
            raise LocalModelError(f"the local model's server could not be started ({error}); see {log}") from None

    def _wait_ready(self) -> ServerRecord:
        deadline = time.monotonic() + self._wait
        seen_starting = time.monotonic()
        while time.monotonic() < deadline:
            record = self._record()
            if record is not None and record.state == "ready" and _alive(record.pid):
                return record
            if record is not None and record.state == "crashed":
                (self._folder / RECORD).unlink(missing_ok=True)
                raise LocalModelError(f"the local model's server could not start, and not after one restart "
                                      f"either: {record.note}")
            if record is None and time.monotonic() - seen_starting > 10:
                raise LocalModelError("the local model's supervisor ended before it recorded the server; see "
                                      f"{self._folder / 'supervisor.log'}")
            if record is not None:
                if not _alive(record.pid):
                    (self._folder / RECORD).unlink(missing_ok=True)
                    raise LocalModelError("the local model's supervisor ended while the server started; see "
                                          f"{self._folder / 'supervisor.log'} and {record.log}")
                seen_starting = time.monotonic()
            time.sleep(0.1)
        raise LocalModelError(f"the local model's server was not ready within {self._wait:.0f} s; its log is "
                              f"{self._folder / 'server.log'} (`orkeon model local --stop` stops it)")

    def _stop_supervisor(self, record: ServerRecord) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(record.pid, signal.SIGTERM)
        deadline = time.monotonic() + STOP_WAIT_SECONDS
        while time.monotonic() < deadline and _alive(record.pid):
            time.sleep(0.1)
        if _alive(record.pid):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(record.pid, signal.SIGKILL)
        (self._folder / RECORD).unlink(missing_ok=True)

    @contextlib.contextmanager
    def _start_lock(self) -> Iterator[None]:
        try:
            import fcntl
        except ImportError:
            raise LocalModelError("serving the local model needs a POSIX system (Linux, macOS); elsewhere, run "
                                  "llama-server yourself and set model.apiBase to it") from None
        try:
            self._folder.mkdir(parents=True, exist_ok=True)
            (self._folder / "start.lock").touch()
        except OSError as error:
            raise LocalModelError(f"the local model's folder {self._folder} cannot be written "
                                  f"({error.strerror or error}): make it writable") from None
        with open(self._folder / "start.lock", "a+b") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


def _alive(pid: int) -> bool:
    """Whether a process of that id runs (a zombie's state is read where /proc tells it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        status = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return True
    return status.rpartition(")")[2].split()[:1] != ["Z"]
