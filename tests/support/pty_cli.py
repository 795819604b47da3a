"""The real interactive `orkeon` prompt under a pseudo-terminal, for the end-to-end tests that answer its
questions as a person at the keyboard does.

`PtyOrkeon(workspace, env)` starts `python -m orkeon_engine.cli --plain` with a pty as its stdin, stdout and
stderr (so it believes a person is there and asks; --plain keeps the plain text and line prompt these tests
read, tests/e2e/test_terminal_session.py drives the drawn one); `expect(pattern)` reads until the pattern
shows and returns the text before it and the match; `send(line)` types a line. The reading never sleeps: it
waits on the pty.
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

PROMPT = re.compile(r"orkeon> ")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")


class PtyOrkeon:
    """One `orkeon` prompt on a pty (the module docstring)."""

    def __init__(self, workspace: Path, env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        self.process = subprocess.Popen([sys.executable, "-m", "orkeon_engine.cli", "--plain"], cwd=workspace,
                                        env=env, stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
                                        close_fds=True)
        os.close(slave)
        self._master = master
        self._pending = ""
        self.transcript = ""

    def expect(self, pattern: re.Pattern[str], timeout: float = 60.0) -> tuple[str, re.Match[str]]:
        """The text before the first match of `pattern` in what is still unread, and the match; raises
        TimeoutError with the unread text when it does not show in time or the process ends."""
        deadline = time.monotonic() + timeout
        while True:
            found = pattern.search(self._pending)
            if found is not None:
                before = self._pending[:found.start()]
                self._pending = self._pending[found.end():]
                return before, found
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self._master], [], [], max(left, 0))
            if not ready:
                raise TimeoutError(f"{pattern.pattern!r} did not show; unread:\n{self._pending[-3000:]}")
            try:
                chunk = os.read(self._master, 65536).decode("utf-8", errors="replace")
            except OSError:
                chunk = ""
            if not chunk:
                raise TimeoutError(f"orkeon ended before {pattern.pattern!r}; unread:\n{self._pending[-3000:]}")
            clean = ANSI.sub("", chunk)
            self._pending += clean
            self.transcript += clean

    def send(self, line: str) -> None:
        os.write(self._master, (line + "\n").encode("utf-8"))

    def paste(self, text: str) -> None:
        """Paste `text` as a terminal does when the program asked for bracketed paste, then press Enter."""
        os.write(self._master, b"\x1b[200~" + text.encode("utf-8") + b"\x1b[201~\r")

    def command(self, line: str) -> str:
        """Type a line and wait for the prompt after it; what it printed."""
        self.send(line)
        return self.expect(PROMPT)[0]

    def close(self) -> None:
        """Leave as Ctrl-D does, then make sure the process is gone."""
        try:
            os.write(self._master, b"\x04")
            self.process.wait(timeout=20)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        finally:
            os.close(self._master)
