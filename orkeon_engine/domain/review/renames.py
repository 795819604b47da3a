"""One name replaced by another throughout a file, as the rename proofs (python_neutral.py, js_neutral.py)
find it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rename:
    """One name replaced by another throughout a file; `local` when it only names variables of functions (or,
    in JavaScript, of blocks)."""

    old: str
    new: str
    local: bool
