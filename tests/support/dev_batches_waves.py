"""Two batches of the shop's plan that depend on nothing, for `/dev-batches cart-save --concurrency 2`: F1 saves
a cart (tests/test_saved.py), F2 prices one (tests/test_price.py); each batch's turns routed to its own script
by its test file (RoutedChatModel), so the batches may run in any interleaving. `clashing=True` makes both
GREENs rewrite shop/cart.py differently: the second batch to merge meets a conflict.

Run as a script (`python -m tests.support.dev_batches_waves ROOT STOP`), it runs the command over the shop at
ROOT, printing each progress line, and freezes for good at the first line starting with STOP, so a test can
kill it there with SIGKILL."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from orkeon_engine.domain.dev.plan import Anchor, Batch, Plan, PlanStep
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.ports.progress import Progress
from tests.support.dev_batches import (
    AUDIT_CLEAR,
    F1,
    SAVE_CODE,
    SAVE_TEST,
    WORK,
    commit_draft,
    dev_batches,
    review,
    shop_engine,
    write,
)
from tests.support.dev_waves import FreezingProgress
from tests.support.routed_chat_model import RoutedChatModel
from tests.support.scripted_chat_model import Call, Script, ScriptedChatModel, Turn

PRICE_TEST = "from shop.price import total\n\n\ndef test_total():\n    assert total([2, 3]) == 5\n"
PRICE_CODE = "def total(prices):\n    return sum(prices)\n"
F2_PRICE = Batch("F2", "Price a cart", "Shoppers see what a cart costs.", (), (
    PlanStep("Total the prices", ("UC3",), ("tests/test_price.py::test_total",), (Anchor("new", "shop/price.py"),)),
))
WAVE_PLAN = Plan("cart-save", "Save and price a cart", f"{WORK}/spec.md", "Two independent batches.",
                 batches=(F1, F2_PRICE), build="python -m pytest")
MARKERS = {"F1": "test_saved", "F2": "test_price"}
CART = "shop/cart.py"


def cart_text(batch_id: str) -> str:
    return f"class Cart:\n    def __init__(self):\n        self.lines = []\n        self.by = {batch_id!r}\n"


def wave_turns(batch_id: str, clashing: bool = False) -> list[Script]:
    """One batch of one cycle: its review, RED, GREEN (rewriting shop/cart.py too when `clashing`), the
    auditor's clear answer, its commit message."""
    test, code = (("tests/test_saved.py", SAVE_TEST), ("shop/saved.py", SAVE_CODE)) if batch_id == "F1" else \
        (("tests/test_price.py", PRICE_TEST), ("shop/price.py", PRICE_CODE))
    green: list[Script] = [Turn(calls=(Call("file_write", {"path": code[0], "content": code[1]}),
                                       Call("file_write", {"path": CART, "content": cart_text(batch_id)}))),
                           "done"] if clashing else write(*code)
    return [review(), *write(*test), *green, AUDIT_CLEAR, commit_draft(f"add batch {batch_id}")]


def wave_model(clashing: bool = False, latency: float = 0.0, meet: int = 0) -> RoutedChatModel:
    return RoutedChatModel({marker: ScriptedChatModel(wave_turns(batch_id, clashing))
                            for batch_id, marker in MARKERS.items()}, latency=latency, meet=meet)


async def run_waves(root: Path, model: RoutedChatModel, *words: str,
                    progress: Progress | None = None) -> CommandView:
    """`/dev-batches cart-save <words>` over the shop at `root`, its model `model`."""
    engine = await shop_engine(root, model, progress=progress)
    try:
        return await dev_batches(engine, "cart-save", *words)
    finally:
        engine.close()


if __name__ == "__main__":
    asyncio.run(run_waves(Path(sys.argv[1]), wave_model(), "--concurrency", "2",
                          progress=FreezingProgress(sys.argv[2])))
