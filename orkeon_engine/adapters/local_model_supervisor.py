"""The local model's supervisor: a small detached process that runs llama-server for every workspace of this
user, and is the one that stops it.

`python -m orkeon_engine.adapters.local_model_supervisor FOLDER BINARY MODEL ALIAS IDLE_MINUTES` (started by
adapters/local_model_server.py, which holds the start lock meanwhile) detaches from its starter (so it
outlives the command that started it, and no starter keeps it as a zombie), picks a free loopback port, and
records itself in FOLDER/server.json, the lock file: its pid, the port, the model, its state. Then:

- it starts llama-server and waits for its /health (state `starting`, then `ready`);
- when llama-server ends by itself, it starts it once more on the same port (state `restarting`); a second
  end is recorded as `crashed`, with the exit code and the log, and the supervisor ends: the next model
  call says so, once (adapters/local_model_server.py);
- when FOLDER/last-call (touched at every model call) is older than IDLE_MINUTES, or on SIGTERM
  (`orkeon model local --stop`), it stops llama-server, removes the lock file and ends.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from orkeon_engine.adapters.llama_server_process import LlamaServerProcess, free_port
from orkeon_engine.domain.model.local_model import LocalModelError, ServerRecord, idle_expired

RECORD = "server.json"
LAST_CALL = "last-call"
SERVER_LOG = "server.log"
POLL_SECONDS = 0.5
MAX_RESTARTS = 1
MAX_THREADS = 8


class _Stop(Exception):
    """SIGTERM: stop llama-server and end."""


def _stop(*_: object) -> None:
    raise _Stop


def write_record(folder: Path, record: ServerRecord) -> None:
    """The lock file, written whole (a temporary file renamed over it)."""
    temporary = folder / f".{RECORD}.{os.getpid()}"
    temporary.write_text(record.to_json(), encoding="utf-8")
    temporary.replace(folder / RECORD)


def remove_own_record(folder: Path, pid: int) -> None:
    """Remove the lock file when it is still this supervisor's (a newer one may have replaced it)."""
    path = folder / RECORD
    try:
        record = ServerRecord.from_json(path.read_text(encoding="utf-8"))
    except OSError:
        return
    if record is None or record.pid == pid:
        path.unlink(missing_ok=True)


def last_call(folder: Path) -> float:
    try:
        return (folder / LAST_CALL).stat().st_mtime
    except OSError:
        return 0.0


def supervise(folder: Path, binary: Path, model: Path, alias: str, idle_minutes: float) -> int:
    """Run llama-server as the module docstring says; 0 when stopped on purpose, 1 after its crashes."""
    pid = os.getpid()
    log = folder / SERVER_LOG
    record = ServerRecord(pid, free_port(), str(model), "starting", log=str(log))
    write_record(folder, record)
    (folder / LAST_CALL).touch()
    restarts = 0
    try:
        while True:
            server = LlamaServerProcess(binary, model, log, port=record.port, alias=alias, threads=threads())
            try:
                failure = _serve(folder, server, record, idle_minutes)
            finally:
                server.stop()
            if failure is None:
                remove_own_record(folder, pid)
                return 0
            if restarts >= MAX_RESTARTS:
                write_record(folder, _with(record, "crashed", restarts, failure))
                return 1
            restarts += 1
            record = _with(record, "restarting", restarts, failure)
            write_record(folder, record)
    except _Stop:
        remove_own_record(folder, pid)
        return 0


def _serve(folder: Path, server: LlamaServerProcess, record: ServerRecord, idle_minutes: float) -> str | None:
    """Start and watch one llama-server: None once stopped for idleness, else why it ended."""
    try:
        server.start()
    except LocalModelError as error:
        return str(error)
    write_record(folder, _with(record, "ready", record.restarts, record.note))
    while True:
        time.sleep(POLL_SECONDS)
        code = server.exit_code()
        if code is not None:
            return f"llama-server ended (exit {code}); its log is {server.log}"
        if idle_expired(last_call(folder), time.time(), idle_minutes):
            return None


def threads() -> int:
    """The threads llama-server computes with: the machine's cores, at most MAX_THREADS."""
    return max(1, min(os.cpu_count() or 2, MAX_THREADS))


def _with(record: ServerRecord, state: str, restarts: int, note: str) -> ServerRecord:
    return ServerRecord(record.pid, record.port, record.model, state, restarts, note, record.log)


def _detach() -> None:
    """Become a child of init in a session of its own: the starter reaps the first process at once."""
    if hasattr(os, "fork"):
        if os.fork() > 0:
            os._exit(0)
        os.setsid()


def main(argv: list[str]) -> int:
    folder, binary, model, alias, idle = argv
    _detach()
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    return supervise(Path(folder), Path(binary), Path(model), alias, float(idle))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
