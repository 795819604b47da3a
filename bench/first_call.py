"""The first model call beside the second, in the language server and in the interactive prompt, in one run.

Budget (DESIGN.md): the first model call of the server and of the prompt within 1.2x of the second. litellm
takes seconds to import; both front ends load it in the background once they are idle (the server after
`initialize` has answered, the prompt while it waits for a line), so the person's first request should not
pay for it. Each front end is started against the loopback stub server, whose answer takes
`--model-seconds` (the model's own time); after `--think` seconds (the person opening the editor, or
reading the prompt, before asking anything) the same one-answer request (`orkeon.assistant`, a line at the
prompt) is sent twice. Printed: each call's time, its overhead beside the model's own time, and the ratio
of the first call to the second. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lsp_latency import StdioPeer, compile_project  # noqa: E402  (bench/ is on sys.path as the script's folder)

from tests.support.stub_openai_server import StubOpenAIServer  # noqa: E402

REQUEST = "say hi"
PROMPT = b"orkeon> "
GOAL = 1.2


def _env(workspace: str, api_base: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("ORKEON_")}
    env.update({"XDG_CONFIG_HOME": str(Path(workspace) / ".xdg"), "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                "XDG_STATE_HOME": str(Path(workspace) / ".state"),  # never the person's
                "PYTHONPATH": str(ROOT), "ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": api_base})
    return env


def server_calls(api_base: str, think: float) -> tuple[float, float]:
    """The server's first and second `orkeon.assistant` round trips, after `think` idle seconds."""
    workspace = tempfile.mkdtemp(prefix="orkeon-first-call-")
    peer = StdioPeer([sys.executable, "-m", "orkeon_lsp"], _env(workspace, api_base), workspace)
    try:
        peer.request("initialize", {"processId": os.getpid(), "rootUri": Path(workspace).as_uri(), "capabilities": {}})
        peer.send("initialized", {}, request=False)
        time.sleep(think)
        return _timed_command(peer), _timed_command(peer)
    finally:
        peer.stop()
        shutil.rmtree(workspace, ignore_errors=True)


def _timed_command(peer: StdioPeer) -> float:
    began = time.perf_counter()
    answer = peer.request("workspace/executeCommand", {"command": "orkeon.assistant", "arguments": [REQUEST]})
    elapsed = time.perf_counter() - began
    if "result" not in answer:
        raise RuntimeError(f"orkeon.assistant failed: {answer}")
    return elapsed


def prompt_calls(api_base: str, think: float) -> tuple[float, float]:
    """The prompt's first and second requests, line sent to the next prompt, after `think` idle seconds."""
    workspace = tempfile.mkdtemp(prefix="orkeon-first-call-")
    process = subprocess.Popen([sys.executable, "-m", "orkeon_engine.cli"], cwd=workspace,
                               env=_env(workspace, api_base), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    assert process.stdin is not None and process.stdout is not None
    try:
        _read_to_prompt(process.stdout.fileno())
        time.sleep(think)
        return _timed_line(process), _timed_line(process)
    finally:
        process.stdin.close()
        process.wait(timeout=60)
        shutil.rmtree(workspace, ignore_errors=True)


def _timed_line(process: subprocess.Popen[bytes]) -> float:
    assert process.stdin is not None and process.stdout is not None
    began = time.perf_counter()
    process.stdin.write(REQUEST.encode() + b"\n")
    process.stdin.flush()
    _read_to_prompt(process.stdout.fileno())
    return time.perf_counter() - began


def _read_to_prompt(fd: int) -> bytes:
    """Read the prompt's output until it shows `orkeon> ` again (it flushes before waiting for a line)."""
    seen = b""
    while not seen.endswith(PROMPT):
        chunk = os.read(fd, 4096)
        if not chunk:
            raise EOFError(f"the prompt closed its output: {seen[-500:]!r}")
        seen += chunk
    return seen


def report(name: str, first: float, second: float, model_seconds: float) -> None:
    ratio = first / second
    verdict = "within" if ratio <= GOAL else "over"
    print(f"{name}:")
    for label, seconds in (("first call ", first), ("second call", second)):
        overhead = (seconds - model_seconds) * 1000
        print(f"  {label} {seconds * 1000:8.1f} ms   overhead beside the model {overhead:8.1f} ms")
    print(f"  ratio        {ratio:7.2f}x   (goal: within {GOAL}x; {verdict})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--think", type=float, default=8.0,
                        help="idle seconds between start-up and the first request (default 8)")
    parser.add_argument("--model-seconds", type=float, default=1.0,
                        help="how long the stub model takes to answer (default 1)")
    options = parser.parse_args(argv)
    compile_project()
    with StubOpenAIServer(default={"content": "hi", "delay": options.model_seconds}) as stub:
        server = server_calls(stub.url, options.think)
        prompt = prompt_calls(stub.url, options.think)
    print(f"the first model call beside the second (model's own time {options.model_seconds:g} s, "
          f"{options.think:g} s idle before the first request):")
    report("orkeon-lsp", *server, options.model_seconds)
    report("orkeon prompt", *prompt, options.model_seconds)


if __name__ == "__main__":
    main()
