"""Code's table of checks for a batch's audit: what the gate (the build, the batch's tests), the capture (the
whole suite, the diff) and the sheet settle without a model, each axis `ok`, a `gap` or `not checked`, and the
rows code carries for its gaps (each citing the capture file or the sheet's line that shows it).

A failing build or batch test is Blocking (and stops the audit before the model), a failing suite Major, a
test the sheet names that does not exist Major, a changed file the sheet neither anchors nor tests Minor.
The axes code cannot read (the code's meaning, reuse, conventions) are left not checked, to the auditor."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.checks.project_tooling import is_test_file
from orkeon_engine.domain.dev.inventory import is_test_path
from orkeon_engine.domain.dev.plan import Batch
from orkeon_engine.domain.dev.sections import one_line
from orkeon_engine.domain.dev.verdict import NO_CAPTURE, Axis, Check, RowSeverity, VerdictRow

LEFT_TO_THE_AUDITOR: tuple[Axis, ...] = ("code", "reuse", "conventions")
_FAILING: dict[Axis, RowSeverity] = {"build": "Blocking", "tests": "Blocking", "suite": "Major"}


@dataclass(frozen=True)
class CheckOutcome:
    """One of the project's checks as the audit ran it: its command ("" when the project names none), its
    exit code (None: it did not run, `reason` says why), the last line of its output and its capture file."""

    axis: Axis
    command: str
    exit_code: int | None = None
    reason: str = ""
    last_line: str = ""
    capture: str = NO_CAPTURE

    @property
    def blocked(self) -> str:
        """Why the audit cannot judge ("" when it can): the project names the check, and it did not run."""
        if self.command and self.exit_code is None:
            return f"the {self.axis} could not run ({self.command}): {self.reason or 'no reason given'}"
        return ""

    @property
    def failed(self) -> bool:
        return self.exit_code is not None and self.exit_code != 0


@dataclass(frozen=True)
class Changed:
    """The files the batch changed (workspace-relative, the work folder left out) and its diff's capture file,
    or why the diff was not taken."""

    paths: tuple[str, ...] = ()
    capture: str = ""
    reason: str = ""


@dataclass(frozen=True)
class AuditFacts:
    """What code knows of a batch once its checks ran: its sheet (path and text), the gate's outcomes, the
    suite's (None: not run, the gate failed), what it changed, and the files its steps anchor (None: the plan
    could not be read to resolve them)."""

    sheet: Batch
    sheet_path: str
    sheet_text: str
    gate: tuple[CheckOutcome, ...]
    suite: CheckOutcome | None
    changed: Changed
    anchored: tuple[str, ...] | None


def gate_failed(gate: Sequence[CheckOutcome]) -> bool:
    """Whether the build or the batch's tests fail (a GAPS verdict without asking the model)."""
    return any(outcome.failed for outcome in gate)


def sheet_tests(sheet: Batch) -> tuple[str, ...]:
    """The test files the sheet's steps name (`tests/test_cart.py::test_total` → `tests/test_cart.py`), once each."""
    return tuple(dict.fromkeys(test.split("::", 1)[0] for step in sheet.steps for test in step.tests))


def code_table(facts: AuditFacts,
               test_texts: Mapping[str, str] | None) -> tuple[tuple[Check, ...], tuple[VerdictRow, ...]]:
    """Code's checks, one an axis it reads, and the rows of its gaps. `test_texts` holds the texts of the test
    files the sheet names that exist (None: not read, the gate failed first)."""
    checks: list[Check] = []
    rows: list[VerdictRow] = []
    for outcome in facts.gate:
        _add(checks, rows, _run_check(outcome))
    _add(checks, rows, _run_check(facts.suite) if facts.suite is not None else
         (Check("suite", "not checked", "not run: the build or the batch's tests fail"), None))
    _add(checks, rows, _sheet_check(facts, test_texts))
    _add(checks, rows, _scope_check(facts))
    checks += [Check(axis, "not checked", "left to the auditor") for axis in LEFT_TO_THE_AUDITOR]
    return tuple(checks), tuple(rows)


def _add(checks: list[Check], rows: list[VerdictRow], found: tuple[Check, VerdictRow | None]) -> None:
    checks.append(found[0])
    if found[1] is not None:
        rows.append(found[1])


