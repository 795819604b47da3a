"""A fake llama-server for the local model's tests: it takes llama-server's arguments (`-m MODEL --port P
--alias NAME ...`) and serves the loopback stub (tests/support/stub_openai_server.py, kind llama.cpp: `/health`
and the chat completions of its script) on that port.

What it does comes from `MODEL.json` beside the model file, if there:

- `"script"`: the stub's script (default: every request answered "hello from the local model");
- `"fail_starts": N`: the first N starts end at once with exit 3, before /health answers (a crash);
- `"die_after": S`: once serving, end with exit 5 after S seconds (a crash while it runs).

Every start appends a line to `MODEL.starts` (its pid), so a test counts the starts.

`install(folder)` writes an executable `llama-server` into `folder` that runs this script with this Python.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path

ANSWER = "hello from the local model"


def install(folder: Path) -> Path:
    """An executable named llama-server in `folder` running this fake."""
    folder.mkdir(parents=True, exist_ok=True)
    binary = folder / "llama-server"
    root = Path(__file__).resolve().parents[2]
    binary.write_text(f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {str(root)!r})\n"
                      "from tests.support.fake_llama_server import main\nsys.exit(main(sys.argv[1:]))\n",
                      encoding="utf-8")
    binary.chmod(0o755)
    return binary


def behave(model: Path, **behaviour: object) -> None:
    """Write what the fake does when it serves `model`."""
    Path(f"{model}.json").write_text(json.dumps(behaviour), encoding="utf-8")


def starts(model: Path) -> int:
    try:
        return len(Path(f"{model}.starts").read_text(encoding="utf-8").split())
    except OSError:
        return 0


def main(argv: list[str]) -> int:
    from tests.support.stub_openai_server import StubOpenAIServer

    model = Path(argv[argv.index("-m") + 1])
    port = int(argv[argv.index("--port") + 1])
    with open(f"{model}.starts", "a", encoding="utf-8") as record:
        record.write(f"{os.getpid()}\n")
    try:
        behaviour = json.loads(Path(f"{model}.json").read_text(encoding="utf-8"))
    except OSError:
        behaviour = {}
    if starts(model) <= int(behaviour.get("fail_starts", 0)):
        print("fake llama-server: failing this start, as told", flush=True)
        return 3
    script = behaviour.get("script", {"steps": [], "default": {"content": ANSWER}})
    script = {**script, "server": {"kind": "llama.cpp", "n_ctx": 16384}} if isinstance(script, dict) else script
    server = StubOpenAIServer.from_script(script, port=port)
    if "die_after" in behaviour:
        threading.Timer(float(behaviour["die_after"]), lambda: os._exit(5)).start()
    print(f"fake llama-server: serving {model} on {port}", flush=True)
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
