"""The permission gate's decision per tool call, beside a baseline of building the calls, in one run.

Budget (DESIGN.md): the tool loop's overhead per call (gate, dispatch, result shaping) under 1 ms. The
gate runs here with every rule set of a dev step plus a few session rules, on distinct commands and paths,
so the caches of the shell splitter and the patterns do not flatter it.
"""

from __future__ import annotations

import statistics
import time

from orkeon_engine.adapters.tree_sitter_bash_grammar import TreeSitterBashGrammar
from orkeon_engine.domain.permissions.decide import GateContext, decide
from orkeon_engine.domain.permissions.rule_sets import step_entries
from orkeon_engine.domain.permissions.rules import RuleEntry, parse_rule
from orkeon_engine.domain.tool_call import ToolCall

CALLS_PER_ROUND = 2000
ROUNDS = 5


def _calls(round_no: int) -> list[ToolCall]:
    calls = []
    for n in range(CALLS_PER_ROUND):
        tag = f"{round_no}_{n}"
        kind = n % 4
        if kind == 0:
            calls.append(ToolCall("file_read", "read", {}, paths=(f"/workspace/src/mod_{tag}.py",)))
        elif kind == 1:
            calls.append(ToolCall("file_write", "edit", {}, paths=(f"/workspace/src/mod_{tag}.py",)))
        elif kind == 2:
            command = f"git log -n {n} --format=%H -- src/mod_{tag}.py && npm test -- --grep case_{tag}"
            calls.append(ToolCall("shell_command", "shell", {}, command=command))
        else:
            calls.append(ToolCall("shell_command", "shell", {}, command=f"sh -c 'cat build/{tag}.log | wc -l'"))
    return calls


def _seconds_per_call(work: object, rounds: list[list[ToolCall]]) -> list[float]:
    figures = []
    for calls in rounds:
        start = time.perf_counter()
        for call in calls:
            work(call)  # type: ignore[operator]
        figures.append((time.perf_counter() - start) / len(calls))
    return figures


def main() -> None:
    session = tuple(RuleEntry(parse_rule(text, effect), "session") for effect, text in (
        ("allow", "shell_command(git log:*)"),
        ("allow", "shell_command(npm test:*)"),
        ("ask", "file_write(/.github/**)"),
    ))
    context = GateContext("acceptEdits", session + step_entries("dev-implement"), read=TreeSitterBashGrammar().read)
    rounds = [_calls(r) for r in range(ROUNDS)]
    baseline = _seconds_per_call(lambda call: ToolCall(call.name, call.tool_class, call.arguments, call.command,
                                                       call.paths), rounds)
    gate = _seconds_per_call(lambda call: decide(call, context), rounds)
    print(f"rules in force: {len(context.rules)}; calls: {CALLS_PER_ROUND} x {ROUNDS} rounds, all distinct")
    print(f"baseline (copy a ToolCall): median {statistics.median(baseline) * 1e6:8.2f} us per call")
    print(f"gate decide:                median {statistics.median(gate) * 1e6:8.2f} us per call, "
          f"worst round {max(gate) * 1e6:.2f} us (budget 1000 us)")


if __name__ == "__main__":
    main()
