"""run_dev_change: a new change brief. The repository pack is built once; for a bug the model names a
narrow test command that should fail, code runs it under the gate before anything is written and stops
the step when it does not fail; for a performance problem code runs and times the command that measures
it. One extract drafts the brief; code checks each test it names (an invented one becomes unpinned),
writes brief.md, and the shared part of the step follows (services/dev_work.py)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from orkeon_engine.crews.dev_change.answer import BriefAnswer, RunChoice, to_brief
from orkeon_engine.crews.dev_change.checks import missing_test, run_stop
from orkeon_engine.crews.dev_change.prompt_catalogue import every_prompt
from orkeon_engine.crews.dev_change.prompts import BRIEF_SYSTEM, RUN_SYSTEMS, build_brief_user, build_run_user
from orkeon_engine.domain.dev.brief import ChangeBrief, ChangeKind, Guard, RunRecord
from orkeon_engine.domain.dev.pack import RepositoryPack, narrow_command_problem, render_pack, split_test_ref
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt
from orkeon_engine.ports.files import FilesError
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.dev_work import StepOutcome, StepStopped, carry_on
from orkeon_engine.services.repository_pack import build_repository_pack
from orkeon_engine.services.step_command import run_step_command
from orkeon_engine.services.work_folder import WorkFolder

DEV_STEP = "dev-change"


@dataclass(frozen=True)
class ChangeRequest:
    """A new change brief: its place, its kind, and the person's description."""

    place: WorkPlace
    kind: ChangeKind
    description: str


async def run_dev_change(request: ChangeRequest, step: DevStep, folder: WorkFolder) -> StepOutcome | StepStopped:
    """The brief written, asked and reviewed; or the stop, with the run that decided it."""
    await step.llm.require_model()
    step.report("reading the repository")
    pack = await build_repository_pack(step.ports.files, step.ports.index)
    shown = render_pack(pack)
    run: RunRecord | None = None
    if request.kind != "behaviour":
        found = await _run(step, request, pack, shown)
        if isinstance(found, StepStopped):
            return found
        run = found
    step.report("drafting the brief")
    user = build_brief_user(request.place.code, request.kind, request.description, shown, run)
    answer = await step.llm.extract(BRIEF_SYSTEM, user, BriefAnswer)
    brief, notes = await _pinned(step, to_brief(answer, request.place.code, request.kind, request.description, run),
                                 pack)
    outcome = await carry_on(step, folder, request.place, brief, pack.files)
    return dataclasses.replace(outcome, notes=notes)


async def _run(step: DevStep, request: ChangeRequest, pack: RepositoryPack, shown: str) -> RunRecord | StepStopped:
    """The reproduction or the measurement, run by code; a stop when there is none worth writing about."""
    what = "reproduction" if request.kind == "bug" else "measurement"
    step.report(f"choosing the {what}")
    system = RUN_SYSTEMS[request.kind]
    choice = await step.llm.extract(system, build_run_user(request.kind, request.description, shown), RunChoice)
    problem = _command_problem(request.kind, choice.command, pack)
    if problem:
        step.report(f"sending the {what} back once: {problem}")
        user = build_run_user(request.kind, request.description, shown, f"`{choice.command}`: {problem}")
        choice = await step.llm.extract(system, user, RunChoice)
        problem = _command_problem(request.kind, choice.command, pack)
        if problem:
            return StepStopped(request.place, f"no {what} to run, nothing was written: `{choice.command}` {problem}")
    command = choice.command.strip()
    step.report(f"running the {what}: {command}")
    done = await run_step_command(step, command, DEV_STEP)
    if done.run is None:
        return StepStopped(request.place, f"`{command}` was not run, nothing was written: {done.refusal}")
    stop = run_stop(request.kind, done.run)
    return StepStopped(request.place, stop, done.run) if stop else done.run


def _command_problem(kind: ChangeKind, command: str, pack: RepositoryPack) -> str:
    problem = narrow_command_problem(command, pack)
    if kind == "perf" and problem.startswith("it runs a whole suite"):
        return ""  # a measurement may time the project's own benchmark target
    return f"is refused: {problem}" if problem else ""


async def _pinned(step: DevStep, brief: ChangeBrief, pack: RepositoryPack) -> tuple[ChangeBrief, tuple[str, ...]]:
    """The brief with each test it names checked: one that does not exist leaves its behaviour unpinned."""
    guards: list[Guard] = []
    notes: list[str] = []
    files = frozenset(pack.files)
    for guard in brief.must_not_change:
        if guard.test is None:
            guards.append(guard)
            continue
        path, _ = split_test_ref(guard.test)
        problem = missing_test(guard.test, files, await _text(step, path) if path in files else None)
        if problem:
            notes.append(f"written as unpinned: {guard.test} ({problem})")
            guards.append(Guard(guard.behaviour))
        else:
            guards.append(guard)
    return dataclasses.replace(brief, must_not_change=tuple(guards)), tuple(notes)


async def _text(step: DevStep, path: str) -> str | None:
    try:
        return await step.ports.files.read_text(f"/workspace/{path}")
    except FilesError:
        return None


def render_every_prompt() -> list[RenderedPrompt]:
    """Every prompt of this crew over sample inputs, as the model reads them (`orkeon prompts render`)."""
    return every_prompt()
