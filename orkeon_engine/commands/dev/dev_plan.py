"""/dev-plan: plan a piece of work from its spec or change brief (`<code>`), in batches written by code
(plan.md and sheets/F<n>.md); `<code>` again goes on with a written plan (its next question, its review if
none ran); `--replace` draws the plan again in place of the written one.

The source must exist and have no open Blocking question: the refusal names them, and nothing is sent to
the model."""

from __future__ import annotations

from typing import TYPE_CHECKING

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.dev.step import step_ports, stopped_view
from orkeon_engine.domain.dev.sections import DevFileError
from orkeon_engine.domain.dev.work import WorkDoc, parse_work
from orkeon_engine.domain.dev.work_folder import WorkCodeError, WorkPlace
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView

if TYPE_CHECKING:  # the step's services load with the first /dev-plan
    from orkeon_engine.services.work_folder import WorkFolder

USAGE = "/dev-plan <code> [--replace]"
ARGS = ArgSpec(
    flags=(Flag("replace", "draw the plan again in place of the written one (its decisions and review kept as "
                "material)"),),
    positionals=(Positional("code", "the work's short name, as /dev-spec named it (such as cart-save)",
                            required=True),),
)


async def run_dev_plan(args: ParsedArgs, deps: Deps) -> CommandView:
    # The crew (its pydantic answer) loads on the first /dev-plan, not at the engine's start.
    from orkeon_engine.commands.dev.plan_view import plan_view
    from orkeon_engine.domain.dev.pack import project_paths
    from orkeon_engine.domain.dev.plan import blocking_gate
    from orkeon_engine.services.dev_plan_work import read_plan, recorded_review, resume_plan
    from orkeon_engine.services.dev_step import DevStep
    from orkeon_engine.services.project_files import list_project_files
    from orkeon_engine.services.work_folder import WorkFolder

    ports = step_ports(deps)
    folder = await WorkFolder.open(deps.config, ports.files)
    try:
        place = folder.place(args.word(0, "") or "")
    except WorkCodeError as error:
        raise ArgumentError(str(error), USAGE) from None
    source_file, source = await _source(folder, place)
    refusal = blocking_gate(source_file, place.code, [(q.id, q.severity, q.text) for q in source.questions.open])
    if refusal:
        raise CommandFailedError(refusal)
    step = DevStep(ports)
    written = await read_plan(folder, place)
    if written is not None and not args.has("replace"):
        files = project_paths(await list_project_files(ports.files))
        return plan_view(await resume_plan(step, folder, place, written, files))
    from orkeon_engine.crews.dev_plan.run import PlanRequest
    from orkeon_engine.crews.dev_plan.run import run_dev_plan as draw_plan
    from orkeon_engine.services.dev_work import StepStopped

    replaced_review = await recorded_review(folder, place) if written is not None else None
    outcome = await draw_plan(PlanRequest(place, source_file, source, written, replaced_review), step, folder)
    return stopped_view(outcome) if isinstance(outcome, StepStopped) else plan_view(outcome)


async def _source(folder: WorkFolder, place: WorkPlace) -> tuple[str, WorkDoc]:
    """The spec or change brief the work holds, read back; CommandFailedError saying what to do without one."""
    held = await folder.held(place)
    if held is None:
        raise CommandFailedError(f"there is no spec or change brief named {place.code!r} under {folder.folder}/: "
                                 f"/dev-spec {place.code} <what the feature is for> writes one first")
    file = place.work_file(held)
    text = await folder.read(file)
    if text is None:
        raise CommandFailedError(f"{file} is gone; write it again with /dev-spec")
    try:
        return file, parse_work(held, text, file)
    except DevFileError as error:
        raise CommandFailedError(f"{error}; fix the file by hand, or start again under another code") from None
