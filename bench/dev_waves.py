"""The wall-clock gain of `/dev-batches <code> --concurrency 3` over batches run one after another.

The same plan of three independent batches (each one cycle: its review, RED writing its test, GREEN writing its
code, the auditor's answer, its commit message) runs twice in fresh copies of one real git repository with a
real pytest suite: once sequentially (the baseline), once with `--concurrency 3`. The model is the scripted one,
each call held a fixed latency (LATENCY_S, a small model server's answer); the project's checks, the worktrees,
the merges (rebases and the tests run again) and the commits are real. Printed: both wall clocks, the gain, the
model calls and the most in flight at once. Asserts nothing.

Run: `.venv/bin/python bench/dev_waves.py` (or `make bench`).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from orkeon_engine.domain.dev.plan import Anchor, Batch, Plan, PlanStep  # noqa: E402
from orkeon_engine.domain.ui.view import CommandView  # noqa: E402
from tests.support.dev_batches import (  # noqa: E402
    AUDIT_CLEAR,
    WORK,
    commit_draft,
    dev_batches,
    review,
    shop_engine,
    shop_repository,
    write,
)
from tests.support.routed_chat_model import RoutedChatModel  # noqa: E402
from tests.support.scripted_chat_model import ScriptedChatModel  # noqa: E402

BATCHES = 3
LATENCY_S = 0.5
CONCURRENCY = 3


MARKS = ("lynx", "okapi", "tapir", "quokka")
"""A word of each batch's step and files, and of no other batch's: its calls are routed to its script by it."""


def _batch(number: int) -> Batch:
    test = f"tests/test_part{number}.py"
    return Batch(f"F{number}", f"Part {number}", f"Shoppers get part {number}.", (), (
        PlanStep(f"Compute the {MARKS[number - 1]} part", (f"UC{number}",), (f"{test}::test_part",),
                 (Anchor("new", f"shop/part{number}.py"),)),
    ))


PLAN = Plan("cart-save", "Independent parts", f"{WORK}/spec.md", "Independent batches.",
            batches=tuple(_batch(n) for n in range(1, BATCHES + 1)), build="python -m pytest")


def _turns(number: int) -> list[object]:
    mark = MARKS[number - 1]
    test = (f"tests/test_part{number}.py", f"from shop.part{number} import part\n\n\ndef test_part():  # {mark}\n"
                                           f"    assert part() == {number}\n")
    code = (f"shop/part{number}.py", f"def part():  # the {mark} part\n    return {number}\n")
    return [review(), *write(*test), *write(*code), AUDIT_CLEAR, commit_draft(f"add part {number}")]


def _model() -> RoutedChatModel:
    return RoutedChatModel({MARKS[n - 1]: ScriptedChatModel(_turns(n)) for n in range(1, BATCHES + 1)},
                           latency=LATENCY_S)


async def _timed(root: Path, *words: str) -> tuple[float, CommandView, RoutedChatModel]:
    model = _model()
    engine = await shop_engine(root, model)
    try:
        start = time.perf_counter()
        view = await dev_batches(engine, "cart-save", *words)
        return time.perf_counter() - start, view, model
    finally:
        engine.close()


def _calls(model: RoutedChatModel) -> int:
    return sum(len(script.requests) for script in model.routes.values())


async def main() -> None:
    with tempfile.TemporaryDirectory(prefix="orkeon-bench-waves-") as folder:
        os.environ.setdefault("GIT_CONFIG_NOSYSTEM", "1")
        sequential = await _timed(shop_repository(Path(folder) / "sequential", PLAN))
        waves = await _timed(shop_repository(Path(folder) / "waves", PLAN), "--concurrency", str(CONCURRENCY))
    print(f"/dev-batches: {BATCHES} independent batches, scripted model at {LATENCY_S * 1000:.0f} ms a call, "
          "real pytest checks, worktrees and merges")
    for name, (seconds, view, model) in (("sequential (baseline)", sequential),
                                         (f"--concurrency {CONCURRENCY}", waves)):
        print(f"  {name:<22} {seconds:6.2f} s  status {view.data.get('status')}  model calls {_calls(model)}  "
              f"most in flight {model.max_active}")
    print(f"  gain: {sequential[0] / waves[0]:.2f}x the sequential wall clock "
          f"({sequential[0] - waves[0]:+.2f} s saved)")


if __name__ == "__main__":
    asyncio.run(main())
