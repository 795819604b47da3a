import io
import os
import sys
from pathlib import Path

import pytest

from orkeon_engine.adapters.system_clipboard import OSC52_MAX_BYTES, SystemClipboard, osc52
from orkeon_engine.ports.clipboard import ClipboardError


class FakeTerminal(io.StringIO):
    def __init__(self, tty: bool = True) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def _program(folder: Path, name: str, exit_code: int = 0) -> Path:
    """A stand-in for a clipboard program: it writes what it reads to <name>.txt beside it."""
    script = folder / name
    script.write_text(f"#!{sys.executable}\nimport sys\nopen({str(folder / (name + '.txt'))!r}, 'wb')"
                      f".write(sys.stdin.buffer.read())\nsys.exit({exit_code})\n")
    script.chmod(0o755)
    return script


def _which(folder: Path):
    return lambda name: str(folder / name) if (folder / name).exists() else None


async def test_under_wayland_wl_copy_takes_the_text(tmp_path):
    _program(tmp_path, "wl-copy")
    clipboard = SystemClipboard({"WAYLAND_DISPLAY": "wayland-0"}, FakeTerminal(), "linux", _which(tmp_path))

    way = await clipboard.copy("déjà vu")

    assert way == "wl-copy" and (tmp_path / "wl-copy.txt").read_text(encoding="utf-8") == "déjà vu"


async def test_a_failing_program_gives_way_to_the_next_and_then_to_the_terminal(tmp_path):
    _program(tmp_path, "xclip", exit_code=1)
    terminal = FakeTerminal()
    clipboard = SystemClipboard({"DISPLAY": ":0"}, terminal, "linux", _which(tmp_path))

    way = await clipboard.copy("hello")

    assert way.startswith("the terminal (OSC 52") and terminal.getvalue() == "\x1b]52;c;aGVsbG8=\x07"


async def test_inside_tmux_the_escape_is_wrapped_to_pass_through():
    assert osc52(b"hi", inside_tmux=True) == "\x1bPtmux;\x1b\x1b]52;c;aGk=\x07\x1b\\"


async def test_with_no_program_and_no_terminal_it_says_what_would_work(tmp_path):
    clipboard = SystemClipboard({}, FakeTerminal(tty=False), "linux", _which(tmp_path))

    with pytest.raises(ClipboardError, match="no clipboard: no clipboard program .* install wl-copy"):
        await clipboard.copy("hello")


async def test_a_text_too_large_for_osc_52_is_refused_with_its_size(tmp_path):
    clipboard = SystemClipboard({}, FakeTerminal(), "linux", _which(tmp_path))

    with pytest.raises(ClipboardError, match="more than a terminal takes through OSC 52"):
        await clipboard.copy("x" * (OSC52_MAX_BYTES + 1))


async def test_a_program_is_tried_only_when_its_session_is_there(tmp_path):
    _program(tmp_path, "wl-copy")
    _program(tmp_path, "pbcopy")

    assert SystemClipboard({}, None, "linux", _which(tmp_path)).programs() == []
    assert [name for name, _ in SystemClipboard({}, None, "darwin", _which(tmp_path)).programs()] == ["pbcopy"]
    assert os.path.basename(SystemClipboard({"WAYLAND_DISPLAY": "w"}, None, "linux",
                                            _which(tmp_path)).programs()[0][1][0]) == "wl-copy"
