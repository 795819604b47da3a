"""End to end: the files pinned to the context, through the real language server and the real command line,
the model played by the loopback stub.

In the editor: /add pins a file (its unsaved buffer is what the turn carries), /read-only pins another
that the model then fails to rewrite (the gate refuses it, unasked), /context lists both with their
tokens, an env file is refused by name, /drop unpins. On the command line one-shot commands pin a file in
the workspace's session and the next request carries it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.uris import from_fs_path

from tests.support.lsp_session import run_command
from tests.support.orkeon_cli import orkeon_env
from tests.support.stub_openai_server import StubOpenAIServer

SCRIPT = [
    {"tool_calls": [{"name": "file_write", "arguments": {"path": "spec.md", "content": "# rewritten\n"}}],
     "content": None},
    {"content": "cart.py follows the spec; the spec is read-only, so I left it."},
]


def _user_text(request: dict[str, Any]) -> str:
    return next(m["content"] for m in request["messages"] if m["role"] == "user")


async def test_pinned_files_reach_the_turn_and_a_read_only_one_is_not_rewritten(start_server, workspace):
    (workspace / "cart.py").write_text("TAX = 0.2\n", encoding="utf-8")
    (workspace / "spec.md").write_text("# The tax is 21%\n", encoding="utf-8")
    (workspace / ".env").write_text("KEY=sk-live-1\n", encoding="utf-8")
    questions: list[Any] = []
    with StubOpenAIServer(SCRIPT) as stub:
        client = await start_server(features={types.WINDOW_SHOW_MESSAGE_REQUEST: lambda p: questions.append(p)},
                                    env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})
        client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=from_fs_path(str(workspace / "cart.py")), language_id="python", version=1,
            text="TAX = 0.2  # unsaved\n")))

        added = await run_command(client, "add", "cart.py")
        read_only = await run_command(client, "read-only", "spec.md")
        with pytest.raises(JsonRpcException) as refused:
            await run_command(client, "add", ".env")
        context = await run_command(client, "context")
        result = await run_command(client, "assistant", "make cart.py follow the spec")
        dropped = await run_command(client, "drop")
        requests = list(stub.requests)

    assert added["message"].startswith("pinned cart.py (editable). 1 file pinned")
    assert read_only["table"]["rows"] == [["cart.py", "editable", added["table"]["rows"][0][2]],
                                          ["spec.md", "read-only", read_only["table"]["rows"][1][2]]]
    assert "refused by the rule *(.env) (rule set secrets)" in refused.value.message
    assert "  cart.py (editable): " in "\n".join(context["lines"])
    assert [f["path"] for f in context["data"]["files"]] == ["/workspace/cart.py", "/workspace/spec.md"]
    body = _user_text(requests[0])
    assert "### /workspace/cart.py (editable)" in body and "TAX = 0.2  # unsaved" in body
    assert "### /workspace/spec.md (read-only)" in body and "# The tax is 21%" in body
    assert "KEY=sk-live-1" not in body
    tool_result = next(m["content"] for m in requests[1]["messages"] if m["role"] == "tool")
    assert "pinned this file read-only" in tool_result and questions == []
    assert (workspace / "spec.md").read_text(encoding="utf-8") == "# The tax is 21%\n"
    assert result["message"].startswith("cart.py follows the spec")
    assert dropped["message"].startswith("dropped cart.py, spec.md.")


def test_on_the_command_line_a_pinned_file_is_in_the_next_request(tmp_path: Path):
    workspace = tmp_path / "ws"
    (workspace / "src").mkdir(parents=True)
    (workspace / "src" / "app.py").write_text("print('hello')\n", encoding="utf-8")
    with StubOpenAIServer([{"content": "It prints hello."}]) as stub:
        env = orkeon_env(tmp_path, stub.url)

        def orkeon(*args: str, cwd: Path = workspace) -> subprocess.CompletedProcess[str]:
            return subprocess.run([sys.executable, "-m", "orkeon_engine.cli", *args], cwd=cwd, env=env,
                                  capture_output=True, text=True, timeout=120)

        (workspace / ".orkeon").mkdir()
        pinned = orkeon("add", "app.py", cwd=workspace / "src")
        outside = orkeon("add", "../../elsewhere.txt", cwd=workspace / "src")
        answer = orkeon("assistant", "what does app.py do?")
        requests = list(stub.requests)

    assert pinned.returncode == 0 and "pinned app.py (editable)" in pinned.stdout
    assert outside.returncode == 1 and "is outside the workspace" in outside.stderr
    assert answer.returncode == 0 and "It prints hello." in answer.stdout
    assert "### /workspace/src/app.py (editable)" in _user_text(requests[0])
