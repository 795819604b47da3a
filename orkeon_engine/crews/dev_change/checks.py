"""What code decides about a change brief: whether a run reproduces the bug (or measured the cost), and
whether a test the brief names exists (else the behaviour it pins is written as unpinned)."""

from __future__ import annotations

import re
from collections.abc import Collection

from orkeon_engine.domain.dev.brief import ChangeKind, RunRecord
from orkeon_engine.domain.dev.pack import split_test_ref

CANNOT_RUN_CODES = frozenset({126, 127})
"""Exit codes of a shell that could not run the program at all (not executable, not found)."""


def run_stop(kind: ChangeKind, run: RunRecord) -> str:
    """Why the step stops on this run before anything is written ("" when it goes on)."""
    shown = f"`{run.command}`"
    if run.exit_code in CANNOT_RUN_CODES:
        return f"{shown} could not run (exit code {run.exit_code}): nothing was written"
    if run.exit_code is None:
        return f"{shown} timed out: it neither reproduced nor measured anything, and nothing was written"
    if kind == "bug" and run.exit_code == 0:
        return f"not reproduced: {shown} passed (exit code 0), so nothing was written; name a case that fails"
    if kind == "perf" and run.exit_code != 0:
        return f"not measured: {shown} failed (exit code {run.exit_code}), so nothing was written"
    return ""


def missing_test(ref: str, files: Collection[str], text: str | None) -> str:
    """Why `ref` (path::name) is no existing test ("" when it is one): its file is not in the project, or the
    file does not hold the name. `text` is the file's text (None when it could not be read)."""
    path, name = split_test_ref(ref)
    if path not in files:
        return f"{path} is no file of the project"
    if name and (text is None or re.search(rf"\b{re.escape(name)}\b", text) is None):
        return f"{path} holds no test named {name}"
    return ""
