"""SystemClipboard: the Clipboard of the machine the command line runs on. It tries, in order, the
programs the desktop offers (pbcopy on macOS; wl-copy under Wayland; xclip, then xsel, under X11), each
only when its session is there (WAYLAND_DISPLAY, DISPLAY) and the program is on the PATH, and then the
terminal itself: the OSC 52 escape written to the terminal, which most terminal emulators (and tmux, which
gets it wrapped for passing on) put on the clipboard, also over SSH. A terminal that does not support
OSC 52 ignores it silently, so the answer says that the text was sent to the terminal, not that it landed.
"""

from __future__ import annotations

import asyncio
import base64
import subprocess
import sys
from collections.abc import Callable, Mapping
from typing import TextIO

from orkeon_engine.ports.clipboard import ClipboardError

PROGRAM_TIMEOUT = 5.0
OSC52_MAX_BYTES = 100_000
"""The most text sent through OSC 52: terminals cap the escape (xterm at about 100 KB)."""
OSC52_WAY = "the terminal (OSC 52; a terminal that does not support it ignores it)"


def _which(program: str) -> str | None:
    import shutil  # here: the command line builds a clipboard for every command, most never copy

    return shutil.which(program)


class SystemClipboard:
    def __init__(self, env: Mapping[str, str], terminal: TextIO | None = None, platform: str = sys.platform,
                 which: Callable[[str], str | None] | None = None) -> None:
        self._env = env
        self._terminal = terminal
        self._platform = platform
        self._which = which or _which

    def programs(self) -> list[tuple[str, list[str]]]:
        """The programs to try, in order, as (name, argv), among those present for this session."""
        wanted: list[tuple[str, list[str]]] = []
        if self._platform == "darwin":
            wanted.append(("pbcopy", ["pbcopy"]))
        if self._env.get("WAYLAND_DISPLAY"):
            wanted.append(("wl-copy", ["wl-copy"]))
        if self._env.get("DISPLAY"):
            wanted += [("xclip", ["xclip", "-selection", "clipboard"]), ("xsel", ["xsel", "--clipboard", "--input"])]
        found = []
        for name, argv in wanted:
            path = self._which(name)
            if path is not None:
                found.append((name, [path, *argv[1:]]))
        return found

    async def copy(self, text: str) -> str:
        failures: list[str] = []
        for name, argv in self.programs():
            problem = await asyncio.to_thread(_run, argv, text)
            if problem is None:
                return name
            failures.append(f"{name} {problem}")
        if self._terminal is not None and _is_terminal(self._terminal):
            data = text.encode("utf-8")
            if len(data) > OSC52_MAX_BYTES:
                failures.append(f"the text is {len(data):,} bytes, more than a terminal takes through OSC 52 "
                                f"({OSC52_MAX_BYTES:,})")
            else:
                self._terminal.write(osc52(data, inside_tmux=bool(self._env.get("TMUX"))))
                self._terminal.flush()
                return OSC52_WAY
        tried = "; ".join(failures) if failures else "no clipboard program (wl-copy, xclip, xsel, pbcopy) is here"
        raise ClipboardError(f"no clipboard: {tried}, and the output is not a terminal to send OSC 52 to; install "
                             "wl-copy (Wayland) or xclip (X11), or run the prompt in a terminal")


def osc52(data: bytes, inside_tmux: bool = False) -> str:
    """The escape that asks the terminal to put `data` on the clipboard; wrapped for tmux to pass it on."""
    sequence = f"\x1b]52;c;{base64.b64encode(data).decode('ascii')}\x07"
    if inside_tmux:
        return "\x1bPtmux;" + sequence.replace("\x1b", "\x1b\x1b") + "\x1b\\"
    return sequence


def _run(argv: list[str], text: str) -> str | None:
    """Why the program failed, or None when it took the text."""
    try:
        # no pipe but stdin: wl-copy and xclip leave a child serving the selection, which would hold a pipe open
        done = subprocess.run(argv, input=text.encode("utf-8"), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=PROGRAM_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return f"did not finish within {PROGRAM_TIMEOUT:g} s"
    except OSError as error:
        return f"could not start ({error.strerror or error})"
    if done.returncode != 0:
        return f"failed (exit code {done.returncode})"
    return None


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (OSError, ValueError):
        return False
