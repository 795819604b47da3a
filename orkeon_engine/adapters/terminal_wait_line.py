"""TerminalWaitLine: the model call's waiting line on the command line (UserInterface.waiting).

On a terminal it is one line of stderr rewritten in place as the seconds grow, and erased once the first
byte comes; when stderr is not a terminal (a pipe, a log) a line is written only every REPEAT_SECONDS of
wait, so a log shows the wait without a line a second.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

REPEAT_SECONDS = 15.0
ERASE = "\r\x1b[K"


class TerminalWaitLine:
    def __init__(self, out: TextIO | None = None, tty: bool | None = None) -> None:
        self._out = out
        self._tty = tty
        self._shown = False
        self._last_line = float("-inf")

    def __call__(self, text: str | None) -> None:
        out = self._out or sys.stderr
        try:
            tty = self._tty if self._tty is not None else out.isatty()
            if tty:
                if text is not None:
                    out.write(f"{ERASE}… {text}")
                elif self._shown:
                    out.write(ERASE)
                self._shown = text is not None
            elif text is not None and time.monotonic() - self._last_line >= REPEAT_SECONDS:
                out.write(f"… {text}\n")
                self._last_line = time.monotonic()
            out.flush()
        except (OSError, ValueError):  # the terminal is gone: nothing to show
            pass
