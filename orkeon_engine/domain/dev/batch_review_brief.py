"""The inline review of a batch's sheet before its launch (/dev-batches): the reviewer's rules
(review_brief.py) with what to hunt for once the batch's dependencies closed, the sheet with its line
numbers, what the closed batches changed, and the plan. Its Major rows end the batch's first RED and GREEN
prompts as `stale:` lines. Written in this project's words; the prompt-contract test pins its phrase."""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.domain.dev.review_brief import REVIEW_RULES, numbered_text

BATCH_REVIEW_TOOLS: tuple[str, ...] = ("file_read", "node_outline", "node_read", "codebase_search")
BATCH_REVIEW_TURNS = 8

BATCH_HUNT = """\
The batches this one depends on have closed: the code moved since the sheet was written. Look for what in \
the sheet no longer holds: an anchor that moved or vanished, a step a closed batch already did, a test that \
would pass before the change, a name the closed batches renamed."""


def batch_review_brief(sheet_file: str, sheet: str, plan_file: str, plan: str, closed: Sequence[str],
                       batch: str) -> str:
    """The brief of the review of `batch`'s sheet; `closed` lists what each closed batch changed."""
    changed = list(closed) or ["No batch closed yet."]
    return "\n".join([
        f"Review {sheet_file}, the sheet of batch {batch}, before it runs.", "", BATCH_HUNT, "", REVIEW_RULES, "",
        f"Ids you may target: {batch}.", "",
        f"## {sheet_file}, with its line numbers", numbered_text(sheet), "",
        "## What the closed batches changed", *changed, "",
        f"## {plan_file}", plan.strip(),
    ])
