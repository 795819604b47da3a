"""A real shop project for the /dev-batches tests: a temporary git repository with a real pytest suite, its
plan and sheets written by code in the work folder, an engine wired over it (real files, shell, git) whose
model plays a script, and the model's turns of a batch (its review, RED, GREEN, the commit message)."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from pathlib import Path
from typing import Any

from orkeon_engine.bootstrap import build_engine
from orkeon_engine.domain.dev.plan import Anchor, Batch, Plan, PlanStep, render_plan, sheet_file
from orkeon_engine.domain.dev.sheet import render_sheet
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.engine import Engine
from orkeon_engine.ports.chat_model import ChatModel
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.ui import UserInterface
from tests.support.dev_audits import rows
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.scripted_chat_model import Call, Script, Turn
from tests.support.temp_git import git, make_repo

WORK = ".orkeon/work/cart-save"
SHOP = {
    ".gitignore": "__pycache__/\n.pytest_cache/\n.orkeon/local/\n",
    "pyproject.toml": "[project]\nname = 'shop'\n[tool.pytest.ini_options]\n",
    "shop/__init__.py": "",
    "shop/cart.py": "class Cart:\n    def __init__(self):\n        self.lines = []\n",
    "tests/test_cart.py": "from shop.cart import Cart\n\n\ndef test_empty():\n    assert Cart().lines == []\n",
}
SAVE_TEST = "from shop.saved import save\n\n\ndef test_save():\n    assert save(['pen']) == ('pen',)\n"
SAVE_CODE = "def save(lines):\n    return tuple(lines)\n"
RESTORE_TEST = "from shop.saved import restore\n\n\ndef test_restore():\n    assert restore(('pen',)) == ['pen']\n"
RESTORE_CODE = SAVE_CODE + "\n\ndef restore(saved):\n    return list(saved)\n"
F1 = Batch("F1", "Save a cart", "Shoppers keep a cart.", (), (
    PlanStep("Save the cart's lines", ("UC1",), ("tests/test_saved.py::test_save",), (Anchor("new", "shop/saved.py"),)),
    PlanStep("Keep them in order", ("BR1",), ("tests/test_saved.py::test_save",), (Anchor("new", "shop/saved.py"),)),
))
F2 = Batch("F2", "Restore a cart", "Shoppers get a cart back.", ("F1",), (
    PlanStep("Restore the lines", ("UC2",), ("tests/test_restore.py::test_restore",),
             (Anchor("new", "shop/saved.py"),)),
    PlanStep("Restore in order", ("BR1",), ("tests/test_restore.py::test_restore",),
             (Anchor("new", "shop/saved.py"),)),
))
PLAN = Plan("cart-save", "Save a cart for later", f"{WORK}/spec.md", "Save then restore.", batches=(F1, F2),
            build="python -m pytest")


def python_path() -> str:
    """PATH with this interpreter's folder first, so the project's `python -m pytest` finds pytest wherever
    the suite runs (a clean clone's only pytest is the one in its .venv)."""
    return os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])


def shop_repository(root: Path, plan: Plan = PLAN, settings: dict[str, Any] | None = None) -> Path:
    """The shop committed in a repository at `root` (with its project `settings` in .orkeon/config.json), its
    plan and sheets in the work folder (left uncommitted, as /dev-plan leaves them)."""
    make_repo(root, {**SHOP, **({".orkeon/config.json": json.dumps(settings)} if settings else {})})
    git(root, "config", "user.name", "Ana")
    git(root, "config", "user.email", "ana@example.com")
    work = root / WORK
    (work / "sheets").mkdir(parents=True)
    (work / "plan.md").write_text(render_plan(plan.without_steps()), encoding="utf-8")
    for batch in plan.batches:
        (work / sheet_file(batch.id)).write_text(render_sheet(plan, batch, f"{WORK}/plan.md"), encoding="utf-8")
    return root


async def shop_engine(root: Path, model: ChatModel, human: FakeHumanInput | None = None,
                      progress: Progress | None = None, user_settings: dict[str, Any] | None = None,
                      env: dict[str, str] | None = None) -> Engine:
    """An engine over the repository at `root` (real files, shell and git) whose model is `model` (its
    auditor's too: no children), the person's own settings `user_settings`, and `env` added to its
    environment."""
    ui = UserInterface(human or FakeHumanInput(), progress or FakeProgress(), FakeLogger())
    xdg = root.parent / f"{root.name}-xdg"
    if user_settings:
        (xdg / "orkeon").mkdir(parents=True, exist_ok=True)
        (xdg / "orkeon" / "config.json").write_text(json.dumps(user_settings), encoding="utf-8")
    engine = await build_engine(root, ui, env={**os.environ, "XDG_CONFIG_HOME": str(xdg), "PATH": python_path(),
                                               **(env or {})})
    llm = engine.deps.llm
    assert llm is not None
    # no children: the auditor runs inline, over `model` too (the children service holds the engine's own)
    engine.deps = dataclasses.replace(engine.deps, llm=dataclasses.replace(llm, model=model, spawner=None),
                                      children=None)
    return engine


async def dev_batches(engine: Engine, *words: str) -> CommandView:
    from orkeon_engine.commands.dev.dev_batches import ARGS, run_dev_batches
    from orkeon_engine.domain.ui.args import parse_args

    return await run_dev_batches(parse_args("dev-batches", ARGS, list(words)), engine.deps.for_run("dev-batches"))


def review(*findings: dict[str, str]) -> str:
    return json.dumps({"findings": list(findings)})


def write(path: str, content: str, then: str = "done") -> list[Script]:
    """A role that writes one file, then answers `then`."""
    return [Turn(calls=(Call("file_write", {"path": path, "content": content}),)), then]


def commit_draft(subject: str = "add saving a cart") -> str:
    return json.dumps({"type": "feat", "scope": "cart", "subject": subject,
                       "body": "Shoppers keep what they chose for another day."})


AUDIT_CLEAR = rows()
"""The dev-auditor's answer that finds no gap."""


def batch_turns(test: tuple[str, str], code: tuple[str, str], subject: str = "add saving a cart",
                reviewed: str | None = None, red_answer: str = "done", audited: bool = True) -> list[Script]:
    """One batch of one cycle: its review (clear unless given), RED writing `test`, GREEN writing `code`,
    the auditor's answer (no row: VALID) unless a fake auditor plays the audit, the commit message."""
    audit = [AUDIT_CLEAR] if audited else []
    return [reviewed or review(), *write(*test, then=red_answer), *write(*code), *audit, commit_draft(subject)]


def saved(root: Path, path: str) -> str:
    return (root / path).read_text(encoding="utf-8")


def head_files(root: Path) -> list[str]:
    return git(root, "show", "--name-only", "--format=", "HEAD").split()


def log_subjects(root: Path) -> list[str]:
    return git(root, "log", "--format=%s").splitlines()


def all_closed(root: Path) -> None:
    """batches-state.md as a run leaves it once every batch of PLAN closed, before the plan's close."""
    from orkeon_engine.domain.dev.batches_state import BatchesState, BatchRecord, render_batches_state

    state = BatchesState("cart-save", f"{WORK}/plan.md", tuple(BatchRecord(b.id, "done", "CLEAR", 1, 0, 1, 1,
                                                                           "abc1234") for b in PLAN.batches))
    (root / WORK / "batches-state.md").write_text(render_batches_state(state), encoding="utf-8")
