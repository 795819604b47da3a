"""The generated run's choices: which tasks (all, SAMPLE a family, ONLY), and where an attempt runs: under the
trace folder for the dev half only."""

from __future__ import annotations

import collections
from pathlib import Path

from devtools.eval.generated import Options, attempt_folder, chosen_tasks
from devtools.eval.tasks import DEV, HELD_OUT


def test_every_task_by_default_and_k_a_family_with_a_sample() -> None:
    everything = chosen_tasks(Options())
    sampled = chosen_tasks(Options(sample=3))

    assert len(everything) >= 40 + 20 + 20 + 10 + 10
    assert set(collections.Counter(task.family for task in sampled).values()) == {3}


def test_only_keeps_the_tasks_whose_id_holds_the_text() -> None:
    chosen = chosen_tasks(Options(only="FIX:SLUGS"))

    assert chosen and all(task.id.startswith("fix:slugs/") for task in chosen)


def test_a_trace_keeps_the_dev_half_only(tmp_path: Path) -> None:
    tasks = chosen_tasks(Options(sample=2, only="fix:"))
    dev = next(task for task in tasks if task.half == DEV)
    held_out = next(task for task in tasks if task.half == HELD_OUT)
    trace, scratch = tmp_path / "trace", tmp_path / "scratch"

    kept = attempt_folder(scratch, trace, dev, "orkeon", 0)
    hidden = attempt_folder(scratch, trace, held_out, "orkeon", 0)
    untraced = attempt_folder(scratch, None, dev, "aider", 1)

    assert (kept[1], kept[0].is_relative_to(trace), hidden[1], hidden[0].is_relative_to(scratch)) == (
        True, True, False, True)
    assert (untraced[1], untraced[0].name) == (False, "aider-r1")
