"""A small shop project and the model's answers for the dev steps' tests: a Deps over the fakes holding
the project (files, code index, navigation, child agents), the spec and brief answers as JSON, and the
reviewer's answers."""

from __future__ import annotations

import json
from typing import Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.code_index.model import FileEntry, Symbol
from orkeon_engine.domain.model.structured_output import StructuredWay
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.ports.shell import ShellResult
from tests.support.deps import make_deps
from tests.support.doubles.fake_child_runtime import FakeChildRuntime
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_code_navigation import FakeCodeNavigation
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_shell import FakeShell
from tests.support.scripted_chat_model import Script, ScriptedChatModel

PROJECT = {
    "/workspace/pyproject.toml": "[project]\nname = 'shop'\n[tool.pytest.ini_options]\n",
    "/workspace/Makefile": "test:\n\tpython -m pytest\n",
    "/workspace/AGENTS.md": "Run `make test` before a commit.\n",
    "/workspace/shop/cart.py": "class Cart:\n    def total(self):\n        return 0\n",
    "/workspace/tests/test_cart.py": "def test_total():\n    assert True\n\n\n"
                                     "def test_empty_cart():\n    assert True\n",
}
INDEX = (FileEntry("shop/cart.py", "python", "h", 60, 3, "shop.cart",
                   symbols=(Symbol("Cart", "shop.cart.Cart", "class", "shop/cart.py", 1, 3, 0, 60),)),)
SPEC_FILE = ".orkeon/work/cart-save/spec.md"
BRIEF_FILE = ".orkeon/work/total-bug/brief.md"
REVIEW_FILE = ".orkeon/work/cart-save/review.md"


def spec_answer(**changes: Any) -> str:
    """A spec as the model answers it: two use cases, a rule, and two questions (the Major one listed first)."""
    answer: dict[str, Any] = {
        "title": "Save a cart for later",
        "purpose": "Shoppers keep what they chose and come back to it another day.",
        "actors": [{"name": "Shopper", "description": "a person buying from the shop"}],
        "in_scope": ["saving a cart"], "out_of_scope": ["sharing a cart"],
        "use_cases": [
            {"id": "save", "title": "Save a cart", "actor": "shopper", "intent": "come back to it later",
             "where": "the cart page", "steps": ["Open the cart", "Choose to save it"]},
            {"id": "restore", "title": "Restore a cart", "actor": "Shopper", "intent": "buy what was saved",
             "where": "the account page", "steps": ["Open the saved carts", "Pick one"]},
        ],
        "rules": [{"statement": "A saved cart is kept for thirty days.", "origin": "the request",
                   "severity": "major", "applies_to": ["save", "restore"]}],
        "existing": ["Carts are kept only while the shopper is signed in."],
        "questions": [
            {"question": "May a guest save a cart?", "severity": "Major", "options": ["Yes", "No"]},
            {"question": "Does a restored cart keep the prices of the day it was saved?", "severity": "Blocking",
             "why": "the total at checkout depends on it",
             "options": ["Take today's prices", "Keep the saved prices"], "recommended": 2},
        ],
    }
    answer.update(changes)
    return json.dumps(answer)


def brief_answer(**changes: Any) -> str:
    answer: dict[str, Any] = {
        "title": "The cart total is always zero",
        "facts": ["The total is computed by the cart itself."],
        "current": ["Every cart totals zero."],
        "expected": ["The total is the sum of the lines."],
        "criteria": [{"statement": "A cart of two lines totals their sum.",
                      "proof": "tests/test_cart.py::test_total passes"}],
        "must_not_change": [{"behaviour": "An empty cart totals zero.", "test": "tests/test_cart.py::test_empty_cart"},
                            {"behaviour": "Discounts apply.", "test": "tests/test_cart.py::test_discount"}],
        "questions": [{"question": "Are prices rounded per line?", "severity": "Major", "options": ["Yes", "No"]}],
    }
    answer.update(changes)
    return json.dumps(answer)


def findings(*items: dict[str, str]) -> str:
    return json.dumps({"findings": list(items)})


MAJOR_FINDING = {"severity": "Major", "target": "UC1 (step 2)", "cites": "§5",
                 "question": "Is a saved cart kept when the shopper signs out, yes or no?"}
REPRODUCTION = "python -m pytest tests/test_cart.py::test_total -q"


async def dev_deps(*turns: Script, human: FakeHumanInput | None = None, shell: FakeShell | None = None,
                   children: bool = True, files: FakeFiles | None = None,
                   structured_way: StructuredWay | None = None, index: FakeCodeIndex | None = None) -> Deps:
    """A Deps over the shop project, its model playing `turns` (as a server shaping its JSON answers the
    `structured_way` way, when given), children held by a FakeChildRuntime, its index `index` (the cart's
    class alone when not given)."""
    model = ScriptedChatModel(list(turns), structured_way=structured_way)
    deps = await make_deps(vfs=files or FakeFiles(dict(PROJECT)), chat_model=model,
                           human=human or FakeHumanInput(), code_index=index or FakeCodeIndex(INDEX),
                           navigation=FakeCodeNavigation(), child_runtime=FakeChildRuntime(),
                           shell=shell or FakeShell())
    deps = deps.for_run("dev-spec")
    if not children:
        import dataclasses

        deps = dataclasses.replace(deps, children=None)
    return deps


def failing(command: str = REPRODUCTION, code: int = 1, output: str = "FAILED tests/test_cart.py::test_total\n"
            "E assert 0 == 5\n1 failed") -> FakeShell:
    return FakeShell({command: ShellResult(command, code, output)})


async def dev_spec(deps: Deps, *words: str) -> CommandView:
    from orkeon_engine.commands.dev.dev_spec import ARGS, run_dev_spec
    from orkeon_engine.domain.ui.args import parse_args

    return await run_dev_spec(parse_args("dev-spec", ARGS, list(words)), deps)
