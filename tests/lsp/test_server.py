"""The server's command line and its protocol's repairs."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest
from lsprotocol import types

from orkeon_lsp.server import OrkeonServer, build_server, parse_tcp
from tests.support.lsp_loopback import connected
from tests.support.lsp_session import server_env


def test_no_arguments_is_stdio_and_tcp_takes_host_and_port():
    assert parse_tcp([]) is None
    assert parse_tcp(["--tcp", "127.0.0.1:2087"]) == ("127.0.0.1", 2087)
    assert parse_tcp(["--tcp=localhost:9000"]) == ("localhost", 9000)


@pytest.mark.parametrize("argv", [["--tcp"], ["--tcp", "2087"], ["--tcp", "h:port"], ["--tcp", "h:70000"],
                                  ["--stdio", "x"]])
def test_other_arguments_are_refused(argv):
    with pytest.raises(ValueError):
        parse_tcp(argv)


def test_the_built_server_registers_every_feature():
    server = build_server()

    assert {"initialize", "shutdown", "workspace/didChangeConfiguration", "textDocument/didOpen",
            "textDocument/didChange", "textDocument/didClose", "window/workDoneProgress/cancel"} <= set(
        server.protocol.fm.features)
    assert "orkeon.status" in server.protocol.fm.commands


def test_the_path_to_initialize_imports_nothing_heavy(tmp_path):
    code = (
        "import sys\n"
        "from orkeon_lsp.server import build_server\n"
        "build_server()\n"
        "heavy = ('litellm', 'tree_sitter', 'jedi', 'git', 'pydantic', 'sqlite3', 'orkeon_engine.bootstrap',\n"
        "         'orkeon_engine.engine', 'orkeon_engine.commands', 'orkeon_engine.services')\n"
        "print(sorted(name for name in heavy if name in sys.modules))\n"
    )

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=server_env(tmp_path),
                          timeout=60)

    assert done.stdout.strip() == "[]", done.stderr


def test_the_idle_server_with_its_engine_built_loads_neither_hashlib_nor_shutil_nor_difflib(tmp_path):
    """Issue 48's idle floor: hashlib (OpenSSL's constructors), shutil (zlib, bz2, lzma) and difflib cost
    1.2 MB the idle server does not need; they load on their first use."""
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    code = (
        "import asyncio, sys\n"
        "from pathlib import Path\n"
        "from orkeon_lsp.server import build_server\n"
        "build_server()\n"
        "from orkeon_engine.bootstrap import build_engine\n"
        "from orkeon_engine.ports.ui import UserInterface\n"
        "from tests.support.doubles.fake_human_input import FakeHumanInput\n"
        "from tests.support.doubles.fake_logger import FakeLogger\n"
        "from tests.support.doubles.fake_progress import FakeProgress\n"
        "ui = UserInterface(FakeHumanInput(), FakeProgress(), FakeLogger())\n"
        f"engine = asyncio.run(build_engine(Path({str(workspace)!r}), ui))\n"
        "print(sorted(name for name in ('hashlib', 'shutil', 'difflib') if name in sys.modules))\n"
        "engine.close()\n"
    )

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env=server_env(tmp_path, XDG_STATE_HOME=str(tmp_path / "state")))  # a bound, not a budget

    assert done.stdout.strip() == "[]", done.stderr


async def test_a_handler_still_running_at_shutdown_is_cancelled_and_the_finished_ones_are_forgotten(tmp_path):
    server = OrkeonServer()
    release = asyncio.Event()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)  # pygls runs it under its own generator: two futures
    async def slow(ls: OrkeonServer, params: types.DidOpenTextDocumentParams) -> None:
        await release.wait()

    @server.feature("orkeon/quick")
    async def quick(ls: OrkeonServer, params: object) -> None:
        return None

    async with connected(server, tmp_path) as client:
        for _ in range(20):
            client.protocol.notify("orkeon/quick", {})
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem("file:///repo/a.py", "python", 1, "x = 1\n")))
        for _ in range(50):
            await asyncio.sleep(0)
        kept = len(server.protocol._request_futures)
    # leaving the block sends shutdown: pygls cancels the slow one while it walks its futures

    assert kept == 2
