"""The generated tasks: the families' sizes, every operator in the fix family, prompts that never name the
line, the split by the seed, the sample; and by running the projects' tests, every fix task's bug fails them,
every clean diff keeps them passing, and every commit's staged change leaves them passing."""

from __future__ import annotations

import collections
import json
import re
from pathlib import Path

import pytest

from devtools.eval.mutations import OPERATORS
from devtools.eval.projects import load, run_tests, write
from devtools.eval.tasks import DEV, FAMILIES, HELD_OUT, SEED, Task, generate, play_order, sample, split

TASKS = generate()


def _family(name: str) -> list[Task]:
    return [task for task in TASKS if task.family == name]


def test_each_family_has_at_least_the_tasks_the_issue_asks() -> None:
    counts = collections.Counter(task.family for task in TASKS)

    assert (counts["fix"] >= 40, counts["question"] >= 20, counts["review"] >= 20, counts["review-clean"] >= 10,
            counts["commit"] >= 10) == (True,) * 5


def test_task_ids_are_unique() -> None:
    assert len({task.id for task in TASKS}) == len(TASKS)


def test_the_fix_family_uses_all_ten_operators_across_the_six_projects() -> None:
    operators = {task.id.split(":")[-2] for task in _family("fix")}
    projects = {task.project for task in _family("fix")}

    assert (operators, len(projects)) == (set(OPERATORS), 6)


def test_a_fix_prompt_never_names_the_line() -> None:
    for task in _family("fix"):
        assert not re.search(r"\bline\b|\d", task.prompt), task.prompt


def test_a_fix_task_allows_the_tests_in_the_project_settings() -> None:
    for task in _family("fix"):
        allowed = json.loads(task.committed[".orkeon/config.json"])["permissions"]["allow"]
        assert any(rule.startswith("shell_command(" + " ".join(task.test_command[:2])) for rule in allowed)


def test_review_tasks_are_not_the_fix_tasks_bugs() -> None:
    fixes = {task.id.split(":", 1)[1] for task in _family("fix")}

    assert not fixes & {task.id.split(":", 1)[1] for task in _family("review")}


def test_a_seeded_review_diff_changes_its_line() -> None:
    for task in _family("review"):
        before = task.committed[task.path].splitlines()
        after = task.staged[task.path].splitlines()
        assert before[task.line - 1] != (after[task.line - 1] if task.line <= len(after) else None)


def test_the_commit_family_covers_the_six_kinds() -> None:
    assert {task.types for task in _family("commit")} == {("docs",), ("test",), ("feat",), ("fix",),
                                                          ("build", "chore"), ("refactor",)}


def test_the_split_is_the_same_on_every_call_and_halves_each_family() -> None:
    again = generate()

    assert [(t.id, t.half) for t in again] == [(t.id, t.half) for t in TASKS]
    for family in ("fix", "question", "review", "review-clean", "commit"):
        halves = collections.Counter(task.half for task in _family(family))
        assert abs(halves[DEV] - halves[HELD_OUT]) <= 1


def test_another_seed_splits_otherwise() -> None:
    other = split(TASKS, SEED + 1)

    assert {t.id for t in other if t.half == DEV} != {t.id for t in TASKS if t.half == DEV}


def test_a_task_keeps_its_half_when_others_are_left_out() -> None:
    fixes = _family("fix")
    halves = {task.id: task.half for task in split(fixes, SEED)}

    assert {task.id: task.half for task in split(TASKS, SEED) if task.family == "fix"} == halves


def test_a_sample_takes_k_a_family_from_both_halves() -> None:
    taken = sample(TASKS, 2)

    assert collections.Counter(task.family for task in taken) == {f: 2 for f in
                                                                   ("fix", "question", "review", "review-clean",
                                                                    "commit")}
    assert {task.half for task in taken if task.family == "fix"} == {DEV, HELD_OUT}


def test_a_sample_of_one_a_family_still_sees_both_halves() -> None:
    taken = sample(TASKS, 1)

    assert len(taken) == len(FAMILIES) and {task.half for task in taken} == {DEV, HELD_OUT}


def test_a_card_plays_the_held_out_half_first_taking_the_families_in_turn() -> None:
    ordered = play_order(TASKS)
    held_out = sum(1 for task in TASKS if task.half == HELD_OUT)

    assert sorted(task.id for task in ordered) == sorted(task.id for task in TASKS)
    assert {task.half for task in ordered[:held_out]} == {HELD_OUT}
    assert [task.family for task in ordered[:len(FAMILIES)]] == list(FAMILIES)


def test_every_fix_tasks_bug_makes_the_projects_tests_fail(tmp_path: Path) -> None:
    passing = []
    for number, task in enumerate(_family("fix")):
        project = load(task.project)
        files = {path: text for path, text in task.committed.items() if path in project.files}
        code, summary = run_tests(project, write(project, tmp_path / str(number), files))
        if code == 0:
            passing.append(f"{task.id}: {summary}")

    assert passing == []


def test_every_clean_diff_keeps_the_projects_tests_passing(tmp_path: Path) -> None:
    failing = []
    for number, task in enumerate(_family("review-clean")):
        project = load(task.project)
        code, summary = run_tests(project, write(project, tmp_path / str(number), task.staged))
        if code != 0:
            failing.append(f"{task.id}: {summary}")

    assert failing == []


def test_every_commits_staged_change_leaves_the_tests_passing(tmp_path: Path) -> None:
    failing = []
    for number, task in enumerate(_family("commit")):
        project = load(task.project)
        code, summary = run_tests(project, write(project, tmp_path / str(number), {**task.committed, **task.staged}))
        if code != 0:
            failing.append(f"{task.id}: {summary}")

    assert failing == []


@pytest.mark.parametrize("task", [t for t in _family("commit") if t.types == ("fix",)], ids=lambda t: t.id)
def test_a_fix_commit_starts_from_a_failing_project(task: Task, tmp_path: Path) -> None:
    project = load(task.project)

    assert run_tests(project, write(project, tmp_path, task.committed))[0] != 0
