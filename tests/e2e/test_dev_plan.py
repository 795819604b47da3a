"""End to end: /dev-spec then /dev-plan through the real language server, in a real git repository holding a
small Python package, the model played by the loopback stub. The plan's inventory comes from the real code
index (tree-sitter) and navigation (jedi): it names the package's real class, method and test, with the
files that use them; plan.md, the sheets and the plan's review are written by code."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.test_crews import git, model_env
from tests.support.dev_plans import plan_answer
from tests.support.dev_steps import findings, spec_answer
from tests.support.lsp_session import run_command
from tests.support.stub_openai_server import StubOpenAIServer

CART = """\
class Cart:
    def __init__(self):
        self.lines = []

    def total(self):
        return sum(self.lines)
"""
TEST_CART = """\
from shop.cart import Cart


def test_total():
    assert Cart().total() == 0
"""
WORK = Path(".orkeon") / "work" / "cart-save"


def _package(workspace: Path) -> None:
    (workspace / "shop").mkdir()
    (workspace / "tests").mkdir()
    (workspace / "pyproject.toml").write_text("[project]\nname = 'shop'\n[tool.pytest.ini_options]\n", encoding="utf-8")
    (workspace / "Makefile").write_text("test:\n\tpython -m pytest\n", encoding="utf-8")
    (workspace / "shop" / "__init__.py").write_text("", encoding="utf-8")
    (workspace / "shop" / "cart.py").write_text(CART, encoding="utf-8")
    (workspace / "tests" / "test_cart.py").write_text(TEST_CART, encoding="utf-8")
    git(workspace, "init", "-q", "-b", "main")
    git(workspace, "add", ".")
    git(workspace, "-c", "user.name=Ana", "-c", "user.email=ana@example.com", "commit", "-q", "-m", "start")


def _plan_for_the_real_index() -> str:
    """The planner's answer, anchored to the refs the real index gives: I3 the Cart class, I5 its total."""
    return plan_answer().replace('"ref": "I3"', '"ref": "I5"').replace('"ref": "I2"', '"ref": "I3"')


async def test_a_spec_then_its_plan_in_a_real_repository(start_server, workspace):
    _package(workspace)
    script = [
        {"when": "You draft the spec of a feature", "content": spec_answer(questions=[])},
        {"when": "Review .orkeon/work/cart-save/spec.md", "content": findings()},
        {"when": "You plan a piece of work", "content": _plan_for_the_real_index()},
        {"when": "Review .orkeon/work/cart-save/plan.md", "content": findings()},
    ]
    with StubOpenAIServer(script) as stub:
        client = await start_server(env=model_env(stub))
        spec = await run_command(client, "dev-spec", "cart-save", "let", "shoppers", "save", "a", "cart")

        result = await run_command(client, "dev-plan", "cart-save")

    plan = (workspace / WORK / "plan.md").read_text(encoding="utf-8")
    assert spec["message"] == "spec cart-save: READY"
    assert "- I3 · class · shop.cart.Cart · shop/cart.py:1-6 · used by tests/test_cart.py" in plan
    assert "- I5 · method · shop.cart.Cart.total · shop/cart.py:5-6" in plan
    assert "· test · tests/test_cart.py::test_total · tests/test_cart.py:4-5" in plan
    assert "- F2 · Restore a cart — after F1 — ready" in plan
    sheet = (workspace / WORK / "sheets" / "F2.md").read_text(encoding="utf-8")
    assert "- Anchors: I3" in sheet and "### S3 · Build and tests\n- Run: make test" in sheet
    assert "Verdict: CLEAR" in (workspace / WORK / "plan-review.md").read_text(encoding="utf-8")
    assert result["message"] == "plan cart-save: READY — 3 batches"
