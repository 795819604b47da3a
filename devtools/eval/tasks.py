"""The generated tasks: the fix, question, review and commit families, made by code from the projects with a
fixed seed, and each family split into a dev half and a held-out half by that seed.

A model-facing change is kept for what it does to the held-out half: the dev half is the one to read traces
of and tune on (`make eval TRACE=DIR` keeps its traces only). The split orders a family's tasks by a hash
of the seed and the task's id and cuts the order in two, so it is the same on every machine and a task keeps
its half whatever else is run.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from devtools.eval import changes
from devtools.eval.facts import facts
from devtools.eval.mutations import BUG_WORDS, DROPPABLE, OPERATORS, Mutant, mutants
from devtools.eval.projects import Project, all_projects, load

SEED = 51
FAMILIES = ("fix", "question", "review", "review-clean", "commit")
DEV, HELD_OUT = "dev", "held-out"
FIX_COUNT, REVIEW_COUNT, CLEAN_COUNT, COMMITS_PER_KIND = 40, 20, 12, 2
# What a commit of each kind is called in Conventional Commits. A dependency bump is `build`, which some
# teams write `chore`: both are taken; the kinds the issue names plain (docs, test, feat, fix, refactor) not.
COMMIT_TYPES = {"docs": ("docs",), "test": ("test",), "feat": ("feat",), "fix": ("fix",), "build": ("build", "chore"),
                "refactor": ("refactor",)}
FIX_ASKS = (
    "The tests in {test} fail. Fix the code so that they pass; the tests are right.",
    "`{function}` in {path} does not do what its tests in {test} expect. Fix it.",
    "`{command}` fails in this project. Find the bug in the code and fix it (the tests are right).",
)


@dataclass(frozen=True)
class Task:
    """One task: the repository to make (committed files, then staged ones), what to ask, how to judge it."""

    family: str
    id: str
    project: str
    committed: dict[str, str]
    staged: dict[str, str] = field(default_factory=dict)
    prompt: str = ""
    half: str = DEV
    answer: str = ""
    """question: the value or name the answer must hold."""
    path: str = ""
    line: int = 0
    """review: the file and line of the bug the diff brings in."""
    bug_words: tuple[str, ...] = ()
    """review: words of which a finding on that line must say one to name the bug (mutations.BUG_WORDS)."""
    types: tuple[str, ...] = ()
    """commit: the Conventional Commits types the subject may carry."""
    tests: tuple[str, ...] = ()
    """fix: the test files, put back as they were before judging."""
    files: tuple[str, ...] = ()
    """The files a person would add to a chat for this task (for Aider)."""
    test_command: tuple[str, ...] = ()


def _with_rules(project: Project, files: dict[str, str]) -> dict[str, str]:
    """The project's files with its settings file allowing the tests to run, as a team would commit it."""
    rules = ", ".join(f'"{rule}"' for rule in project.allow_rules)
    return {**files, ".orkeon/config.json": f'{{\n  "permissions": {{\n    "allow": [{rules}]\n  }}\n}}\n'}


def _test_for(project: Project, path: str) -> str:
    """The test file that imports the module at `path` (the first test file when none names it)."""
    module = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    for test in project.tests:
        if re.search(rf"\b{re.escape(module)}\b", project.files[test]):
            return test
    return project.tests[0]


def imported_by(project: Project, test: str) -> tuple[str, ...]:
    """The project's source files a test file imports or requires."""
    text = project.files[test]
    found = []
    for path in project.sources:
        module = path.rsplit(".", 1)[0]
        dotted, stem = module.replace("/", "."), module.rsplit("/", 1)[-1]
        if re.search(rf"(from|import) {re.escape(dotted)}\b|from {re.escape(dotted.rsplit('.', 1)[0])} import "
                     rf"[^\n]*\b{re.escape(stem)}\b|require\('\.\./{re.escape(path)}'\)", text):
            found.append(path)
    return tuple(found)


