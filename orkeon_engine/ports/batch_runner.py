"""BatchRunner: the seam between the waves of /dev-batches and the batch driver. The wave seeds a worktree per
batch and hands each batch to the runner with that worktree as its working root; the runner (the /dev-batches
driver: its review, its cycles RED then GREEN, its audit, its commit) works there alone and answers the
batch's verdict."""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.domain.dev.waves import BatchVerdict

__all__ = ["BatchRunner", "BatchVerdict"]


class BatchRunner(Protocol):
    """Runs one batch of a plan in one working root.

    Contract: every file the batch changes is under `working_root` (a host path: the batch's worktree, on its
    own branch), and a VALID batch has committed its work on that branch (the wave merges the branch, never
    the working tree). GAPS: the audit found gaps, the worktree is kept for the relaunch; BLOCKED: the batch
    could not go on (a review that cannot run, a question nobody answered). An exception the runner raises
    reads as BLOCKED with its message; the other batches of the wave go on."""

    async def run(self, batch_id: str, working_root: str) -> BatchVerdict:
        ...
