"""What code checks of a drafted plan before it writes a file; each gap found is one sentence the planner
is sent back once with:

- anchors: an inventory ref that exists, a file to create that does not exist yet, or an existing file the
  index does not hold; never a `path:line` of the model's own, anywhere in its text;
- batches: two to five steps each, each step with a test named as the repository names its tests (an
  existing test file, or a new one named and placed like them), dependencies on earlier batches only, a
  batch working in a file an earlier batch works in depending on it, documentation in a batch of its own;
- coverage: every UC, BR or CH id of the source proved by a step (so it has a test) with a code owner (an
  anchor that is neither a test nor documentation), and no id the source lacks;
- design rules: each once, applied in batches that exist or set aside, with its reason;
- assumptions: none settles a question the source leaves open.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.dev.inventory import is_test_path
from orkeon_engine.domain.dev.plan import (
    MAX_STEPS,
    MIN_STEPS,
    Anchor,
    Batch,
    Plan,
    coverage,
    is_doc_path,
    walk_steps,
)
from orkeon_engine.domain.dev.sheet import anchor_path, batch_files

_PATH_LINE = re.compile(r"(?<![\w/.-])(?:[\w.-]+/)*[\w-]+\.[A-Za-z]{1,5}:\d+")
_CLEAN_PATH = re.compile(r"^[\w.-]+(?:/[\w.-]+)*$")
_QUESTION_ID = re.compile(r"\bQ\d+\b")


@dataclass(frozen=True)
class PlanContext:
    """What a plan is checked against: the source's ids and its open questions, the project's files, the
    files the code index holds, and the project's test files."""

    ids: tuple[str, ...]
    open_questions: tuple[str, ...] = ()
    files: frozenset[str] = frozenset()
    indexed: frozenset[str] = frozenset()
    test_files: tuple[str, ...] = ()


def plan_problems(plan: Plan, context: PlanContext, texts: Iterable[tuple[str, str]]) -> list[str]:
    """Every gap of the plan, one sentence each, in the plan's order ([] when it holds)."""
    problems: list[str] = []
    problems += _path_lines(texts)
    problems += _anchor_problems(plan, context)
    problems += _batch_problems(plan.batches, context)
    problems += _shared_file_problems(plan)
    problems += _documentation_problems(plan)
    problems += _coverage_problems(plan, context)
    problems += _rule_problems(plan)
    problems += _assumption_problems(plan.assumptions, context.open_questions)
    return list(dict.fromkeys(problems))


def _path_lines(texts: Iterable[tuple[str, str]]) -> list[str]:
    return [f"{where} names {found.group(0)}, a path:line of its own: anchor through the inventory's refs"
            for where, text in texts for found in _PATH_LINE.finditer(text)]


def path_problem(path: str) -> str:
    """Why a path cannot name a file of the workspace ("" when it can)."""
    if path.startswith(("/", "~")) or re.match(r"^[A-Za-z]:", path):
        return "is an absolute path"
    if _CLEAN_PATH.match(path) is None or any(part in ("", ".", "..") for part in path.split("/")):
        return "is no clean workspace-relative path"
    return ""


def _anchor_problems(plan: Plan, context: PlanContext) -> list[str]:
    problems = []
    for batch, number, step in walk_steps(plan.batches):
        for anchor in step.anchors:
            problem = anchor_problem(plan, anchor, context)
            if problem:
                problems.append(f"{batch.id} S{number} anchors {anchor.render()}: {problem}")
    return problems


def anchor_problem(plan: Plan, anchor: Anchor, context: PlanContext) -> str:
    """Why an anchor does not hold ("" when it does)."""
    if anchor.kind == "ref":
        return "" if plan.inventory.find(anchor.value) is not None else \
            "the inventory holds no such ref (anchor a file through its ref, as new:<path> or file:<path>)"
    problem = path_problem(anchor.value)
    if problem:
        return f"the path {problem}"
    if anchor.kind == "new":
        return "it exists already: anchor it through its inventory ref, or as file:<path>" \
            if anchor.value in context.files else ""
    if anchor.value not in context.files:
        return "no such file exists (a file to create is new:<path>)"
    if anchor.value in context.indexed:
        return "the code index holds it: anchor it through its inventory ref"
    return ""


