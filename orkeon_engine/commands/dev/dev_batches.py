"""/dev-batches: run a written plan (`<code>`) batch after batch, each reviewed, implemented RED then GREEN
under code's checks, audited and committed; typed again after a stop, the run goes on where it stopped.
`<code> F<n>` runs that batch alone (/dev-implement is its other name); `--audit` audits the batch as it
stands and closes it on VALID.

The plan must be written and not BLOCKED; each batch's steps are read from its sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.domain.args import ArgSpec, ArgumentError, Flag, ParsedArgs, Positional
from orkeon_engine.domain.dev.plan import is_batch_id
from orkeon_engine.domain.dev.work_folder import WorkCodeError
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.view import CommandView

if TYPE_CHECKING:  # the crew loads with the first /dev-batches
    from orkeon_engine.crews.dev_batches.run import BatchesRequest
    from orkeon_engine.domain.dev.work_folder import WorkPlace
    from orkeon_engine.services.work_folder import WorkFolder

USAGE = "/dev-batches <code> [F<n>] [--audit | --gate-only]"
ARGS = ArgSpec(
    flags=(Flag("audit", "audit the batch F<n> as it stands (no review, no launch) and close it on VALID"),
           Flag("gate-only", "audit the batch F<n> by code alone: the build, its tests, the suite and the diff "
                             "captured, no model")),
    positionals=(Positional("code", "the work's short name, as /dev-plan planned it (such as cart-save)",
                            required=True),
                 Positional("batch", "one batch of the plan to run alone (F1, F2...)")),
)


async def run_dev_batches(args: ParsedArgs, deps: Deps) -> CommandView:
    from orkeon_engine.commands.dev.batch_wiring import batches_ports
    from orkeon_engine.commands.dev.batches_view import batches_view
    from orkeon_engine.crews.dev_batches.run import run_dev_batches as run_batches
    from orkeon_engine.services.work_folder import WorkFolder

    ports = step_ports(deps)
    folder = await WorkFolder.open(deps.config, ports.files)
    only = args.word(1, "") or None
    if only is not None and not is_batch_id(only):
        raise ArgumentError(f"{only!r} is no batch of a plan: name one as F1, F2...", USAGE)
    audit, gate_only = args.has("audit") or args.has("gate-only"), args.has("gate-only")
    if audit and only is None:
        raise ArgumentError(f"--{'gate-only' if gate_only else 'audit'} audits one batch: name it (F1, F2...)", USAGE)
    try:
        place = folder.place(args.word(0, "") or "")
    except WorkCodeError as error:
        raise ArgumentError(str(error), USAGE) from None
    request = await _request(folder, place, only, audit)
    return batches_view(await run_batches(request, await batches_ports(deps, folder, gate_only=gate_only)), place)

async def _request(folder: WorkFolder, place: WorkPlace, only: str | None, audit: bool) -> BatchesRequest:
    """The plan with each batch's steps and sheet; CommandFailedError saying what to do without one."""
    from orkeon_engine.crews.dev_batches.run import BatchesRequest
    from orkeon_engine.domain.dev.plan import sheet_file
    from orkeon_engine.services.dev_plan_work import read_plan

    plan = await read_plan(folder, place)
    if plan is None:
        raise CommandFailedError(f"there is no plan under {place.path}: /dev-plan {place.code} writes it first")
    sheets = {batch.id: await folder.read(place.file(sheet_file(batch.id))) or "" for batch in plan.batches}
    return BatchesRequest(place, plan, sheets, only, audit)
