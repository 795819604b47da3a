"""End to end: the real `orkeon` prompt in a pseudo-terminal (pexpect), drawn as a person sees it (rich and
prompt_toolkit), the model played by the loopback stub: a request shows each tool call as one action line
and none of the crew's steps, a permission question shows its diff and takes an answer, Ctrl-C cancels the
running turn and keeps the session, Up recalls a line typed in an earlier session (its history kept in the
user's state folder, not in the repository), and Tab completes `/mo` to `/mode` and `/mode ac` to
`acceptEdits`.
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pexpect
import pytest

from tests.support.orkeon_cli import orkeon_env
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import make_repo

PROMPT = "orkeon>"
UP = "\x1b[A"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")


class Terminal:
    """`orkeon` in a pseudo-terminal of 120 columns; `seen(pattern)` is the screen's text up to it."""

    def __init__(self, workspace: Path, home: Path, api_base: str) -> None:
        env = orkeon_env(home, api_base, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(sys.executable, ["-m", "orkeon_engine.cli"], cwd=str(workspace), env=env,
                                   encoding="utf-8", dimensions=(40, 120), timeout=90)
        self._raw = ""
        self._read = 0
        """How much of the text (escape sequences taken out) the test has seen."""
        self.seen(PROMPT)

    @property
    def transcript(self) -> str:
        return ANSI.sub("", self._raw)

    def seen(self, pattern: str, timeout: float = 90) -> str:
        """What was drawn from the last thing seen until `pattern` (a regular expression) shows, escape
        sequences taken out (a word drawn in bold reads as the word); TimeoutError with the text when it
        does not show."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            text = self.transcript
            found = regex.search(text, self._read)
            if found is not None:
                shown, self._read = text[self._read:found.end()], found.end()
                return shown
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{pattern!r} did not show; after the last thing seen:\n{text[self._read:]}")
            try:
                self._raw += self.child.read_nonblocking(65536, timeout=min(left, 1.0))
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                raise TimeoutError(f"orkeon ended before {pattern!r}:\n{text[self._read:]}") from None

    def type(self, keys: str) -> None:
        self.child.send(keys)

    def close(self) -> None:
        """Ctrl-D at the next prompt (typed before it, the terminal would take it as its own end of line)."""
        if self.child.isalive():
            self.seen(PROMPT, timeout=30)
            self.child.sendcontrol("d")
            self.child.expect(pexpect.EOF, timeout=30)
        self.child.close()


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "app", {"a.py": "PORT = 8000\nprint(PORT)\n"})


def _terminal(workspace: Path, tmp_path: Path, stub: StubOpenAIServer) -> Iterator[Terminal]:
    terminal = Terminal(workspace, tmp_path / "home", stub.url)
    try:
        yield terminal
    finally:
        terminal.close()


def test_a_request_shows_each_tool_call_as_one_line_and_none_of_the_crews_steps(workspace, tmp_path):
    script = [{"tool_calls": [{"name": "file_read", "arguments": {"path": "a.py"}},
                              {"name": "codebase_search", "arguments": {"query": "PORT"}}], "content": None},
              {"content": "The port is **8000**, set in `a.py`."}]
    with StubOpenAIServer(script) as stub:
        for terminal in _terminal(workspace, tmp_path, stub):
            terminal.type("where is the port set?\r")
            read = terminal.seen(r"Read a\.py \(2 lines\)")
            searched = terminal.seen(r'Search "PORT" → \d+ hits?')
            answer = terminal.seen(r"The port is 8000, set in a\.py\.")  # Markdown drawn: no ** nor backticks
            terminal.seen(r"tool calls?, 2 model calls")

    assert "•" in read and searched
    assert answer.splitlines()[-1].strip() == "The port is 8000, set in a.py."  # drawn, not raw Markdown
    assert not re.search(r"step \d of 7|turn \d: ", terminal.transcript), terminal.transcript


def test_a_permission_question_shows_the_edits_diff_and_takes_the_answer(workspace, tmp_path):
    script = [{"tool_calls": [{"name": "file_edit", "arguments": {"path": "a.py", "old": "PORT = 8000",
                                                                   "new": "PORT = 9000"}}], "content": None},
              {"content": "The port is 9000 now."}]
    with StubOpenAIServer(script) as stub:
        for terminal in _terminal(workspace, tmp_path, stub):
            terminal.type("set the port to 9000\r")
            question = terminal.seen(r"choose 1-4: ")
            terminal.type("1\r")
            edited = terminal.seen(r"Edit a\.py \+1 −1")
            terminal.seen(r"The port is 9000 now\.")

    assert "Allow once" in question and "-PORT = 8000" in question and "+PORT = 9000" in question
    assert "Edit a.py +1 −1" in edited
    assert (workspace / "a.py").read_text(encoding="utf-8") == "PORT = 9000\nprint(PORT)\n"


def test_ctrl_c_cancels_the_running_turn_and_the_session_goes_on(workspace, tmp_path):
    script = [{"hang": 60}, {"content": "Still here."}]
    with StubOpenAIServer(script) as stub:
        for terminal in _terminal(workspace, tmp_path, stub):
            terminal.type("think about it for a long time\r")
            terminal.seen(r"assistant · \d+s")  # the spinner, with the elapsed time
            _until(lambda: len(stub.requests) == 1)  # the model is thinking: the hanging step is taken
            terminal.child.sendintr()
            cancelled = terminal.seen(r"cancelled")
            terminal.seen(PROMPT)
            terminal.type("are you there?\r")
            answered = terminal.seen(r"Still here\.")
            assert terminal.child.isalive()

    assert "cancelled" in cancelled and "Still here." in answered
    assert len(stub.requests) == 2  # the cancelled call was not sent again


def _until(ready: Callable[[], bool], timeout: float = 30) -> None:
    """Wait until `ready()` (AssertionError when `timeout` passes first)."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < deadline, "the stub never got the request"
        time.sleep(0.05)


def test_up_recalls_a_line_typed_in_an_earlier_session(workspace, tmp_path):
    with StubOpenAIServer([]) as stub:
        for first in _terminal(workspace, tmp_path, stub):
            first.type("/config get model.temperature\r")
            first.seen(r"model\.temperature is unset")
        for second in _terminal(workspace, tmp_path, stub):
            second.type(UP)
            recalled = second.seen(r"/config get model\.temperature")
            second.type("\r")
            second.seen(r"model\.temperature is unset")

    assert "/config get model.temperature" in recalled
    kept = list((tmp_path / "home" / "state" / "orkeon" / "history").iterdir())
    assert len(kept) == 1 and "/config get model.temperature" in kept[0].read_text(encoding="utf-8")
    assert not any("history" in path.name for path in (workspace / ".orkeon").rglob("*"))  # never in the repo


def test_tab_completes_a_command_and_a_mode_name(workspace, tmp_path):
    with StubOpenAIServer([]) as stub:
        for terminal in _terminal(workspace, tmp_path, stub):
            terminal.type("/mo\t")
            terminal.seen(r"/mod")  # the part /mode and /model share
            terminal.type("\t")
            terminal.seen(r"/mode")
            terminal.type(" ac\t")
            terminal.seen(r"acceptEdits")
            terminal.type("\r")
            done = terminal.seen(r"mode: acceptEdits \(session\)")

    assert "mode: acceptEdits (session)" in done
