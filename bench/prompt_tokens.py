"""The prompt weight of the core tool set's first model call, beside the 1,600-token goal, in one run.

Goal (issue 48): the first call of `orkeon assistant` with the core tool set (`assistant.toolSet core`, what a
small local model gets) within 1,600 prompt tokens; the issue measured 3,083 on llama.cpp with
Qwen2.5-Coder. The request is the one the command line really sends: `orkeon assistant "say hi"` against
the loopback stub server, which keeps every request's body. Its tokens are counted with cl100k_base (the
tiktoken encoding litellm ships, read offline): the system prompt, each tool's spec as the JSON a chat
template writes into the prompt, and the person's message. A model's own tokenizer and chat template count
somewhat differently, so the figure is a comparison across runs, not the server's count. A second first
call, in another workspace that has an AGENTS.md, is compared with it: the system prompt and the tools must
be byte for byte the same, so a server's prompt cache keeps the prefix across turns and projects (the
instructions file opens the user message). Nothing is asserted.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.stub_openai_server import StubOpenAIServer  # noqa: E402

GOAL_TOKENS = 1_600
MEASURED_BEFORE = 3_083
REQUEST = "say hi"


def _encoding() -> Any:
    """cl100k_base from the file litellm ships (no download; litellm itself is not imported)."""
    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("litellm is not installed: its tokenizer file is what this bench counts with")
    folder = Path(next(iter(spec.submodule_search_locations))) / "litellm_core_utils" / "tokenizers"
    os.environ.setdefault("TIKTOKEN_CACHE_DIR", str(folder))
    import tiktoken

    return tiktoken.get_encoding("cl100k_base")


def first_request(home: Path, instructions: str = "") -> dict[str, Any]:
    """The body of the first model call of `orkeon assistant REQUEST` with the core set, in a fresh workspace
    (with an AGENTS.md holding `instructions` when given)."""
    workspace = Path(tempfile.mkdtemp(prefix="orkeon-prompt-", dir=home))
    (workspace / "app.py").write_text("def main():\n    print('hi')\n", encoding="utf-8")
    if instructions:
        (workspace / "AGENTS.md").write_text(instructions, encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if not key.startswith("ORKEON_")}
    env.update({"XDG_CONFIG_HOME": str(home / ".xdg"), "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                "PYTHONPATH": str(ROOT), "ORKEON_MODEL": "openai/stub-model"})
    orkeon = [sys.executable, "-m", "orkeon_engine.cli", "--workspace", str(workspace)]
    subprocess.run([*orkeon, "config", "set", "assistant.toolSet", "core", "--user"], env=env, check=True,
                   capture_output=True)
    with StubOpenAIServer(default={"content": "hi"}) as stub:
        env["ORKEON_API_BASE"] = stub.url
        done = subprocess.run([*orkeon, "assistant", REQUEST], env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"orkeon assistant failed: {done.stderr[-800:]}")
        return dict(stub.requests[0])


def _text(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list):
        return "".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return str(content or "")


def main() -> None:
    encoding = _encoding()
    home = Path(tempfile.mkdtemp(prefix="orkeon-prompt-tokens-"))
    first = first_request(home)
    second = first_request(home, "Run the tests with `make test`.\n")

    def count(text: str) -> int:
        return len(encoding.encode(text))

    messages = first.get("messages", [])
    tools = first.get("tools", [])
    system = "".join(_text(m) for m in messages if m.get("role") == "system")
    rest = "".join(_text(m) for m in messages if m.get("role") != "system")
    tool_counts = {t["function"]["name"]: count(json.dumps(t, ensure_ascii=False)) for t in tools}
    total = count(system) + sum(tool_counts.values()) + count(rest)
    print("the core tool set's first model call (`orkeon assistant \"say hi\"`), tokens in cl100k_base:")
    print(f"  system prompt           {count(system):6,}   ({len(system):,} characters)")
    for name, tokens in sorted(tool_counts.items(), key=lambda item: -item[1]):
        print(f"  tool {name:<19}{tokens:6,}")
    print(f"  the person's turn       {count(rest):6,}   (the request with what the turn adds to it)")
    verdict = "within" if total <= GOAL_TOKENS else "over"
    print(f"  total                   {total:6,}   (goal: within {GOAL_TOKENS:,}; {verdict}; the issue measured "
          f"{MEASURED_BEFORE:,} on llama.cpp)")

    def prefix(body: dict[str, Any]) -> str:
        system_text = "".join(_text(m) for m in body.get("messages", []) if m.get("role") == "system")
        return system_text + json.dumps(body.get("tools", []), sort_keys=True)

    stable = prefix(first) == prefix(second)
    print(f"  prefix (system prompt and tools) byte-stable across two workspaces, one with an AGENTS.md: "
          f"{'yes' if stable else 'NO'}")


if __name__ == "__main__":
    main()