def _round_robin(groups: dict[str, list[Mutant]], count: int, taken: set[str]) -> list[Mutant]:
    """`count` mutants, one operator after another in OPERATORS order, skipping those already taken."""
    chosen: list[Mutant] = []
    queues = {operator: [m for m in groups.get(operator, []) if m.key not in taken] for operator in OPERATORS}
    while len(chosen) < count and any(queues.values()):
        for operator in OPERATORS:
            if queues[operator] and len(chosen) < count:
                chosen.append(queues[operator].pop(0))
    return chosen


def _shuffled_groups(rng: random.Random) -> dict[str, list[Mutant]]:
    groups: dict[str, list[Mutant]] = {}
    for project in all_projects():
        for mutant in mutants(project):
            groups.setdefault(mutant.operator, []).append(mutant)
    for operator in sorted(groups):
        rng.shuffle(groups[operator])
    return groups


def fix_task(mutant: Mutant, ask: int) -> Task:
    project = load(mutant.project)
    test = _test_for(project, mutant.path)
    command = " ".join(project.test_command)
    template = FIX_ASKS[ask] if (mutant.function or ask != 1) else FIX_ASKS[0]
    prompt = template.format(test=test, function=mutant.function, path=mutant.path, command=command)
    committed = _with_rules(project, {**project.files, mutant.path: mutant.mutated})
    return Task("fix", f"fix:{mutant.key}", project.name, committed, prompt=prompt, tests=project.tests,
                files=(test, *imported_by(project, test)), test_command=project.test_command)


def review_task(mutant: Mutant) -> Task:
    project = load(mutant.project)
    return Task("review", f"review:{mutant.key}", project.name, dict(project.files),
                staged={mutant.path: mutant.mutated}, path=mutant.path, line=mutant.line,
                bug_words=bug_words(mutant))


def bug_words(mutant: Mutant) -> tuple[str, ...]:
    """The words that name the mutant's bug: its kind's, and for a dropped call the call's own name."""
    words = BUG_WORDS[mutant.operator]
    if mutant.operator == "dropped call":
        dropped = {name for name in DROPPABLE if f".{name}(" in mutant.original and f".{name}(" not in mutant.mutated}
        words = (*words, *sorted(dropped))
    return words


def clean_task(change: changes.Change) -> Task:
    project = load(change.project)
    return Task("review-clean", f"review-clean:{change.key}", project.name, dict(project.files),
                staged=dict(change.files))


def commit_task(kind: str, project: Project, staged: dict[str, str], what: str,
                committed: dict[str, str] | None = None) -> Task:
    return Task("commit", f"commit:{project.name}:{kind}:{what}", project.name, committed or dict(project.files),
                staged=staged, types=COMMIT_TYPES[kind])


def question_tasks() -> list[Task]:
    tasks = []
    for project in all_projects():
        for fact in facts(project):
            named = fact.named_files or project.sources
            tasks.append(Task("question", f"question:{fact.key}", project.name, dict(project.files),
                              prompt=fact.question, answer=fact.answer, files=named))
    return tasks


def _commit_tasks(rng: random.Random, fix_mutants: Sequence[Mutant]) -> list[Task]:
    """COMMITS_PER_KIND changes of each kind, each from a project the seed picks."""
    projects = list(all_projects())
    candidates: dict[str, list[Task]] = {kind: [] for kind in COMMIT_TYPES}
    for project in projects:
        for change in changes.readme_usage(project):
            candidates["docs"].append(commit_task("docs", project, change.files, change.what))
        for change in changes.constant_tests(project):
            candidates["test"].append(commit_task("test", project, change.files, change.what))
        for change in changes.new_functions(project):
            candidates["feat"].append(commit_task("feat", project, change.files, change.what))
        for change in changes.build_bumps(project):
            candidates["build"].append(commit_task("build", project, change.files, change.what))
        for change in changes.function_renames(project):
            candidates["refactor"].append(commit_task("refactor", project, change.files, change.what))
    for mutant in fix_mutants:
        project = load(mutant.project)
        candidates["fix"].append(commit_task("fix", project, {mutant.path: mutant.original}, mutant.key,
                                             committed={**project.files, mutant.path: mutant.mutated}))
    chosen: list[Task] = []
    for kind in COMMIT_TYPES:
        pool = candidates[kind]
        rng.shuffle(pool)
        by_project: dict[str, Task] = {}
        for task in pool:  # different projects first
            by_project.setdefault(task.project, task)
        spread = list(by_project.values()) + [task for task in pool if task not in by_project.values()]
        chosen += spread[:COMMITS_PER_KIND]
    return chosen


