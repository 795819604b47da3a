"""Checks in the turn (`assistant.verify`): which of the project's checks a turn of the assistant runs, and
how its outcome is worded for the model and for the person.

After a turn's edits, the narrowest relevant check runs: the test files named after a changed file
(domain/checks/change_checks.py), then the Python test files that import a changed module, run with the project's
own runner narrowed to them (domain/checks/check_commands.py); with none, the project's whole test command. A
request to fix something ("fix", "failing", "broken", a test's name) runs the check its words point at
before the model's first step (the test files and test functions it names, the tests of the files it names,
else the whole test command), so the model starts from the failure. The command always comes from the
project's configuration, never from the model or the request: the request only chooses test files, which
are workspace-relative paths the runner takes as quoted arguments.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from orkeon_engine.domain.checks.change_checks import nearest_tests
from orkeon_engine.domain.checks.check_commands import check_command, target_problem
from orkeon_engine.domain.checks.project_tooling import Zone, is_test_file
from orkeon_engine.domain.model.act import ActResult, Budget

MAX_TARGETS = 12
_FIX_WORDS = re.compile(
    r"\b(fix(e[sd]|ing)?|repair(s|ed|ing)?|fail(s|ed|ing|ure|ures)?|broken|bugs?|buggy|crash(es|ed|ing)?|debug)\b"
    r"|\btest_\w+", re.IGNORECASE)
_TEST_NAME = re.compile(r"\b(test_\w+)\b")
_IMPORT = re.compile(r"^[ \t]*(?:from\s+(?P<source>[\w.]+)\s+import\s+(?:\((?P<grouped>[^)]*)\)|(?P<names>[^\n#]+))"
                     r"|import\s+(?P<modules>[^\n#]+))", re.MULTILINE)
_UNCHECKED_SUFFIXES = (".md", ".rst", ".txt", ".adoc")
_SOURCE_ROOTS = ("src", "lib")

CheckStatus = Literal["passed", "failed", "unchecked"]


@dataclass(frozen=True)
class TurnCheck:
    """One check the turn runs: the project's command line, narrowed to `targets` (none: the whole runner)."""

    command: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class CheckOutcome:
    """How a check ended: passed, failed (its exit code and the failure trimmed to the project's frames), or
    unchecked (it did not run: `reason` says why, the gate's refusal or a command that could not start);
    `seconds`, how long it ran."""

    check: TurnCheck
    status: CheckStatus
    exit_code: int | None = None
    failure: str = ""
    reason: str = ""
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    @property
    def failed(self) -> bool:
        return self.status == "failed"


def is_fix_request(request: str) -> bool:
    """Whether the request asks to fix something a check may show failing (a fix, a failure, a test's name)."""
    return _FIX_WORDS.search(request) is not None


def worth_checking(changed: Sequence[str]) -> bool:
    """Whether a change touches something a check can cover: a file that is not prose (.md, .txt...) and not
    Orkeon's own."""
    return any(not path.startswith(".orkeon/") and not path.lower().endswith(_UNCHECKED_SUFFIXES)
               for path in changed)


def module_names(path: str) -> tuple[str, ...]:
    """The dotted names a Python file may be imported by: `src/shop/cart.py` is shop.cart, src.shop.cart
    and cart (a test run with its folder on the path); a package's `__init__.py` is the package."""
    if not path.endswith(".py"):
        return ()
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    if not parts:
        return ()
    names = [".".join(parts)]
    if parts[0] in _SOURCE_ROOTS and len(parts) > 1:
        names.append(".".join(parts[1:]))
    names.append(parts[-1])
    return tuple(dict.fromkeys(names))


def imports_module(text: str, path: str) -> bool:
    """Whether a Python source imports the module at `path` (`import shop.cart`, `from shop.cart import x`,
    `from shop import cart`, `from cart import x`)."""
    names = set(module_names(path))
    if not names:
        return False
    for match in _IMPORT.finditer(text):
        if match.group("modules"):
            modules = [part.split()[0] for part in match.group("modules").split(",") if part.strip()]
            if any(module in names for module in modules):
                return True
            continue
        source = match.group("source") or ""
        if source in names:
            return True
        listed = (match.group("grouped") or match.group("names") or "").replace("\\", " ")
        imported = [part.split()[0] for part in listed.split(",") if part.split()]
        if any(f"{source}.{name}" in names for name in imported):
            return True
    return False


