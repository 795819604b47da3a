"""What /dev-batches decides by code: the plan's next batch in its dependencies' order, a batch's cycles (the
steps on one test file), the `stale:` lines a review's Major rows add to the first launch's prompts, the
correction a GAPS verdict hands the next launch (appended as a step), the assumptions a role states, and
which changed files a RED may touch (test files only)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.checks.project_tooling import is_test_file
from orkeon_engine.domain.dev.plan import Batch, PlanStep
from orkeon_engine.domain.dev.review import ReviewRecord
from orkeon_engine.domain.dev.sections import one_line

ASSUMPTION_PREFIX = "Assumption:"


@dataclass(frozen=True)
class Cycle:
    """One cycle: a test file, the tests of the batch in it, and the steps that name them."""

    number: int
    test_file: str
    tests: tuple[str, ...]
    steps: tuple[PlanStep, ...]


def test_path(test: str) -> str:
    """`tests/test_cart.py::test_total` → `tests/test_cart.py`."""
    return test.partition("::")[0]


def cycles(batch: Batch) -> tuple[Cycle, ...]:
    """The batch's cycles, one a test file, in the order the steps first name them."""
    files: dict[str, tuple[list[str], list[PlanStep]]] = {}
    for step in batch.steps:
        for test in step.tests:
            tests, steps = files.setdefault(test_path(test), ([], []))
            if test not in tests:
                tests.append(test)
            if step not in steps:
                steps.append(step)
    return tuple(Cycle(number, path, tuple(tests), tuple(steps))
                 for number, (path, (tests, steps)) in enumerate(files.items(), 1))


def next_batch(batches: Sequence[Batch], done: Iterable[str], skip: Iterable[str] = ()) -> Batch | None:
    """The first batch, in the plan's order, not done nor skipped whose dependencies all closed."""
    closed, skipped = set(done), set(skip)
    return next((b for b in batches if b.id not in closed and b.id not in skipped
                 and all(after in closed for after in b.after)), None)


def stale_lines(review: ReviewRecord | None) -> tuple[str, ...]:
    """`stale: <question> — <evidence>` for each Major row of a batch's review."""
    if review is None:
        return ()
    return tuple(f"stale: {one_line(f.question)} — {one_line(f.cites)}" for f in review.findings
                 if f.severity == "Major")


def correction_step(rows: Sequence[str]) -> PlanStep:
    """A GAPS verdict's rows as one more step of the batch."""
    return PlanStep("Correction: settle " + "; ".join(one_line(row) for row in rows), (), (), ())


def stated_assumptions(text: str) -> tuple[str, ...]:
    """The `Assumption: …` lines of a role's final answer."""
    found = (one_line(line.strip()[len(ASSUMPTION_PREFIX):]) for line in text.split("\n")
             if line.strip().startswith(ASSUMPTION_PREFIX))
    return tuple(dict.fromkeys(line for line in found if line))


def new_assumptions(stated: Sequence[str], recorded: Sequence[str], sheet: str) -> tuple[str, ...]:
    """The stated assumptions not yet recorded for the batch nor already held by its sheet."""
    return tuple(a for a in dict.fromkeys(stated) if a not in recorded and a not in sheet)


def production_changes(changed: Iterable[str], folders: Sequence[str]) -> tuple[str, ...]:
    """The changed paths a RED must not touch: any that is no test file and lies outside Orkeon's folders."""
    return tuple(path for path in changed if not is_test_file(path)
                 and not any(path == f or path.startswith(f.rstrip("/") + "/") for f in folders))
