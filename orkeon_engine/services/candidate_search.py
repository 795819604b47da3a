"""The search for a change that passes (`assistant.candidates`; domain/checks/candidates.py says what the model is shown
and how a reply is read): once a check fails, the model is asked for up to N changes in plain text, one call
each (the first at temperature 0, the others sampled and told of the changes tried before them and how their
checks failed: domain/checks/tried_candidates.py); each is written into one scratch copy of the workspace
(ports/scratch_copies.py), the failing check runs there, then the project's whole test command when the
failing one was narrowed, and the copy is put back before the next; a candidate's checks stop after ten
times the failing check's own time (at least a minute: a change that makes a test loop for ever fails then).
The first candidate both accept wins; the search stops there.

Nothing here touches the workspace. Every check run in the copy is put to the permission gate as the turn's
own checks are (services/turn_checks.py): a refusal ends the search, unchecked. `put_to_gate` then offers the
winner to the gate as one edit, a file_write of each file it changes: every write is asked before any is made,
and one refused makes none.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orkeon_engine.domain.checks.candidates import (
    CANDIDATE_SYSTEM,
    FIRST_TEMPERATURE,
    SAMPLED_TEMPERATURE,
    UNCHANGED,
    Candidate,
    SuspectInputs,
    candidate_prompt,
    check_seconds,
    failing_count,
    failing_test_sources,
    fails_nothing_new,
    named_in,
    read_candidate,
    shown_sources,
    suspect_files,
)
from orkeon_engine.domain.checks.project_tooling import is_test_file
from orkeon_engine.domain.checks.tried_candidates import Tried, tried_section
from orkeon_engine.domain.checks.turn_checks import CheckOutcome, TurnCheck, choose_check
from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.tool_call import ToolResult
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.permission_gate import PermissionGate
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.scratch_copies import ScratchCopies, ScratchCopy, ScratchError
from orkeon_engine.ports.turn_events import TurnEvents
from orkeon_engine.services.turn_checks import CheckRunner, ProjectTests, run_named_check

if TYPE_CHECKING:
    from orkeon_engine.tools.base import Tool

Ask = Callable[[str, str, float], Awaitable[str]]
"""One candidate's model call: (system, user, temperature) → the reply's text (its usage is the caller's)."""
WORKSPACE = "/workspace/"
WRITE_TOOL = "file_write"


@dataclass(frozen=True)
class SearchOutcome:
    """How the search ended: the winner and the checks that proved it, or the closest failure; how many
    candidates were asked for and tried; what was left out of the replies and why the search stopped early."""

    winner: Candidate | None = None
    proof: tuple[CheckOutcome, ...] = ()
    closest: CheckOutcome | None = None
    asked: int = 0
    tried: int = 0
    notes: tuple[str, ...] = ()
    stopped: str = ""
    before: dict[str, str] = field(default_factory=dict)
    """The shown files' texts as the workspace had them: what the winner's diff is taken against."""


@dataclass(frozen=True)
class SearchPorts:
    """What the search works over: the model call, the workspace's Files (read only here), the scratch copies,
    the runner of the turn's checks (its gate and settings; its shell and root are the copy's for each run),
    and the progress line."""

    ask: Ask
    files: Files
    scratch: ScratchCopies
    runner: CheckRunner
    progress: Progress | None = None


async def search_candidates(ports: SearchPorts, project: ProjectTests, request: str, failing: CheckOutcome,
                            changed: Sequence[str], count: int) -> SearchOutcome:
    """Up to `count` candidates for the failing check, each tried in a scratch copy (the module docstring)."""
    sources = await _sources(ports.files, project, request, failing, changed)
    if not sources:
        return SearchOutcome(stopped="no source file of the project could be tied to the failure")
    try:
        copy = await ports.scratch.open()
    except ScratchError as error:
        return SearchOutcome(stopped=f"no scratch copy of the workspace: {error}")
    try:
        return await _search(ports, copy, project, request, failing, sources, count)
    finally:
        copy.close()


async def _search(ports: SearchPorts, copy: ScratchCopy, project: ProjectTests, request: str, failing: CheckOutcome,
                  sources: dict[str, str], count: int) -> SearchOutcome:
    runner = dataclasses.replace(ports.runner, shell=copy.shell, root=copy.root, files=copy.files,
                                 seconds=check_seconds(failing.seconds, ports.runner.seconds))
    prompt = candidate_prompt(request, failing, sources, failing_test_sources(failing, project.test_texts))
    whole = choose_check(project.zones) if failing.check.targets else None
    seen: set[tuple[tuple[str, str], ...]] = set()
    notes: list[str] = []
    closest: CheckOutcome | None = None
    baseline: CheckOutcome | None = None
    failed: list[Tried] = []
    unchanged = tried = 0
    for index in range(count):
        _report(ports.progress, f"candidate {index + 1} of {count}: asking the model")
        told = tried_section(failed, unchanged, sources)  # what the earlier candidates' checks said
        reply = await ports.ask(CANDIDATE_SYSTEM, f"{prompt}\n\n{told}" if told else prompt,
                                FIRST_TEMPERATURE if index == 0 else SAMPLED_TEMPERATURE)
        candidate = read_candidate(reply, sources)
        if isinstance(candidate, str):
            unchanged += candidate == UNCHANGED
            notes.append(f"candidate {index + 1}: {candidate}")
            continue
        if candidate.key() in seen:
            notes.append(f"candidate {index + 1}: the same change as an earlier one")
            continue
        seen.add(candidate.key())
        tried += 1
        _report(ports.progress, f"candidate {index + 1} of {count}: checking {', '.join(candidate.texts)}")
        proof = await _try(copy.files, runner, candidate, sources, failing, whole)
        if len(proof) == 2 and proof[1].failed and whole is not None:  # the rest: no worse than before the change
            baseline = baseline or await run_named_check(whole, runner)  # the copy holds the workspace's texts again
            if fails_nothing_new(proof[1], baseline):
                return SearchOutcome(candidate, proof, asked=index + 1, tried=tried, notes=tuple(notes),
                                     before=sources)
        last = proof[-1]
        if last.status == "unchecked":
            return SearchOutcome(asked=index + 1, tried=tried, notes=tuple(notes), closest=closest,
                                 stopped=f"the check did not run in the scratch copy ({last.reason})")
        if last.passed:
            return SearchOutcome(candidate, proof, asked=index + 1, tried=tried, notes=tuple(notes), before=sources)
        failed.append(Tried(candidate.texts, last))
        if closest is None or failing_count(last) < failing_count(closest):
            closest = last
    return SearchOutcome(closest=closest, asked=count, tried=tried, notes=tuple(notes))


async def _try(files: Files, runner: CheckRunner, candidate: Candidate, sources: dict[str, str],
               failing: CheckOutcome, whole: TurnCheck | None) -> tuple[CheckOutcome, ...]:
    """The candidate's checks in the copy (the failing one, then the whole suite when it was narrowed), the
    copy's files put back after."""
    try:
        for path, text in candidate.texts.items():
            await files.write_text(WORKSPACE + path, text)
        outcome = await run_named_check(failing.check, runner)
        if not outcome.passed or whole is None or whole.command == failing.check.command:
            return (outcome,)
        return outcome, await run_named_check(whole, runner)
    finally:
        for path in candidate.texts:
            await files.write_text(WORKSPACE + path, sources[path])


async def _sources(files: Files, project: ProjectTests, request: str, failing: CheckOutcome,
                   changed: Sequence[str]) -> dict[str, str]:
    """The suspects' texts as the workspace has them now, as many as the prompt shows (domain/checks/candidates.py):
    localised twice, the second time with the first suspects' texts, so their imports count too."""
    texts = dict(project.test_texts)
    tests = [target.partition("::")[0] for target in failing.check.targets]
    tests += [path for path in named_in(failing.failure, project.test_files) if path not in tests]
    texts.update(await _read(files, [path for path in tests if path not in texts]))  # a JavaScript test's too

    def suspects() -> tuple[str, ...]:
        return suspect_files(SuspectInputs(failing.failure, request, failing.check.targets, changed, project.files,
                                           texts))

    for _ in range(2):
        texts.update(await _read(files, [path for path in suspects() if path not in texts]))
    return shown_sources(suspects(), texts)


async def _read(files: Files, paths: Sequence[str]) -> dict[str, str]:
    texts: dict[str, str] = {}
    for path in paths:
        try:
            texts[path] = await files.read_text(WORKSPACE + path)
        except (FilesError, UnicodeDecodeError, OSError):
            continue
    return texts


def _report(progress: Progress | None, message: str) -> None:
    if progress is not None:
        progress.report(message)


@dataclass(frozen=True)
class WinnerPorts:
    """What putting the winner to the gate goes through: the turn's file_write tool (over its recording Files),
    the gate, and the turn's events (the call shown as checked and as finished, as the model's calls are)."""

    write_tool: Tool[Any]
    gate: PermissionGate
    events: TurnEvents | None = None


async def put_to_gate(ports: WinnerPorts, candidate: Candidate) -> tuple[ToolCallRecord, ...]:
    """The winner offered as one edit: each file's write described and authorized first; all allowed, each is
    written; one refused, none is (the records say which was refused and why)."""
    tool = ports.write_tool
    ready = []
    for index, (path, text) in enumerate(sorted(candidate.texts.items())):
        if is_test_file(path):  # read_candidate never keeps one; this is the last line of that rule
            continue
        arguments = {"path": WORKSPACE + path, "content": text}
        args = tool.parse(arguments)
        call = dataclasses.replace(await tool.describe(args), call_id=f"candidate_{index}")
        if ports.events is not None:
            await ports.events.tool_call_checked(call)
        verdict = await ports.gate.authorize(call)
        ready.append((call.call_id, arguments, args, verdict))
    if not all(verdict.allowed for *_, verdict in ready):
        return tuple(ToolCallRecord(call_id, WRITE_TOOL, arguments, verdict, ToolResult(
            f"refused by the permission gate: {verdict.reason or 'no reason given'}" if not verdict.allowed else
            "not written: another file of the same change was refused", is_error=True))
            for call_id, arguments, _, verdict in ready)
    records = []
    for call_id, arguments, args, verdict in ready:
        result = await tool.run(args)
        record = ToolCallRecord(call_id, WRITE_TOOL, arguments, verdict, result)
        if ports.events is not None:
            await ports.events.tool_call_finished(record)
        records.append(record)
    return tuple(records)
