"""The audit's prompts over sample inputs, as the model reads them: the dev-auditor's system message and
brief, and the extraction of a report in prose (`orkeon prompts render DIR`; the prompt-contract test reads
them for its markers)."""

from __future__ import annotations

from orkeon_engine.domain.agents.agents import find_charter
from orkeon_engine.domain.agents.child_prompt import ChildPromptInput, child_system_prompt
from orkeon_engine.domain.dev.audit_brief import EXTRACT_SYSTEM, audit_brief, extract_request
from orkeon_engine.domain.dev.verdict import Check
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt

SAMPLE_SHEET_FILE = ".orkeon/work/cart-save/sheets/F1.md"
SAMPLE_SHEET = """\
# Sheet F1 of cart-save: Save a cart

Plan: .orkeon/work/cart-save/plan.md
Status: ready
After: none
Kind: behaviour

## 1. Goal

The shopper keeps a cart for later.

## 2. Steps

### S1 · Keep a saved cart with its lines
- Proves: UC1
- Tests: tests/test_saved.py::test_a_cart_is_saved
- Anchors: new:shop/saved.py, I2
"""
SAMPLE_CAPTURE = ".orkeon/work/cart-save/capture/F1"
SAMPLE_CHECKS = (
    Check("build", "not checked", "the project names no build command"),
    Check("tests", "ok", "`python -m pytest tests/test_saved.py` passed", f"{SAMPLE_CAPTURE}/tests.txt"),
    Check("suite", "ok", "`make test` passed", f"{SAMPLE_CAPTURE}/suite.txt"),
    Check("sheet", "ok", "every test the sheet names exists (1)"),
    Check("scope", "ok", "every changed file is anchored or a test (2)", f"{SAMPLE_CAPTURE}/diff.txt"),
    Check("code", "not checked", "left to the auditor"),
    Check("reuse", "not checked", "left to the auditor"),
    Check("conventions", "not checked", "left to the auditor"),
)


def auditor_system(title: str = "c1 dev-auditor") -> str:
    """The system message a dev-auditor child reads (its charter's purpose, its read-only mode)."""
    charter = find_charter("dev-auditor")
    purpose = charter.purpose if charter is not None else ""
    return child_system_prompt(ChildPromptInput(title, purpose, "plan", True))


def every_prompt() -> list[RenderedPrompt]:
    brief = audit_brief("F1", SAMPLE_SHEET_FILE, SAMPLE_SHEET, SAMPLE_CHECKS, ("shop/saved.py", "tests/test_saved.py"),
                        ("Makefile", "shop/cart.py", "shop/saved.py", "tests/test_saved.py"))
    report = "The saved cart keeps no price (shop/saved.py:3); conventions: none stated."
    return [
        RenderedPrompt("dev-verify", auditor_system(), brief),
        RenderedPrompt("dev-verify-extraction", EXTRACT_SYSTEM, extract_request(report, "F1")),
    ]