def covering_tests(changed: Sequence[str], test_texts: Mapping[str, str], test_files: Sequence[str]) -> tuple[str, ...]:
    """The test files of a change, narrowest first: the ones named after a changed file (a changed test is
    its own), then the Python tests that import a changed module."""
    found = list(nearest_tests(changed, test_files))
    for path in changed:
        found.extend(test for test, text in sorted(test_texts.items())
                     if test not in found and imports_module(text, path))
    return tuple(found[:MAX_TARGETS])


def request_targets(request: str, project_files: Sequence[str], test_texts: Mapping[str, str]) -> tuple[str, ...]:
    """The test targets a request's words point at: the test functions it names (`file::test_name`), the
    test files it names, and the tests of the other project files it names."""
    targets: list[str] = []
    for name in dict.fromkeys(_TEST_NAME.findall(request)):
        targets.extend(f"{test}::{name}" for test, text in sorted(test_texts.items())
                       if re.search(rf"^\s*(async\s+)?def {re.escape(name)}\(", text, re.MULTILINE))
    named = [path for path in project_files if _named(request, path)]
    tests = [path for path in named if is_test_file(path)]
    sources = [path for path in named if not is_test_file(path)]
    targets.extend(path for path in tests if not any(target.startswith(path + "::") for target in targets))
    targets.extend(test for test in covering_tests(sources, test_texts, [p for p in project_files if is_test_file(p)])
                   if test not in targets)
    return tuple(target for target in dict.fromkeys(targets) if not target_problem(target))[:MAX_TARGETS]


def _named(request: str, path: str) -> bool:
    name = path.rpartition("/")[2]
    if "." not in name:
        return False
    return re.search(rf"(?<![\w./-]){re.escape(path)}(?![\w/-])|(?<![\w./-]){re.escape(name)}(?![\w/-])",
                     request) is not None


def choose_check(zones: Sequence[Zone], targets: Sequence[str] = ()) -> TurnCheck | None:
    """The check to run: the project's test command narrowed to `targets`, or its whole test command when
    none is given (or its runner cannot be narrowed); None when the project states no test command."""
    chosen = check_command(zones, "tests", targets) if targets else check_command(zones, "suite")
    if not chosen.command and targets:
        chosen = check_command(zones, "suite")
        targets = ()
    if not chosen.command:
        return None
    return TurnCheck(chosen.command, tuple(targets))


def failure_input(outcome: CheckOutcome) -> str:
    """The model's next input after its edits failed a check."""
    return (f"The project's check failed after your change:\n{_failure_block(outcome)}\n\nChange the code so that "
            "this check passes (the check runs again after your edits), then answer.")


def reproduce_input(outcome: CheckOutcome) -> str:
    """What the model's first input says of the check run before any change."""
    if outcome.passed:
        return (f"Before any change, the project's check `{outcome.check.command}` passes: the failure the "
                "request describes is not one this check shows.")
    return (f"Before any change, the project's check fails; start from this failure:\n{_failure_block(outcome)}")


def _failure_block(outcome: CheckOutcome) -> str:
    ended = f"exit code {outcome.exit_code}" if outcome.exit_code is not None else outcome.reason or "it did not end"
    return f"$ {outcome.check.command}\n({ended})\n{outcome.failure or '(no output)'}"


def check_line(outcome: CheckOutcome) -> str:
    """The answer's closing line for the check: which one, and how it ended."""
    if outcome.passed:
        return f"checked: {outcome.check.command} passed"
    if outcome.failed:
        ended = f"exit code {outcome.exit_code}" if outcome.exit_code is not None else outcome.reason
        return f"checked: {outcome.check.command} failed ({ended})"
    return f"unchecked: the change was not checked; {outcome.check.command} did not run ({outcome.reason})"


def short_reason(reason: str) -> str:
    """A gate's refusal cut to what happened (`refused: nobody answered; change approach...` → nobody
    answered)."""
    text = reason.strip().removeprefix("refused by the permission gate:").strip().removeprefix("refused:").strip()
    return text.split(";")[0].strip() or "refused"


def budget_left(budget: Budget, spent: ActResult, seconds: float) -> Budget | None:
    """What the turn's budget leaves for another round after `spent` (its calls, model turns and prompt
    tokens) and `seconds` of the turn; None when a limit is spent."""
    left = Budget(
        tool_calls=None if budget.tool_calls is None else budget.tool_calls - len(spent.calls),
        seconds=None if budget.seconds is None else budget.seconds - seconds,
        context_tokens=None if budget.context_tokens is None else budget.context_tokens - spent.usage.input_tokens,
        turns=None if budget.turns is None else budget.turns - spent.turns,
    )
    limits = (left.tool_calls, left.seconds, left.context_tokens, left.turns)
    return None if any(limit is not None and limit <= 0 for limit in limits) else left