def _run_check(outcome: CheckOutcome) -> tuple[Check, VerdictRow | None]:
    axis, command = outcome.axis, one_line(outcome.command)
    if not command:
        return Check(axis, "not checked", one_line(outcome.reason) or f"the project names no {axis} command"), None
    if not outcome.failed:
        return Check(axis, "ok", f"`{command}` passed", outcome.capture), None
    said = one_line(outcome.last_line)
    text = f"`{command}` fails with exit code {outcome.exit_code}" + (f": {said}" if said else "")
    return (Check(axis, "gap", f"`{command}` failed (exit code {outcome.exit_code})", outcome.capture),
            VerdictRow(_FAILING[axis], axis, outcome.capture, text))


def _sheet_check(facts: AuditFacts, texts: Mapping[str, str] | None) -> tuple[Check, VerdictRow | None]:
    if texts is None:
        return Check("sheet", "not checked", "not read: the build or the batch's tests fail"), None
    named = [test for step in facts.sheet.steps for test in step.tests]
    missing = [test for test in named if not _test_exists(test, texts)]
    if not missing:
        return Check("sheet", "ok", f"every test the sheet names exists ({len(named)})"), None
    first = missing[0]
    text = (f"The sheet names {len(missing)} test{'s' if len(missing) != 1 else ''} that the batch did not "
            f"write: {', '.join(missing)}")
    return (Check("sheet", "gap", f"{len(missing)} of the {len(named)} tests the sheet names do not exist"),
            VerdictRow("Major", "sheet", f"{facts.sheet_path}:{_line_naming(facts.sheet_text, first)}", text))


def _test_exists(test: str, texts: Mapping[str, str]) -> bool:
    path, _, name = test.partition("::")
    text = texts.get(path)
    if text is None:
        return False
    return not name or name.split("::")[-1].split("[")[0] in text


def _line_naming(text: str, test: str) -> int:
    lines = text.split("\n")
    return next((number for number, line in enumerate(lines, 1) if line.startswith("- Tests:") and test in line), 1)


def _scope_check(facts: AuditFacts) -> tuple[Check, VerdictRow | None]:
    changed = facts.changed
    if changed.reason:
        return Check("scope", "not checked", changed.reason), None
    if facts.anchored is None:
        return Check("scope", "not checked", "the plan could not be read to resolve the sheet's anchors",
                     changed.capture or NO_CAPTURE), None
    named = set(facts.anchored) | set(sheet_tests(facts.sheet))
    outside = [path for path in changed.paths if path not in named and not is_test_path(path)]
    capture = changed.capture or NO_CAPTURE
    if not outside:
        return Check("scope", "ok", f"every changed file is anchored or a test ({len(changed.paths)})", capture), None
    files = f"{len(outside)} file{'s' if len(outside) != 1 else ''}"
    text = f"The batch changes {files} its sheet does not anchor: {', '.join(outside)}"
    return (Check("scope", "gap", f"{files} changed outside the sheet's anchors", capture),
            VerdictRow("Minor", "scope", capture, text))


def named_tests(given: Sequence[str], files: Collection[str], limit: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The test files the auditor named that code runs (existing test files of the project, `limit` at most),
    and why each other name is not run."""
    kept: list[str] = []
    dropped: list[str] = []
    for raw in given:
        path = one_line(raw).removeprefix("/workspace/").split("::", 1)[0]
        if path not in files or not is_test_file(path):
            dropped.append(f"test {path or '(none)'} named by the auditor is no test file of the project: not run")
        elif path in kept:
            continue
        elif len(kept) == limit:
            dropped.append(f"test {path} named by the auditor is beyond the {limit} it may name: not run")
        else:
            kept.append(path)
    return tuple(kept), tuple(dropped)


def named_test_row(outcome: CheckOutcome) -> tuple[VerdictRow | None, str]:
    """The row of a test the auditor named once code ran it (a Major one when it fails), or why it did not run."""
    if not outcome.command:
        return None, "the project names no test command: the test the auditor named was not run"
    if outcome.exit_code is None:
        return None, f"the test the auditor named could not run ({one_line(outcome.command)}): {outcome.reason}"
    if not outcome.failed:
        return None, ""
    said = one_line(outcome.last_line)
    text = f"`{one_line(outcome.command)}`, run at the auditor's request, fails with exit code {outcome.exit_code}" + \
        (f": {said}" if said else "")
    return VerdictRow("Major", "tests", outcome.capture, text), ""
