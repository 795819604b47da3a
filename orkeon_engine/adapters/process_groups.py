"""The process groups Orkeon's commands run in, kept while they run, so that Orkeon ending stops them too.

Every shell call and check runs in a session of its own (adapters/subprocess_shell.py), so a stop of its
command can kill the whole group: the shell, what it runs and what it left in the background. The same
separation means a signal that ends Orkeon never reaches them: a test runner stuck in a loop then runs on
after Orkeon, for ever. So each group is recorded here while it runs; `stop_all` kills every one still
recorded, at the interpreter's exit and, through `stop_on_signals`, on SIGTERM or SIGHUP (an editor stopping
its language server, a closed terminal, a harness's time limit) before the process ends with 128 + the
signal's number.

A signal can land while a command starts: after its process exists, before its group is recorded. Then the
group would be unknown to `stop_all` and the command would outlive Orkeon; so a start runs inside `spawning()`,
and a stop signal that lands there waits until the start has recorded its group (or failed), then stops
everything as it would have.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import threading
from collections.abc import Iterator

_LIVE: set[int] = set()
_LOCK = threading.RLock()
"""Re-entrant: the signal handler runs on the main thread, maybe while that thread holds it."""
_RECEIVED: list[int] = []
"""The stop signal taken, if one was: a server whose loop swallows SystemExit (pygls's) still ends with its code."""
_STARTING = [0]
"""How many commands are starting: spawned or about to be, their groups not yet recorded."""
_DEFERRED: list[int] = []
"""A stop signal that landed while a command was starting, to be acted on once none is."""


def started(pid: int) -> None:
    """A command's process group (led by `pid`) is running."""
    with _LOCK:
        _LIVE.add(pid)


def ended(pid: int) -> None:
    """That group was stopped or ended by itself."""
    with _LOCK:
        _LIVE.discard(pid)


@contextlib.contextmanager
def spawning() -> Iterator[None]:
    """Around a command's start, up to `started` (or the start's failure): a stop signal that lands inside is
    acted on when the last start in progress leaves, so the group it has to kill is recorded by then."""
    with _LOCK:
        _STARTING[0] += 1
    try:
        yield
    finally:
        due = None
        with _LOCK:
            _STARTING[0] -= 1
            if _STARTING[0] == 0 and _DEFERRED:
                due = _DEFERRED[0]
                _DEFERRED.clear()
        if due is not None:
            _stop_and_leave(due, None)


def live() -> frozenset[int]:
    with _LOCK:
        return frozenset(_LIVE)


def stop_all() -> None:
    """Kill every recorded group still running (a group already gone is passed over)."""
    with _LOCK:
        pids = list(_LIVE)
        _LIVE.clear()
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)


def stop_on_signals() -> None:
    """On SIGTERM or SIGHUP: stop every recorded group, then end with 128 + the signal (from the main thread
    only, where Python runs signal handlers)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _stop_and_leave)


def received_signal() -> int | None:
    """The SIGTERM or SIGHUP `stop_on_signals` took, if one came."""
    return _RECEIVED[0] if _RECEIVED else None


def _stop_and_leave(signum: int, _frame: object) -> None:
    if not _RECEIVED:
        _RECEIVED.append(signum)
    if _STARTING[0]:  # a command is starting: its group is not recorded yet (the module docstring)
        _DEFERRED.append(signum)
        return
    stop_all()
    raise SystemExit(128 + signum)


atexit.register(stop_all)
