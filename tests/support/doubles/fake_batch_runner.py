"""FakeBatchRunner: the BatchRunner seam over plain fields, doing real work in the worktree it is handed: it
writes `files[batch]` ({path: text}) there and commits them on the worktree's branch (unless they are committed
already), then answers `verdicts[batch]` (VALID when unset); `errors[batch]` is raised instead.

`hold` (an asyncio.Event) keeps every run waiting after its commit until it is set; `together` runs wait for
each other (10 s at most) before working, so `most_at_once` (how many runs were under way together at most)
shows whether they truly ran at once; `runs` records (batch, working root) in order, `committed` the batches
whose commit is made."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
from pathlib import Path

from orkeon_engine.domain.dev.waves import BatchVerdict

GATHER_SECONDS = 10.0


class FakeBatchRunner:
    def __init__(self, files: dict[str, dict[str, str]] | None = None,
                 verdicts: dict[str, BatchVerdict] | None = None,
                 errors: dict[str, Exception] | None = None, hold: asyncio.Event | None = None,
                 together: int = 1) -> None:
        self.files: dict[str, dict[str, str]] = dict(files or {})
        self.verdicts: dict[str, BatchVerdict] = dict(verdicts or {})
        self.errors: dict[str, Exception] = dict(errors or {})
        self.hold = hold
        self.runs: list[tuple[str, str]] = []
        self.committed: list[str] = []
        self.together = together
        self.most_at_once = 0
        self._under_way = 0
        self._gathered = asyncio.Event()

    async def run(self, batch_id: str, working_root: str) -> BatchVerdict:
        self.runs.append((batch_id, working_root))
        self._under_way += 1
        self.most_at_once = max(self.most_at_once, self._under_way)
        try:
            if self._under_way >= self.together:
                self._gathered.set()
            # Runs truly at once all get here before any goes on; a run left alone waits a while, then goes on.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._gathered.wait(), GATHER_SECONDS)
            if batch_id in self.errors:
                raise self.errors[batch_id]
            written = self.files.get(batch_id, {})
            if written:
                await asyncio.to_thread(_commit, Path(working_root), written, f"feat: batch {batch_id}")
            self.committed.append(batch_id)
            if self.hold is not None:
                await self.hold.wait()
            return self.verdicts.get(batch_id, "VALID")
        finally:
            self._under_way -= 1


def _commit(root: Path, files: dict[str, str], message: str) -> None:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    subprocess.run(["git", "add", "--", *files], cwd=root, check=True, capture_output=True)
    if subprocess.run(["git", "diff", "--cached", "--quiet"], cwd=root, check=False).returncode == 0:
        return  # the worktree already holds these files committed: a batch resumed where it was killed
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=root, check=True, capture_output=True)
