"""End to end: the `orkeon` prompt under a pty, the model played by the loopback stub: a pasted text of
several lines is one request, a line ending with a backslash goes on, and /copy sends the last answer to
the terminal's clipboard (OSC 52) when no clipboard program is there. In the editor, /copy returns the
answer for the client to copy."""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path

from tests.support.lsp_session import run_command
from tests.support.orkeon_cli import STUB_MODEL, orkeon_env
from tests.support.pty_cli import PROMPT, PtyOrkeon
from tests.support.stub_openai_server import StubOpenAIServer

ANSWER = "Both lines arrived."


def _request(request: dict) -> str:
    return next(m["content"] for m in request["messages"] if m["role"] == "user")


def test_a_paste_and_a_continued_line_are_one_request_each_and_copy_reaches_the_terminal(tmp_path: Path):
    workspace = tmp_path / "ws"
    (workspace / ".orkeon").mkdir(parents=True)
    with StubOpenAIServer([{"content": ANSWER}, {"content": "Joined."}]) as stub:
        env = orkeon_env(tmp_path, stub.url, TERM="xterm", PATH=os.environ["PATH"])
        for name in ("DISPLAY", "WAYLAND_DISPLAY", "TMUX"):
            env.pop(name, None)
        prompt = PtyOrkeon(workspace, env)
        try:
            prompt.expect(PROMPT)
            prompt.paste("explain this:\ndef f(:\n    pass")
            answered = prompt.expect(PROMPT)[0]
            prompt.send("rename it \\")
            prompt.expect(re.compile(r"\.\.\. "))
            prompt.send("and keep its callers")
            prompt.expect(PROMPT)
            copied = prompt.command("/copy")
        finally:
            prompt.close()
        requests = list(stub.requests)

    assert ANSWER in answered and len(requests) == 2
    assert "## The request\n\nexplain this:\ndef f(:\n    pass" in _request(requests[0])
    assert "## The request\n\nrename it \nand keep its callers" in _request(requests[1])
    assert f"\x1b]52;c;{base64.b64encode(b'Joined.').decode()}\x07" in copied
    assert "Copied the last answer (7 characters) to the clipboard through the terminal (OSC 52" in copied


async def test_in_the_editor_copy_returns_the_last_answer(start_server):
    with StubOpenAIServer([{"content": ANSWER}]) as stub:
        client = await start_server(env={"ORKEON_MODEL": STUB_MODEL, "ORKEON_API_BASE": stub.url})
        await run_command(client, "assistant", "say something")
        copied = await run_command(client, "copy")

    assert copied["data"] == {"text": ANSWER, "copied": False}
    assert copied["lines"] == [ANSWER]