def _batch_problems(batches: Sequence[Batch], context: PlanContext) -> list[str]:
    problems = []
    seen: list[str] = []
    for batch in batches:
        if not MIN_STEPS <= len(batch.steps) <= MAX_STEPS:
            problems.append(f"{batch.id} has {len(batch.steps)} steps; a batch holds {MIN_STEPS} to {MAX_STEPS} "
                            "(code adds the build-and-tests step)")
        problems += [f"{batch.id} comes after {after}, which is no earlier batch" for after in batch.after
                     if after not in seen]
        seen.append(batch.id)
        for number, step in enumerate(batch.steps, 1):
            if not step.tests:
                problems.append(f"{batch.id} S{number} names no test")
            problems += [f"{batch.id} S{number}: the test {test} {problem}" for test in step.tests
                         if (problem := naming_problem(test, context))]
    return problems


def naming_problem(ref: str, context: PlanContext) -> str:
    """Why a test is not named as the repository names its tests ("" when it is): `path::name`, the path
    an existing test file or a new one named and placed like the existing ones, a Python test's name
    starting with `test`."""
    path, found, names = ref.partition("::")
    name = names.rpartition("::")[2]
    if not found or not name:
        return "is not named as path::name"
    problem = path_problem(path)
    if problem:
        return f"names a file that {problem}"
    if path in context.files:
        return "" if is_test_path(path) or path in context.test_files else f"lives in {path}, which is no test file"
    if not is_test_path(path):
        return f"names a new file {path} that is not named as the project's test files are"
    folders = {test.rpartition("/")[0] for test in context.test_files}
    folder = path.rpartition("/")[0]
    if folders and folder not in folders and not any(known and folder.startswith(known + "/") for known in folders):
        return f"names a new file in {folder or 'the root'}, where the project keeps no tests"
    if path.endswith(".py") and not name.startswith("test"):
        return f"is named {name}; the project's Python tests start with test"
    return ""


def _depends_on(batches: Sequence[Batch], later: Batch, earlier: str) -> bool:
    by_id = {batch.id: batch for batch in batches}
    stack, seen = list(later.after), set()
    while stack:
        current = stack.pop()
        if current == earlier:
            return True
        if current not in seen and current in by_id:
            seen.add(current)
            stack += by_id[current].after
    return False


def _shared_file_problems(plan: Plan) -> list[str]:
    problems = []
    for index, batch in enumerate(plan.batches):
        mine = set(batch_files(plan.inventory, batch))
        for earlier in plan.batches[:index]:
            shared = sorted(mine & set(batch_files(plan.inventory, earlier)))
            if shared and not _depends_on(plan.batches, batch, earlier.id):
                problems.append(f"{batch.id} works in {', '.join(shared)} as {earlier.id} does, so it must come "
                                f"after {earlier.id}")
    return problems


def _documentation_problems(plan: Plan) -> list[str]:
    problems = []
    for batch, number, step in walk_steps(plan.batches):
        for anchor in step.anchors:
            path = anchor_path(plan.inventory, anchor)
            if path is None:
                continue
            if is_doc_path(path) and not batch.documentation:
                problems.append(f"{batch.id} S{number} touches {path}: documentation goes in a batch of its own")
            elif batch.documentation and not is_doc_path(path) and not is_test_path(path):
                problems.append(f"{batch.id} is the documentation batch, yet S{number} touches {path}")
    return problems


def _coverage_problems(plan: Plan, context: PlanContext) -> list[str]:
    rows = {row.id: row for row in coverage(plan)}
    problems = [f"{proved} is proved by a step but is no id of the source (its ids: {', '.join(context.ids)})"
                for proved in rows if proved not in context.ids]
    for wanted in context.ids:
        row = rows.get(wanted)
        if row is None or not row.tests:
            problems.append(f"{wanted} has no test: no step proves it")
        elif not row.owners:
            problems.append(f"{wanted} has no code owner: no step proving it anchors code")
    return problems


def _rule_problems(plan: Plan) -> list[str]:
    problems = []
    seen: set[str] = set()
    batches = {batch.id for batch in plan.batches}
    for number, rule in enumerate(plan.rules, 1):
        key = rule.rule.lower()
        if key in seen:
            problems.append(f"DR{number} repeats a design rule already applied or set aside: {rule.rule}")
        seen.add(key)
        if not rule.reason.strip():
            problems.append(f"DR{number} gives no reason for being {'applied' if rule.applied_in else 'set aside'}")
        problems += [f"DR{number} is applied in {applied}, which is no batch" for applied in rule.applied_in
                     if applied not in batches]
    return problems


def _assumption_problems(assumptions: Sequence[str], open_questions: Collection[str]) -> list[str]:
    return [f"the assumption {assumption!r} settles {found}, a question the source leaves open"
            for assumption in assumptions for found in _QUESTION_ID.findall(assumption) if found in open_questions]
