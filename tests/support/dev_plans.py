"""The shop project's plan for the /dev-plan tests: its spec written in the work folder, an index that
holds the cart and its tests (so the inventory offers I1..I6), the planner's answers as JSON, and a Deps
over the fakes playing them."""

from __future__ import annotations

import json
from typing import Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.code_index.answers import Location
from orkeon_engine.domain.code_index.model import FileEntry, Symbol
from orkeon_engine.domain.dev.questions import OpenQuestion, QuestionBook
from orkeon_engine.domain.dev.spec import Actor, BusinessRule, Spec, UseCase, render_spec
from orkeon_engine.domain.ui.view import CommandView
from tests.support.dev_steps import PROJECT, dev_deps
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_code_navigation import FakeCodeNavigation
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.scripted_chat_model import Script

SPEC_FILE = ".orkeon/work/cart-save/spec.md"
PLAN_FILE = ".orkeon/work/cart-save/plan.md"
PLAN_REVIEW_FILE = ".orkeon/work/cart-save/plan-review.md"
SPEC = Spec(
    code="cart-save", title="Save a cart for later", purpose="Shoppers come back to a cart another day.",
    actors=(Actor("Shopper", "a person buying from the shop"),),
    use_cases=(UseCase("UC1", "Save a cart", "Shopper", "come back to it later", "the cart page", ("Save it",)),
               UseCase("UC2", "Restore a cart", "Shopper", "buy what was saved", "the account page", ("Pick one",))),
    rules=(BusinessRule("BR1", "A saved cart is kept for thirty days.", "the request", "major", ("UC1", "UC2")),),
)
BLOCKING = OpenQuestion("Q1", "Blocking", "May a guest save a cart?", ("Yes", "No"), True)
PLAN_INDEX = (
    FileEntry("shop/cart.py", "python", "h", 60, 3, "shop.cart", symbols=(
        Symbol("Cart", "shop.cart.Cart", "class", "shop/cart.py", 1, 3, 0, 60),
        Symbol("total", "shop.cart.Cart.total", "method", "shop/cart.py", 2, 3, 12, 60, parent="shop.cart.Cart"))),
    FileEntry("tests/test_cart.py", "python", "h", 80, 6, "tests.test_cart", symbols=(
        Symbol("test_total", "tests.test_cart.test_total", "function", "tests/test_cart.py", 1, 2, 0, 30),
        Symbol("test_empty_cart", "tests.test_cart.test_empty_cart", "function", "tests/test_cart.py", 5, 6, 33, 80))),
)
"""The inventory it gives: I1 shop.cart, I2 Cart, I3 Cart.total, I4 tests.test_cart, I5 test_total, I6
test_empty_cart."""


def step(what: str, proves: list[str], tests: list[str], *anchors: dict[str, str]) -> dict[str, Any]:
    return {"what": what, "proves": proves, "tests": tests, "anchors": list(anchors)}


def batches(**changes: Any) -> list[dict[str, Any]]:
    """Three batches: saving (F1), restoring (F2, after F1: both work in shop/cart.py), the guide (F3)."""
    found = {
        "F1": {"title": "Save a cart", "goal": "The shopper keeps a cart for later.", "steps": [
            step("Keep a saved cart with its lines", ["UC1"], ["tests/test_saved.py::test_a_cart_is_saved"],
                 {"create": "shop/saved.py"}, {"ref": "I2"}),
            step("Forget a saved cart after thirty days", ["BR1"], ["tests/test_saved.py::test_a_saved_cart_expires"],
                 {"create": "shop/saved.py"})]},
        "F2": {"title": "Restore a cart", "goal": "The shopper buys what was saved.", "after": ["F1"], "steps": [
            step("Bring a saved cart's lines back", ["UC2"], ["tests/test_cart.py::test_restore_brings_lines_back"],
                 {"ref": "I2"}),
            step("Total a restored cart", ["UC2", "BR1"], ["tests/test_cart.py::test_a_restored_cart_totals"],
                 {"ref": "I3"})]},
        "F3": {"title": "Saved carts in the guide", "goal": "The shopper learns to save a cart.",
               "after": ["F1", "F2"], "documentation": True, "steps": [
            step("Say how a cart is saved", [], ["tests/test_docs.py::test_the_guide_says_how_to_save"],
                 {"create": "docs/saved-carts.md"}),
            step("Say how long a saved cart is kept", [], ["tests/test_docs.py::test_the_guide_says_thirty_days"],
                 {"create": "docs/saved-carts.md"})]},
    }
    found.update(changes)
    return [batch for batch in found.values() if batch is not None]


def plan_answer(**changes: Any) -> str:
    answer: dict[str, Any] = {
        "title": "Save a cart for later",
        "approach": "Saved carts are kept beside the cart, so a shopper finds them another day.",
        "batches": batches(),
        "design_rules": [{"rule": "Run `make test` before a commit.", "applied_in": ["F1", "F2", "F3"],
                          "reason": "each batch ends with the project's tests"}],
        "assumptions": ["A shopper saves a cart only while signed in."],
    }
    answer.update(changes)
    return json.dumps(answer)


USERS = [Location("shop/checkout.py", 3, 8, "Cart"), Location("tests/test_cart.py", 1, 1, "Cart")]


async def plan_deps(*turns: Script, spec: Spec = SPEC, human: FakeHumanInput | None = None) -> Deps:
    """A Deps over the shop project with its spec written, its model playing `turns`."""
    files = FakeFiles({**PROJECT, f"/workspace/{SPEC_FILE}": render_spec(spec),
                       "/workspace/shop/checkout.py": "from shop.cart import Cart\n"})
    deps = await dev_deps(*turns, human=human, files=files, index=FakeCodeIndex(PLAN_INDEX))
    deps.code_navigation = FakeCodeNavigation(references=USERS)
    return deps.for_run("dev-plan")


def blocked_spec() -> Spec:
    return Spec(SPEC.code, SPEC.title, SPEC.purpose, SPEC.actors, use_cases=SPEC.use_cases, rules=SPEC.rules,
                questions=QuestionBook((BLOCKING,)))


async def dev_plan(deps: Deps, *words: str) -> CommandView:
    from orkeon_engine.commands.dev.dev_plan import ARGS, run_dev_plan
    from orkeon_engine.domain.ui.args import parse_args

    return await run_dev_plan(parse_args("dev-plan", ARGS, list(words)), deps)
