"""The tool loop's overhead per tool call (gate, dispatch, result shaping), beside a baseline.

The scripted model asks for CALLS_PER_TURN calls a turn, TURNS times, of a tool that answers at once; the
gate allows everything. The baseline, measured in the same run, is what the loop cannot avoid: parsing
the arguments and running the tool directly, plus the scripted model's own turns with no tool at all. The
overhead is the difference, divided by the number of calls. The budget is under 1 ms a call.

Run: `.venv/bin/python bench/act_overhead.py` (or `make bench`). It prints; it asserts nothing.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from orkeon_engine.adapters.system_clock import SystemClock  # noqa: E402
from orkeon_engine.domain.model.act import Budget  # noqa: E402
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage  # noqa: E402
from orkeon_engine.services.act import act  # noqa: E402
from orkeon_engine.services.act_context import ActContext  # noqa: E402
from tests.support.doubles.fake_permission_gate import FakePermissionGate  # noqa: E402
from tests.support.scripted_chat_model import Call, ScriptedChatModel  # noqa: E402
from tests.support.tiny_tools import EchoTool, RecordingEdit  # noqa: E402

TURNS = 50
CALLS_PER_TURN = 20
ROUNDS = 7
BUDGET_MS = 1.0
UNLIMITED = Budget(tool_calls=None, seconds=None, context_tokens=None)


def _script(kind: str) -> list[object]:
    turns: list[object] = []
    for turn in range(TURNS):
        if kind == "read":
            calls = [Call("echo", {"path": f"src/file_{turn}_{i}.py"}) for i in range(CALLS_PER_TURN)]
        else:
            calls = [Call("file_write", {"path": f"src/file_{turn}_{i}.py", "text": "x = 1\n"})
                     for i in range(CALLS_PER_TURN)]
        turns.append(calls)
    turns.append("done")
    return turns


async def _loop(kind: str) -> float:
    model = ScriptedChatModel(_script(kind))
    tools = [EchoTool(), RecordingEdit()]
    context = ActContext(tools, UNLIMITED, FakePermissionGate(), model, SystemClock())
    start = time.perf_counter()
    await act("bench", [ChatMessage.user("go")], context)
    return time.perf_counter() - start


async def _baseline(kind: str) -> float:
    """The unavoidable part: the model's turns (no tools) and each tool parsed and run directly."""
    model = ScriptedChatModel(["turn"] * (TURNS + 1))
    tool: EchoTool | RecordingEdit = EchoTool() if kind == "read" else RecordingEdit()
    arguments = [json.dumps({"path": f"src/file_{n}.py", "text": "x = 1\n"} if kind == "edit" else
                            {"path": f"src/file_{n}.py"}) for n in range(TURNS * CALLS_PER_TURN)]
    start = time.perf_counter()
    for _ in range(TURNS + 1):
        await model.chat([ChatMessage.user("go")], [], CallOptions())
    for text in arguments:
        await tool.run(tool.parse(json.loads(text)))  # type: ignore[arg-type]
    return time.perf_counter() - start


async def main() -> None:
    calls = TURNS * CALLS_PER_TURN
    print(f"act overhead: {calls} tool calls a run ({TURNS} turns x {CALLS_PER_TURN}), best of {ROUNDS} runs")
    for kind, label in (("read", "read calls (four at a time)"), ("edit", "edit calls (one at a time)")):
        loop = min([await _loop(kind) for _ in range(ROUNDS)])
        base = min([await _baseline(kind) for _ in range(ROUNDS)])
        overhead_ms = (loop - base) / calls * 1000
        verdict = "within" if overhead_ms < BUDGET_MS else "OVER"
        print(f"  {label:30} loop {loop * 1000:8.1f} ms   baseline {base * 1000:8.1f} ms   "
              f"overhead {overhead_ms:.4f} ms a call ({verdict} the {BUDGET_MS:g} ms budget)")


if __name__ == "__main__":
    asyncio.run(main())