def _clean_tasks(rng: random.Random) -> list[Task]:
    by_kind: dict[str, list[changes.Change]] = {}
    for project in all_projects():
        for change in changes.clean_changes(project):
            by_kind.setdefault(change.kind, []).append(change)
    for kind in sorted(by_kind):
        rng.shuffle(by_kind[kind])
    chosen: list[changes.Change] = []
    while len(chosen) < CLEAN_COUNT and any(by_kind.values()):
        for kind in sorted(by_kind):
            if by_kind[kind] and len(chosen) < CLEAN_COUNT:
                chosen.append(by_kind[kind].pop(0))
    return [clean_task(change) for change in chosen]


def generate(seed: int = SEED) -> list[Task]:
    """Every task of every family, each with its half, in family order then the order the seed gives."""
    rng = random.Random(seed)
    groups = _shuffled_groups(rng)
    fixes = _round_robin(groups, FIX_COUNT, set())
    reviews = _round_robin(groups, REVIEW_COUNT, {m.key for m in fixes})
    tasks = [fix_task(mutant, rng.randrange(len(FIX_ASKS))) for mutant in fixes]
    tasks += question_tasks()
    tasks += [review_task(mutant) for mutant in reviews]
    tasks += _clean_tasks(rng)
    tasks += _commit_tasks(rng, fixes)
    return split(tasks, seed)


def _rank(seed: int, task: Task) -> str:
    return hashlib.sha256(f"{seed}:{task.id}".encode()).hexdigest()


def split(tasks: Iterable[Task], seed: int) -> list[Task]:
    """Each family's tasks ordered by the seed's hash of their ids, the first half dev, the rest held out."""
    out: list[Task] = []
    for family in FAMILIES:
        ordered = sorted((task for task in tasks if task.family == family), key=lambda task: _rank(seed, task))
        cut = (len(ordered) + 1) // 2
        out += [replace(task, half=DEV if index < cut else HELD_OUT) for index, task in enumerate(ordered)]
    return out


def sample(tasks: Sequence[Task], per_family: int) -> list[Task]:
    """The first `per_family` tasks of each family, taken from the two halves in turn, every other family
    starting with the held-out half (so a sample of one a family still sees both halves)."""
    out: list[Task] = []
    for number, family in enumerate(FAMILIES):
        order = (DEV, HELD_OUT) if number % 2 == 0 else (HELD_OUT, DEV)
        halves = [[task for task in tasks if task.family == family and task.half == half] for half in order]
        turns = [task for row in _zip_all(halves) for task in row]
        out += turns[:per_family]
    return out


def play_order(tasks: Sequence[Task]) -> list[Task]:
    """The order a card plays its tasks in: the held-out half first, then the dev half, each taking the families
    in turn, so a card stopped early has measured the half that counts, a little of every family."""
    out: list[Task] = []
    for half in (HELD_OUT, DEV):
        queues = [[task for task in tasks if task.half == half and task.family == family] for family in FAMILIES]
        out += [task for row in _zip_all(queues) for task in row]
    return out


def _zip_all(queues: list[list[Task]]) -> list[list[Task]]:
    """The queues' first tasks, then their second ones, and so on (a queue that runs out is passed over)."""
    longest = max((len(queue) for queue in queues), default=0)
    return [[queue[i] for queue in queues if i < len(queue)] for i in range(longest)]
