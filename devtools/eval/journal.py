"""The journal of a generated card: each attempt written down as it ends (one JSON line), so a card that is
stopped (a session's end, Ctrl-C, a crash) goes on where it stopped when run again on the same code.

A journal names what it measures in its first line (model, commit, seed, repeat, agents); one whose first line
names anything else is never resumed from, and code with uncommitted changes is never journaled, since the
attempts of two different programs must not be scored as one card."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from devtools.eval.tally import Attempt


def journal_path(root: Path, model: str, commit: str, repeat: int) -> Path | None:
    """Where the card of `model` at `commit` is journaled; None for code with uncommitted changes."""
    if commit.endswith("+changes") or commit == "unknown":
        return None
    return root / "runs" / f"{model}-{commit}-r{repeat}.jsonl"


class Journal:
    """The attempts a card has already run, read from `path`, and the writer of each new one."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = header
        self.done: dict[tuple[str, str, int], Attempt] = {}
        self._load()

    def _load(self) -> None:
        if not self.path.exists():
            return
        lines = self.path.read_text(encoding="utf-8").splitlines()
        try:
            first = json.loads(lines[0]) if lines else None
        except ValueError:
            first = None
        if first != self.header:  # another card's journal, or a broken one: start over
            self.path.unlink()
            return
        for line in lines[1:]:
            try:
                entry = json.loads(line)
                run = int(entry.pop("run"))
                attempt = Attempt(**entry)
            except (ValueError, TypeError, KeyError):
                continue  # a line cut short by a stop: that attempt runs again
            self.done[(attempt.task_id, attempt.agent, run)] = attempt

    def ran(self, task_id: str, agent: str, run: int) -> Attempt | None:
        return self.done.get((task_id, agent, run))

    def write(self, attempt: Attempt, run: int) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.path.exists()
        with open(self.path, "a", encoding="utf-8") as out:
            if fresh:
                out.write(json.dumps(self.header) + "\n")
            out.write(json.dumps({**asdict(attempt), "run": run}) + "\n")
        self.done[(attempt.task_id, attempt.agent, run)] = attempt


def header(model: str, commit: str, seed: int, repeat: int, agents: Iterable[str]) -> dict[str, Any]:
    return {"model": model, "commit": commit, "seed": seed, "repeat": repeat, "agents": list(agents)}
