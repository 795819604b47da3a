"""End to end: the transports. Over stdio nothing but framed protocol messages reaches stdout; `--tcp` serves
the same protocol on a socket; bad command-line arguments exit 2 with the usage."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from pygls.uris import from_fs_path

from orkeon_engine import __version__
from tests.support.lsp_session import server_env


def frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def unframe(stream: bytes) -> list[dict[str, Any]]:
    """Every message of a protocol stream; AssertionError on any byte that is not part of a frame."""
    messages = []
    while stream:
        header, separator, rest = stream.partition(b"\r\n\r\n")
        assert separator, f"bytes outside a frame: {stream[:80]!r}"
        lines = dict(line.split(b": ", 1) for line in header.split(b"\r\n"))
        assert set(lines) <= {b"Content-Length", b"Content-Type"}, f"not a protocol header: {header[:80]!r}"
        length = int(lines[b"Content-Length"])
        messages.append(json.loads(rest[:length]))
        stream = rest[length:]
    return messages


def session(workspace: Path) -> list[dict[str, Any]]:
    root = from_fs_path(str(workspace))
    return [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": root, "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "workspace/executeCommand",
         "params": {"command": "orkeon.status", "arguments": []}},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]


def _read_frame(stream: Any) -> bytes:
    header = b""
    while not header.endswith(b"\r\n\r\n"):
        byte = stream.read(1)
        assert byte, "the stream ended inside a header"
        header += byte
    length = int(header.split(b"Content-Length: ")[1].split(b"\r\n")[0])
    return header + stream.read(length)


def test_stdio_carries_nothing_but_framed_messages(tmp_path, workspace):
    initialize, initialized, status, shutdown, exit_ = session(workspace)
    server = subprocess.Popen([sys.executable, "-m", "orkeon_lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=server_env(tmp_path))
    server.stdin.write(frame(initialize) + frame(initialized) + frame(status))
    server.stdin.flush()
    seen = b""
    while not any(m.get("id") == 2 and "method" not in m for m in unframe(seen)):
        seen += _read_frame(server.stdout)

    rest, _ = server.communicate(frame(shutdown) + frame(exit_), timeout=60)

    messages = unframe(seen + rest)
    answers = {m["id"]: m for m in messages if "id" in m and "method" not in m}
    assert set(answers) == {1, 2, 3} and server.returncode == 0
    assert "result" in answers[2] and answers[2]["result"]["table"]["rows"][0][0] == "version"


def test_what_is_printed_or_written_by_a_child_goes_to_stderr(tmp_path):
    code = (
        "import os, subprocess, sys\n"
        "from orkeon_lsp.server import protect_stdout\n"
        "out = protect_stdout()\n"
        "print('a print')\n"
        "os.write(1, b'a raw write\\n')\n"
        "subprocess.run([sys.executable, '-c', 'print(\"a child\")'])\n"
        "out.write(b'PROTOCOL')\n"
    )

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=server_env(tmp_path), timeout=60)

    assert done.stdout == b"PROTOCOL"
    assert b"a print" in done.stderr and b"a raw write" in done.stderr and b"a child" in done.stderr


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _connect(port: int, server: subprocess.Popen[bytes]) -> socket.socket:
    while True:
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=30)
        except ConnectionRefusedError:
            assert server.poll() is None, "the server exited before listening"
            time.sleep(0.05)  # the server is still importing: try again


def _read_answer(connection: socket.socket, wanted_id: int) -> dict[str, Any]:
    buffer = b""
    while True:
        chunk = connection.recv(65536)
        assert chunk, "the connection closed before the answer"
        buffer += chunk
        try:
            messages = unframe(buffer)
        except (AssertionError, ValueError, KeyError):
            continue  # a frame is still arriving
        for message in messages:
            if message.get("id") == wanted_id and "method" not in message:
                return message


def test_tcp_serves_the_protocol_on_a_socket(tmp_path, workspace):
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "orkeon_lsp", "--tcp", f"127.0.0.1:{port}"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=server_env(tmp_path))
    try:
        with _connect(port, server) as connection:
            initialize, _, status, *_ = session(workspace)
            connection.sendall(frame(initialize))
            answer = _read_answer(connection, 1)
            connection.sendall(frame(status))
            status_answer = _read_answer(connection, 2)
    finally:
        server.kill()
        server.wait(timeout=30)

    assert "orkeon.status" in answer["result"]["capabilities"]["executeCommandProvider"]["commands"]
    assert status_answer["result"]["table"]["rows"][0] == ["version", __version__]


def test_bad_arguments_exit_2_with_the_usage(tmp_path):
    done = subprocess.run([sys.executable, "-m", "orkeon_lsp", "--tcp", "nowhere"], capture_output=True,
                          env=server_env(tmp_path), timeout=60)

    assert done.returncode == 2
    assert b"--tcp takes HOST:PORT" in done.stderr and b"usage: orkeon-lsp" in done.stderr


def test_help_and_a_bad_option_write_nothing_on_stdout():
    runs = [subprocess.run([sys.executable, "-m", "orkeon_lsp", *args], capture_output=True, text=True, timeout=60)
            for args in (["--help"], ["--tcp", "nope"])]

    assert [(r.returncode, r.stdout) for r in runs] == [(0, ""), (2, "")]
    assert "usage" in runs[0].stderr.lower() and "--tcp takes HOST:PORT" in runs[1].stderr


def _catches_sigterm(pid: int) -> bool:
    with open(f"/proc/{pid}/status") as status:
        caught = next(line for line in status if line.startswith("SigCgt:")).split()[1]
    return bool(int(caught, 16) & (1 << (signal.SIGTERM - 1)))


@pytest.mark.parametrize("module", ["orkeon_lsp", "orkeon_acp"])
def test_a_server_stopped_by_sigterm_ends_with_143_having_stopped_its_commands(tmp_path, workspace, module):
    """An editor stopping its server sends SIGTERM: the server's handler (adapters/process_groups.py, whose
    stopping of running commands tests/adapters/test_process_groups.py shows) ends it with 128 + 15, also
    from inside pygls's loop, which swallows the exit (the language server is signalled once it answered
    initialize)."""
    server = subprocess.Popen([sys.executable, "-m", module], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=server_env(tmp_path))
    try:
        if module == "orkeon_lsp":
            server.stdin.write(frame(session(workspace)[0]))
            server.stdin.flush()
            assert unframe(_read_frame(server.stdout))[0]["id"] == 1
        deadline = time.monotonic() + 60
        while not _catches_sigterm(server.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        server.send_signal(signal.SIGTERM)
        _, stderr = server.communicate(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()

    assert server.returncode == 128 + signal.SIGTERM and b"Traceback" not in stderr
