"""The dev-reviewer's brief for a plan: the reviewer's rules (review_brief.py) with what to hunt for in a
plan, the plan and its sheets shown with their line numbers (so a cite of them is exact and counts as
opened), the ids it may target (the plan, or one batch), and the project's files. Written in this
project's words; the prompt-contract test pins a phrase of each rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from orkeon_engine.domain.dev.review_brief import REVIEW_RULES, files_listing, numbered_text

PLAN_HUNT = """\
Look for what would make the batches fail or build the wrong thing: a business rule no type or check \
guards; an element of the inventory that already does what a step builds anew, left unused; a reason for \
setting a design rule aside that does not hold; a file a step touches that is no anchor, or an anchor that \
does not exist; two batches working in one file without one depending on the other; a step on something a \
person runs or sees that anchors no existing file; a test that would pass before the change."""


def plan_review_brief(file: str, text: str, sheets: Mapping[str, str], ids: Sequence[str],
                      files: Sequence[str]) -> str:
    """The reviewer's brief for the plan `file` (workspace-relative) holding `text`, and its sheets by path."""
    parts = [f"Review {file}, the plan below, and its batches' sheets, for the questions its author left open.",
             "", PLAN_HUNT, "", REVIEW_RULES, "",
             "The plan and its sheets are shown below with their line numbers: cite them as path:line.", "",
             f"Ids you may target: {', '.join(ids)}.", "", f"## {file}, with its line numbers", numbered_text(text)]
    for path, sheet in sheets.items():
        parts += ["", f"## {path}, with its line numbers", numbered_text(sheet)]
    return "\n".join([*parts, "", *files_listing(files)])
