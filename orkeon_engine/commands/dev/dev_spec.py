"""/dev-spec: start a spec (`<code> <what the feature is for>`), a change brief (`<code> bug|perf|behaviour
<description>`), or go on with either (`<code>` alone: its next open question, its review if none ran).

The code names the work folder `<dev.workFolder>/<code>/`; a code that cannot name one folder, or that is
taken by the other kind of work, is refused before anything is asked of the model."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.dev.step import outcome_view, step_ports, stopped_view
from orkeon_engine.domain.dev.request import USAGE, read_dev_spec_words
from orkeon_engine.domain.dev.work_folder import WorkCodeError, WorkKind, exists_refusal, taken_refusal
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView

ARGS = ArgSpec(
    positionals=(
        Positional("code", "the work's short name: its folder under dev.workFolder (such as cart-save)",
                   required=True),
        Positional("description", "what the feature is for; or bug, perf or behaviour and the change; none to "
                   "go on with the work", many=True),
    ),
    free_text=True,
)


async def run_dev_spec(args: ParsedArgs, deps: Deps) -> CommandView:
    # The crews (their pydantic answers) load on the first /dev-spec, not at the engine's start.
    from orkeon_engine.services.dev_step import DevStep
    from orkeon_engine.services.dev_work import resume_work
    from orkeon_engine.services.work_folder import WorkFolder

    words = read_dev_spec_words(args.words)
    ports = step_ports(deps)
    folder = await WorkFolder.open(deps.config, ports.files)
    try:
        place = folder.place(words.code)
    except WorkCodeError as error:
        raise ArgumentError(str(error), USAGE) from None
    wanted: WorkKind = "spec" if words.kind is None else "brief"
    held = await folder.held(place)
    if held is not None and held != wanted and (words.description or words.kind is not None):
        raise CommandFailedError(taken_refusal(place, held, wanted))
    if held is not None and words.description:
        raise CommandFailedError(exists_refusal(place, held))
    step = DevStep(ports)
    if held is not None:
        return outcome_view(await resume_work(step, folder, place, held), "dev-spec")
    if not words.description:
        raise ArgumentError(f"there is no work named {place.code!r} under {folder.folder}/ yet: say what the "
                            f"feature is for, or bug|perf|behaviour and the change", USAGE)
    if words.kind is None:
        from orkeon_engine.crews.dev_spec.run import SpecRequest
        from orkeon_engine.crews.dev_spec.run import run_dev_spec as draft_spec

        return outcome_view(await draft_spec(SpecRequest(place, words.description), step, folder), "dev-spec")
    from orkeon_engine.crews.dev_change.run import ChangeRequest, run_dev_change
    from orkeon_engine.services.dev_work import StepStopped

    outcome = await run_dev_change(ChangeRequest(place, words.kind, words.description), step, folder)
    return stopped_view(outcome) if isinstance(outcome, StepStopped) else outcome_view(outcome, "dev-spec")
