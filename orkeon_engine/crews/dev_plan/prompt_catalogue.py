"""The /dev-plan prompts over sample inputs, as the model reads them: the plan's draft, its send-back and
the reviewer's brief of a plan (`orkeon prompts render DIR`; the prompt-contract test reads them for its
markers)."""

from __future__ import annotations

from orkeon_engine.crews.dev_plan.prompts import PLAN_SYSTEM, build_plan_user, build_send_back
from orkeon_engine.domain.checks.project_tooling import detect_zones
from orkeon_engine.domain.dev.inventory import Inventory, InventoryItem, render_inventory
from orkeon_engine.domain.dev.pack import RepositoryPack, render_pack
from orkeon_engine.domain.dev.plan import Anchor, Batch, DesignRule, Plan, PlanStep, render_plan, sheet_file
from orkeon_engine.domain.dev.plan_review_brief import plan_review_brief
from orkeon_engine.domain.dev.review_brief import reviewer_system
from orkeon_engine.domain.dev.sheet import render_sheet
from orkeon_engine.domain.dev.spec import Actor, BusinessRule, Spec, UseCase, render_spec
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt
from orkeon_engine.domain.workspace.project_files import SourceText

SAMPLE_PATHS = ("pyproject.toml", "Makefile", "docs/guide.md", "shop/cart.py", "shop/checkout.py",
                "tests/test_cart.py")
SAMPLE_PACK = RepositoryPack(
    zones=tuple(detect_zones(SAMPLE_PATHS, {"pyproject.toml": "[tool.pytest.ini_options]\n",
                                            "Makefile": "test:\n\tpython -m pytest\n"})),
    files=SAMPLE_PATHS, layout="shop: 2 files, 4 symbols",
    instructions=(SourceText("AGENTS.md", "Run `make test` before a commit."),),
)
SAMPLE_SPEC = Spec(
    code="cart-save", title="Save a cart for later", purpose="Shoppers come back to a cart another day.",
    actors=(Actor("Shopper", "a person buying from the shop"),),
    use_cases=(UseCase("UC1", "Save a cart", "Shopper", "come back to it later", "the cart page",
                       ("Open the cart", "Choose to save it")),),
    rules=(BusinessRule("BR1", "A saved cart is kept for thirty days.", "the request", "major", ("UC1",)),),
)
SAMPLE_FILE = ".orkeon/work/cart-save/spec.md"

SAMPLE_INVENTORY = Inventory((
    InventoryItem("I1", "module", "shop.cart", "shop/cart.py", 1, 9),
    InventoryItem("I2", "class", "shop.cart.Cart", "shop/cart.py", 1, 9, ("shop/checkout.py", "tests/test_cart.py")),
    InventoryItem("I3", "test", "tests/test_cart.py::test_total", "tests/test_cart.py", 4, 6),
))
SAMPLE_PLAN = Plan(
    code="cart-save", title="Save a cart for later", source=SAMPLE_FILE,
    approach="Carts are kept beside the shopper's account, so a saved cart outlives the session.",
    inventory=SAMPLE_INVENTORY,
    batches=(
        Batch("F1", "Save a cart", "The shopper keeps a cart for later.", (), (
            PlanStep("Keep a saved cart with its lines", ("UC1",), ("tests/test_saved.py::test_a_cart_is_saved",),
                     (Anchor("new", "shop/saved.py"), Anchor("ref", "I2"))),
            PlanStep("Forget a saved cart after thirty days", ("BR1",),
                     ("tests/test_saved.py::test_a_cart_expires_after_thirty_days",),
                     (Anchor("new", "shop/saved.py"),)),
        )),
        Batch("F2", "Saving carts in the guide", "The shopper learns how to save a cart.", ("F1",), (
            PlanStep("Say how a cart is saved", (), ("tests/test_docs.py::test_the_guide_names_saving",),
                     (Anchor("file", "docs/guide.md"),)),
            PlanStep("Say how long a saved cart is kept", (), ("tests/test_docs.py::test_the_guide_names_thirty_days",),
                     (Anchor("file", "docs/guide.md"),)),
        ), documentation=True),
    ),
    rules=(DesignRule("Run `make test` before a commit.", ("F1", "F2"), "each batch ends with the project's tests"),),
    assumptions=("A shopper saves a cart only while signed in.",),
    build="make test",
)
SAMPLE_PLAN_FILE = ".orkeon/work/cart-save/plan.md"


def every_prompt() -> list[RenderedPrompt]:
    user = build_plan_user(SAMPLE_SPEC.code, SAMPLE_FILE, render_spec(SAMPLE_SPEC), render_inventory(SAMPLE_INVENTORY),
                           render_pack(SAMPLE_PACK))
    gaps = ["UC2 has no test: no step proves it", "F1 S1 anchors I9: the inventory holds no such ref"]
    sheets = {f".orkeon/work/cart-save/{sheet_file(b.id)}": render_sheet(SAMPLE_PLAN, b, SAMPLE_PLAN_FILE)
              for b in SAMPLE_PLAN.batches}
    brief = plan_review_brief(SAMPLE_PLAN_FILE, render_plan(SAMPLE_PLAN), sheets, SAMPLE_PLAN.ids(),
                              SAMPLE_PACK.files)
    return [
        RenderedPrompt("dev-plan", PLAN_SYSTEM, user),
        RenderedPrompt("dev-plan-send-back", PLAN_SYSTEM, build_send_back(user, '{"title": "..."}', gaps)),
        RenderedPrompt("dev-review-plan", reviewer_system(), brief),
    ]
