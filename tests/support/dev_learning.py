"""Recorded verdicts for /dev-learn's tests: three batches of two works with rows on the tests axis (and one
scope row in a single batch), a PROPOSALS.md holding a refused proposal, and the model's answers as JSON."""

from __future__ import annotations

import json
from typing import Any

from orkeon_engine.domain.dev.proposals import Proposal, ProposalBook, render_proposals
from orkeon_engine.domain.dev.verdict import Verdict, VerdictRow, render_verdict
from tests.support.dev_steps import PROJECT

WORK = ".orkeon/work"
PROPOSALS = f"{WORK}/PROPOSALS.md"
OWNER = "tests/test_cart.py"


def _tests_row(text: str, treated: bool = False) -> VerdictRow:
    return VerdictRow("Major", "tests", "tests/test_cart.py:1", text, treated)


VERDICTS = {
    "cart-save/verdicts/F1.md": Verdict("cart-save", "F1", "GAPS", rows=(
        _tests_row("The test of saving never calls save()."), VerdictRow("Minor", "scope", "shop/cart.py:1", "x"))),
    "cart-save/verdicts/F2.md": Verdict("cart-save", "F2", "GAPS", rows=(
        _tests_row("The test of restoring asserts nothing."), _tests_row("An old row.", treated=True))),
    "total-zero/verdicts/F1.md": Verdict("total-zero", "F1", "GAPS", rows=(
        _tests_row("The total's test checks a constant."),)),
}
REFUSED = ProposalBook((Proposal("P1", "tests", "refused", "Tests assert nothing.", "every test asserts something",
                                 "rule", "AGENTS.md", ("old/F1/V1", "old/F2/V1", "old/F3/V1")),))


def learning_project(book: ProposalBook | None = REFUSED) -> dict[str, str]:
    files = {**PROJECT, **{f"/workspace/{WORK}/{path}": render_verdict(v) for path, v in VERDICTS.items()}}
    if book is not None:
        files[f"/workspace/{PROPOSALS}"] = render_proposals(book)
    return files


def learn_answer(**changes: Any) -> str:
    answer: dict[str, Any] = {
        "motifs": [
            {"cause": "A batch's test passes without calling what its step changed.",
             "rows": ["cart-save/F1/V1", "cart-save/F2/V1", "total-zero/F1/V1"],
             "line": "each step's test calls the function the step anchors, checked by tests/test_cart.py",
             "kind": "check", "owner": OWNER},
            {"cause": "Invented.", "rows": ["cart-save/F1/V1", "nowhere/F9/V9", "total-zero/F1/V1"],
             "line": "x", "kind": "rule", "owner": "AGENTS.md"},
        ],
        "skipped": [{"refused": "P1", "why": "AGENTS.md states no rule on asserts yet", "word": "assert"}],
        "dropped": [{"candidate": "slow tests", "filter": "three batches", "reason": "one batch only"}],
    }
    answer.update(changes)
    return json.dumps(answer)
