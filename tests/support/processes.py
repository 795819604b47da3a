"""Whether a process still runs, for the tests that check a stopped command left nothing behind."""

from __future__ import annotations

import time


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, ended and not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def gone(pid: int, seconds: float = 5.0) -> bool:
    """Whether `pid` has ended, waiting up to `seconds` for it."""
    deadline = time.monotonic() + seconds
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not alive(pid)
