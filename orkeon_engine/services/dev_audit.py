"""The audit of a delivered batch (the dev-verify step): the gate and the capture by code, then one read-only
`dev-auditor` child, and the verdict written by code to `verdicts/F<n>.md` under the work's folder.

    verdict = await audit_batch(step, AuditInput(place, "F2", checks, git))

The gate runs the project's build and the batch's own tests (the test files its sheet names) through the
ProjectChecks port; a failing one is a GAPS verdict without asking the model. The capture then runs the whole
suite and takes the batch's diff; every run is written as a capture file (`capture/F<n>/<kind>.txt`). Code
settles what it can (the sheet's tests exist, the changed files stay within the sheet's anchors and tests)
into its table of checks; a gap it finds is a row it carries itself. `gate_only` stops there. Otherwise the
auditor (in the background when the host runs children, else inline, in plan mode with its read tools under
the dev-verify step's rule sets and budget) judges the code against the sheet; code keeps each of its rows
whose cite exists and whose axis code did not settle as ok, and ranks them. A check that cannot run, a sheet
that cannot be read or an auditor that fails leaves a BLOCKED verdict with its reason.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from orkeon_engine.domain.dev.audit_answer import AuditAnswer
from orkeon_engine.domain.dev.audit_brief import EXTRACT_SYSTEM, MAX_NAMED_TESTS, audit_brief, extract_request
from orkeon_engine.domain.dev.audit_checks import (
    AuditFacts,
    Changed,
    CheckOutcome,
    code_table,
    gate_failed,
    named_test_row,
    named_tests,
    sheet_tests,
)
from orkeon_engine.domain.dev.pack import project_paths
from orkeon_engine.domain.dev.plan import PLAN_FILE, Batch, is_batch_id, parse_plan, sheet_file
from orkeon_engine.domain.dev.review import ReviewScope
from orkeon_engine.domain.dev.sections import DevFileError, one_line
from orkeon_engine.domain.dev.sheet import batch_files, parse_sheet
from orkeon_engine.domain.dev.verdict import (
    Axis,
    Check,
    CiteScope,
    Undecided,
    Verdict,
    VerdictRow,
    capture_file,
    check_cite,
    cited_path,
    clean_row,
    judged,
    ranked,
    render_verdict,
    verdict_file,
)
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.git.git import StatusEntry
from orkeon_engine.domain.model_replies.model_json import json_candidate
from orkeon_engine.ports.git import Git, GitError
from orkeon_engine.ports.project_checks import CheckKind, CheckRun, ProjectChecks
from orkeon_engine.services.dev_review import ReviewJob, child_report, launch_review
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.project_files import list_project_files, read_workspace_text
from orkeon_engine.services.work_folder import WorkFolder

AUDITOR = "dev-auditor"
AUDIT_STEP = "dev-verify"
GATE_ONLY = "code alone (--gate-only)"
GATE_FAILED = "code alone (the gate failed)"
MAX_DIFF_CHARS = 400_000
NEW_FILE_BYTES = 20_000


@dataclass(frozen=True)
class AuditInput:
    """The batch to audit: its work's place, its id, the project's checks under its working root, the
    repository (None: the diff is not captured), and the test files its cycles ran (its sheet's when empty)."""

    place: WorkPlace
    batch: str
    checks: ProjectChecks
    git: Git | None = None
    tests: tuple[str, ...] = ()


@dataclass
class _Audit:
    step: DevStep
    request: AuditInput
    folder: WorkFolder
    captures: dict[str, str] = field(default_factory=dict)
    _files: tuple[str, ...] | None = None

    @property
    def place(self) -> WorkPlace:
        return self.request.place

    async def project_files(self) -> tuple[str, ...]:
        """The project's own files, listed once an audit (the brief and the named tests both ask)."""
        if self._files is None:
            self._files = project_paths(await list_project_files(self.step.ports.files))
        return self._files

    async def capture(self, name: str, text: str) -> str:
        """Write one capture file; its workspace-relative path."""
        path = self.place.file(capture_file(self.request.batch, name))
        await self.folder.write(path, text)
        self.captures[path] = text
        return path


async def audit_batch(step: DevStep, request: AuditInput, *, gate_only: bool = False) -> Verdict:
    """Audit one delivered batch and write its verdict; the verdict written (VALID, GAPS or BLOCKED).
    CommandFailedError, before anything runs, when the batch's id is no `F<n>`."""
    if not is_batch_id(request.batch):
        raise CommandFailedError(f"{request.batch!r} is no batch id: a batch is named F1, F2... as its plan names it")
    folder = WorkFolder(step.ports.files, request.place.folder)
    audit = _Audit(step, request, folder)
    verdict = await _verdict(audit, gate_only)
    await folder.write(request.place.file(verdict_file(request.batch)), render_verdict(verdict))
    step.report(f"{verdict.summary()} → {request.place.file(verdict_file(request.batch))}")
    return verdict


async def _verdict(audit: _Audit, gate_only: bool) -> Verdict:
    code, batch = audit.place.code, audit.request.batch
    sheet_path = audit.place.file(sheet_file(batch))
    sheet_text = await audit.folder.read(sheet_path)
    if sheet_text is None:
        return Verdict(code, batch, "BLOCKED", reason=f"{sheet_path} does not exist: plan the work with /dev-plan")
    try:
        sheet = parse_sheet(sheet_text, sheet_path)
    except DevFileError as error:
        return Verdict(code, batch, "BLOCKED", reason=str(error))
    tests = audit.request.tests or sheet_tests(sheet)
    gate = (await _run(audit, "build", ()), await _run(audit, "tests", tests))
    blocked = next((outcome.blocked for outcome in gate if outcome.blocked), "")
    if blocked:
        return Verdict(code, batch, "BLOCKED", sheet.title, reason=blocked)
    changed = await _capture_diff(audit)
    if gate_failed(gate):
        facts = AuditFacts(sheet, sheet_path, sheet_text, gate, None, changed, await _anchored(audit, sheet))
        checks, rows = code_table(facts, None)
        return _judged(code, batch, sheet.title, GATE_FAILED, checks, rows)
    suite = await _run(audit, "suite", ())
    if suite.blocked:
        return Verdict(code, batch, "BLOCKED", sheet.title, reason=suite.blocked)
    facts = AuditFacts(sheet, sheet_path, sheet_text, gate, suite, changed, await _anchored(audit, sheet))
    checks, rows = code_table(facts, await _test_texts(audit, facts))
    if gate_only:
        return _judged(code, batch, sheet.title, GATE_ONLY, checks, rows)
    brief = audit_brief(batch, sheet_path, sheet_text, checks, changed.paths,
                        await audit.project_files())
    answer = await _auditor_answer(audit, brief, sheet_path, sheet_text)
    if answer.failure:
        return Verdict(code, batch, "BLOCKED", sheet.title, answer.who, checks, reason=answer.failure)
    return await _with_auditor(audit, sheet.title, answer, checks, rows)


def _judged(code: str, batch: str, title: str, who: str, checks: Sequence[Check], rows: Sequence[VerdictRow],
            undecided: Sequence[Undecided] = (), dropped: Sequence[str] = ()) -> Verdict:
    kept, left = ranked(rows)
    return Verdict(code, batch, judged(kept), title, who, tuple(checks), kept, tuple(undecided),
                   (*dropped, *left))


# --- the gate and the capture -----------------------------------------------------------------------------


async def _run(audit: _Audit, kind: CheckKind, targets: Sequence[str], name: str = "") -> CheckOutcome:
    checks = audit.request.checks
    axis: Axis = kind
    if kind == "tests" and not targets:  # no test file named: the suite's own run is the check, not a second one
        return CheckOutcome(axis, "", reason="the sheet names no test")
    command = checks.command_for(kind, targets)
    if not command:  # its run says why at once (no runner in the zone, no zone holding the test...)
        return CheckOutcome(axis, "", reason=(await checks.run(kind, targets)).reason)
    audit.step.report(f"{audit.request.batch}: running the {kind} ({command})")
    result: CheckRun = await checks.run(kind, targets)
    path = await audit.capture(name or kind, _capture_text(result))
    return CheckOutcome(axis, result.command or command, result.exit_code, result.reason,
                        result.tail[-1] if result.tail else "", path)


def _capture_text(run: CheckRun) -> str:
    ended = f"exit code {run.exit_code}" if run.ran else f"not run: {run.reason}"
    cut = run.total_lines - len(run.tail)
    whole = f"; the whole output: {run.log}" if run.log else ""
    return "\n".join([f"$ {run.command}", f"({ended} after {run.elapsed:.1f} s)",
                      *([f"[{cut} earlier lines left out{whole}]"] if cut > 0 else []), *run.tail]) + "\n"


async def _capture_diff(audit: _Audit) -> Changed:
    git = audit.request.git
    if git is None:
        return Changed(reason="no repository to take the diff from")
    try:
        left_out = (".orkeon/", f"{audit.place.folder}/")
        entries = [entry for entry in await git.status() if not entry.path.startswith(left_out)]
        tracked = [entry.path for entry in entries if not entry.is_new]
        text = await git.diff_to_commit(tracked) if tracked else ""
        text += "".join([await _new_file(git, entry) for entry in entries if entry.is_new])
    except GitError as error:
        return Changed(reason=f"the diff could not be taken: {error}")
    if len(text) > MAX_DIFF_CHARS:
        text = text[:MAX_DIFF_CHARS] + f"\n[the diff is cut at {MAX_DIFF_CHARS} characters]\n"
    paths = tuple(dict.fromkeys(entry.path for entry in entries))
    return Changed(paths, await audit.capture("diff", text or "(no change)\n"))


async def _new_file(git: Git, entry: StatusEntry) -> str:
    start = await git.file_start(entry.path, NEW_FILE_BYTES)
    lines = start.text.split("\n") if start.text else []
    cut = "\n[the rest of the new file is left out]" if start.truncated else ""
    return "".join([f"--- /dev/null\n+++ b/{entry.path}\n@@ new file @@\n", *(f"+{line}\n" for line in lines), cut,
                    "\n" if cut else ""])


async def _anchored(audit: _Audit, sheet: Batch) -> tuple[str, ...] | None:
    """The files the sheet's steps anchor (None: the plan cannot be read to resolve them)."""
    text = await audit.folder.read(audit.place.file(PLAN_FILE))
    if text is None:
        return None
    try:
        plan = parse_plan(text, audit.place.file(PLAN_FILE))
    except DevFileError:
        return None
    return batch_files(plan.inventory, sheet)


async def _test_texts(audit: _Audit, facts: AuditFacts) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sheet_tests(facts.sheet):
        text = await read_workspace_text(audit.step.ports.files, path)
        if text is not None:
            found[path] = text
    return found


# --- the auditor ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Answer:
    who: str
    report: str = ""
    failure: str = ""


async def _auditor_answer(audit: _Audit, brief: str, sheet_path: str, sheet_text: str) -> _Answer:
    """The auditor's report: a background child when the host runs children, else the charter run inline
    (services/dev_review.py runs both, for the reviewer and the auditor alike)."""
    lines = len(sheet_text.rstrip("\n").split("\n"))
    scope = ReviewScope(sheet_path, lines, frozenset(), (audit.request.batch,), "sheet")
    job = ReviewJob(audit.place, sheet_path, sheet_text, scope, brief, AUDIT_STEP, charter=AUDITOR)
    who, report, failure = await child_report(audit.step, await launch_review(audit.step, job))
    return _Answer(who, report, failure)


async def _read_answer(audit: _Audit, answer: _Answer) -> AuditAnswer | str:
    """The auditor's rows from its report (its JSON, else one extraction); why not when neither reads."""
    from pydantic import ValidationError

    try:
        return AuditAnswer.model_validate(json.loads(json_candidate(answer.report)))
    except (ValueError, RecursionError, ValidationError):
        pass
    if not answer.report.strip():
        return "the auditor's answer was empty"
    audit.step.report(f"{audit.request.batch}: reading the audit")
    try:
        return await audit.step.llm.extract(EXTRACT_SYSTEM, extract_request(answer.report, audit.request.batch),
                                            AuditAnswer)
    except (CommandFailedError, NotConfiguredError) as error:  # ExtractFailure, LlmFailure
        return f"the auditor's answer was no rows list, even after one extraction ({error})"


async def _with_auditor(audit: _Audit, title: str, answer: _Answer, checks: Sequence[Check],
                        code_rows: Sequence[VerdictRow]) -> Verdict:
    code, batch = audit.place.code, audit.request.batch
    read = await _read_answer(audit, answer)
    if isinstance(read, str):
        return Verdict(code, batch, "BLOCKED", title, answer.who, tuple(checks), reason=read)
    scope = await _cite_scope(audit, [row.cites for row in read.rows])
    settled = {check.axis for check in checks if check.state == "ok"}
    kept: list[VerdictRow] = list(code_rows)
    dropped: list[str] = []
    for given in read.rows:
        row = clean_row(VerdictRow(given.severity, given.axis, given.cites, given.text))
        cite, why = check_cite(row.cites, scope)
        if not row.text:
            dropped.append(f"a {row.severity} row on {row.axis} says nothing")
        elif row.axis in settled:
            dropped.append(f"the {row.axis} axis is settled ok by code's checks: {row.text}")
        elif cite is None:
            dropped.append(f"{why}: {row.text}")
        else:
            kept.append(VerdictRow(row.severity, row.axis, cite, row.text))
    ran, left = await _run_named_tests(audit, read.run_tests)
    kept += ran
    dropped += left
    open_axes = {check.axis for check in checks if check.state == "not checked"}
    undecided = [Undecided(item.axis, one_line(item.reason) or "no reason given") for item in read.undecided
                 if item.axis in open_axes]
    return _judged(code, batch, title, answer.who, checks, kept, undecided, dropped)


async def _cite_scope(audit: _Audit, cites: Sequence[str]) -> CiteScope:
    """The files the cites name that exist, with their line counts, and the capture files by each name a cite
    may give them."""
    captures: dict[str, str] = {}
    lengths: dict[str, int] = {}
    for capture, text in audit.captures.items():
        short = capture.removeprefix(f"{audit.place.path}/")
        for name in (capture, short, short.rpartition("/")[2]):
            captures[name] = capture
        lengths[capture] = _line_count(text)
    for cite in cites:
        path = cited_path(cite)
        if path is None or path in lengths or path in captures:
            continue
        found = await read_workspace_text(audit.step.ports.files, path)
        if found is not None:
            lengths[path] = _line_count(found)
    return CiteScope(lengths, captures)


def _line_count(text: str) -> int:
    return len(text.rstrip("\n").split("\n")) if text else 0


async def _run_named_tests(audit: _Audit, given: Sequence[str]) -> tuple[list[VerdictRow], list[str]]:
    """Run the test files the auditor named (never a folder or the suite); the rows of those that fail, and
    why each other name was not run."""
    files = await audit.project_files() if given else ()
    wanted, dropped = named_tests(given, set(files), MAX_NAMED_TESTS)
    rows: list[VerdictRow] = []
    notes = list(dropped)
    for number, path in enumerate(wanted, 1):
        outcome = await _run(audit, "tests", (path,), f"named-{number}")
        row, why = named_test_row(outcome)
        rows += [row] if row is not None else []
        notes += [why] if why else []
    return rows, notes
