"""The shop project with its plan and F1's sheet written, the batch delivered (shop/saved.py and its tests),
for the audit's tests: a Deps over the fakes, the project's checks as a FakeProjectChecks, and the auditor's
answers as JSON."""

from __future__ import annotations

import json
from typing import Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.crews.dev_plan.prompt_catalogue import SAMPLE_PLAN, SAMPLE_PLAN_FILE
from orkeon_engine.domain.dev.plan import render_plan
from orkeon_engine.domain.dev.sheet import render_sheet
from orkeon_engine.domain.dev.verdict import Verdict
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.git.git import StatusEntry
from orkeon_engine.ports.project_checks import CheckKind
from orkeon_engine.services.dev_audit import AuditInput, audit_batch
from orkeon_engine.services.dev_step import DevStep
from tests.support.dev_steps import PROJECT, dev_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_git import FakeGit
from tests.support.doubles.fake_project_checks import FakeProjectChecks
from tests.support.scripted_chat_model import Script

PLACE = WorkPlace(".orkeon/work", "cart-save")
SHEET_FILE = ".orkeon/work/cart-save/sheets/F1.md"
VERDICT_FILE = ".orkeon/work/cart-save/verdicts/F1.md"
CAPTURE = ".orkeon/work/cart-save/capture/F1"
SAVED = "class SavedCart:\n    def __init__(self, lines):\n        self.lines = lines\n"
SAVED_TESTS = ("def test_a_cart_is_saved():\n    assert True\n\n\n"
               "def test_a_cart_expires_after_thirty_days():\n    assert True\n")
COMMANDS: dict[CheckKind, str] = {"build": "make build", "tests": "python -m pytest", "suite": "make test"}


def audit_project(**changes: str) -> dict[str, str]:
    """The shop project with its plan, F1's sheet and F1 delivered; `changes` by workspace-relative path."""
    files = {**PROJECT, "/workspace/shop/saved.py": SAVED, "/workspace/tests/test_saved.py": SAVED_TESTS,
             f"/workspace/{SAMPLE_PLAN_FILE}": render_plan(SAMPLE_PLAN),
             f"/workspace/{SHEET_FILE}": render_sheet(SAMPLE_PLAN, SAMPLE_PLAN.batches[0], SAMPLE_PLAN_FILE)}
    files.update({f"/workspace/{path}": text for path, text in changes.items()})
    return files


def delivered_git(*extra: str) -> FakeGit:
    """The repository after F1: shop/saved.py and its tests new, shop/cart.py changed, and `extra` changed."""
    git = FakeGit([StatusEntry("shop/saved.py", "??"), StatusEntry("tests/test_saved.py", "??"),
                   StatusEntry("shop/cart.py", " M"), *(StatusEntry(path, " M") for path in extra)])
    git.commit_diff = "--- a/shop/cart.py\n+++ b/shop/cart.py\n@@ -1 +1 @@\n-class Cart:\n+class Cart:  # saved\n"
    git.files = {"shop/saved.py": SAVED, "tests/test_saved.py": SAVED_TESTS}
    return git


def rows(*items: dict[str, str], undecided: list[dict[str, str]] | None = None) -> str:
    return json.dumps({"rows": list(items), "undecided": undecided or []})


def row(severity: str = "Major", axis: str = "code", cites: str = "shop/saved.py:2",
        text: str = "A saved cart keeps no price for its lines.") -> dict[str, str]:
    return {"severity": severity, "axis": axis, "cites": cites, "text": text}


async def audit_deps(*turns: Script, children: bool = True, files: dict[str, str] | None = None) -> Deps:
    return await dev_deps(*turns, children=children, files=FakeFiles(files or audit_project()))


async def audit(deps: Deps, checks: FakeProjectChecks | None = None, git: FakeGit | None = None,
                **options: Any) -> Verdict:
    step = DevStep(step_ports(deps))
    request = AuditInput(PLACE, "F1", checks or FakeProjectChecks(dict(COMMANDS)), git or delivered_git())
    return await audit_batch(step, request, **options)
