"""The /dev-batches prompts over sample inputs, as the model reads them: a cycle's RED and GREEN requests
(with a review's stale line), the correction step after a GAPS verdict, and the inline review of a batch's
sheet (`orkeon prompts render DIR`; the prompt-contract test reads them for its markers)."""

from __future__ import annotations

from orkeon_engine.crews.dev_implement.prompts import (
    IMPLEMENT_SYSTEM,
    check_refuted,
    correction_request,
    green_request,
    red_request,
)
from orkeon_engine.domain.dev.batch_review_brief import batch_review_brief
from orkeon_engine.domain.dev.batch_run import correction_step, cycles
from orkeon_engine.domain.dev.plan import Anchor, Batch, Plan, PlanStep, render_plan, sheet_file
from orkeon_engine.domain.dev.review_brief import reviewer_system
from orkeon_engine.domain.dev.sheet import render_sheet
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt

SAMPLE_BATCH = Batch("F1", "Save a cart", "The shopper keeps a cart for later.", (), (
    PlanStep("Keep a saved cart with its lines", ("UC1",), ("tests/test_saved.py::test_a_cart_is_saved",),
             (Anchor("new", "shop/saved.py"),)),
    PlanStep("Forget a saved cart after thirty days", ("BR1",),
             ("tests/test_saved.py::test_a_cart_expires_after_thirty_days",), (Anchor("new", "shop/saved.py"),)),
))
SAMPLE_PLAN = Plan("cart-save", "Save a cart for later", ".orkeon/work/cart-save/spec.md",
                   "Carts are kept beside the shopper's account.", batches=(SAMPLE_BATCH,), build="make test")
SAMPLE_PLAN_FILE = ".orkeon/work/cart-save/plan.md"
SAMPLE_STALE = ("stale: Is a saved cart kept when the shopper signs out, yes or no? — shop/cart.py:12",)
SAMPLE_ROWS = ("Major · shop/saved.py:4 · a saved cart shares its lines with the live cart",)


def every_prompt() -> list[RenderedPrompt]:
    sheet = render_sheet(SAMPLE_PLAN, SAMPLE_BATCH, SAMPLE_PLAN_FILE)
    (cycle,) = cycles(SAMPLE_BATCH)
    sheet_path = f".orkeon/work/cart-save/{sheet_file('F1')}"
    brief = batch_review_brief(sheet_path, sheet, SAMPLE_PLAN_FILE, render_plan(SAMPLE_PLAN.without_steps()), [],
                               "F1")
    refuted = check_refuted("RED", "python -m pytest -q tests/test_saved.py", ["1 passed"],
                            "passed; the test must fail first")
    return [
        RenderedPrompt("dev-implement-red", IMPLEMENT_SYSTEM, red_request("F1", sheet, cycle, 1, SAMPLE_STALE)),
        RenderedPrompt("dev-implement-green", IMPLEMENT_SYSTEM, green_request("F1", cycle, 1, SAMPLE_STALE)),
        RenderedPrompt("dev-implement-refuted", IMPLEMENT_SYSTEM, refuted),
        RenderedPrompt("dev-implement-correction", IMPLEMENT_SYSTEM,
                       correction_request("F1", correction_step(SAMPLE_ROWS), SAMPLE_ROWS)),
        RenderedPrompt("dev-review-batch", reviewer_system(), brief),
    ]
