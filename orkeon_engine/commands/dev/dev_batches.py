"""/dev-batches: run a written plan (`<code>`) batch after batch, each reviewed, implemented RED then GREEN
under code's checks, audited and committed; typed again after a stop, the run goes on where it stopped.
`<code> F<n>` runs that batch alone (/dev-implement is its other name); `--audit` audits the batch as it
stands and closes it on VALID (on GAPS its correction waits for its next run); `--close` is the batch's close
alone, once its last verdict is VALID; `--concurrency N` runs the batches whose dependencies closed N at once, each in
its git worktree.

The plan must be written and not BLOCKED; each batch's steps are read from its sheet."""

from __future__ import annotations

import dataclasses
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.domain.dev.plan import is_batch_id
from orkeon_engine.domain.dev.work_folder import WorkCodeError
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView

if TYPE_CHECKING:  # the crew loads with the first /dev-batches
    from orkeon_engine.crews.dev_batches.run import BatchesRequest
    from orkeon_engine.domain.dev.work_folder import WorkPlace
    from orkeon_engine.services.work_folder import WorkFolder

USAGE = "/dev-batches <code> [F<n>] [--audit | --gate-only | --close] [--concurrency N]"
ARGS = ArgSpec(
    flags=(Flag("audit", "audit the batch F<n> as it stands (no review, no launch) and close it on VALID"),
           Flag("gate-only", "audit the batch F<n> by code alone: the build, its tests, the suite and the diff "
                             "captured, no model"),
           Flag("close", "close the batch F<n> alone, its last verdict VALID: commit its files and mark its "
                         "sheet done (no review, no launch, no audit)"),
           Flag("concurrency", "run the batches whose dependencies closed N at once (2 to 4), each in its git "
                               "worktree, merged fast-forward in id order", value="N")),
    positionals=(Positional("code", "the work's short name, as /dev-plan planned it (such as cart-save)",
                            required=True),
                 Positional("batch", "one batch of the plan to run alone (F1, F2...)")),
)


async def run_dev_batches(args: ParsedArgs, deps: Deps) -> CommandView:
    from orkeon_engine.commands.dev.batch_wiring import batches_ports, wave_setup
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
    close = args.has("close")
    if close and audit:
        raise ArgumentError(f"--close and --{'gate-only' if gate_only else 'audit'} are two ways to end a batch: "
                            "--audit audits it and closes it on VALID, --close closes it on its last verdict", USAGE)
    if close and only is None:
        raise ArgumentError("--close closes one batch: name it (F1, F2...)", USAGE)
    try:
        place = folder.place(args.word(0, "") or "")
    except WorkCodeError as error:
        raise ArgumentError(str(error), USAGE) from None
    concurrency = _concurrency(args, deps, only)
    request = dataclasses.replace(await _request(folder, place, only, audit), concurrency=concurrency,
                                  close_only=close)
    async with AsyncExitStack() as stack:
        run_ports = await batches_ports(deps, folder, gate_only=gate_only, waves=wave_setup(deps, folder, stack))
        outcome = await run_batches(request, run_ports)
    return batches_view(outcome, place)


def _concurrency(args: ParsedArgs, deps: Deps, only: str | None) -> int:
    """`--concurrency N` as a number of batches run at once (1 without the flag); ArgumentError naming the flag
    and what it takes, NotConfiguredError where worktrees cannot be made."""
    from orkeon_engine.domain.dev.waves import WaveError, parse_concurrency

    given = args.value("concurrency")
    if given is None:
        return 1
    try:
        concurrency = parse_concurrency(given)
    except WaveError as error:
        raise ArgumentError(str(error), USAGE) from None
    if only is not None:
        raise ArgumentError(f"--concurrency runs the plan's batches in waves: it takes no batch ({only}); "
                            f"/dev-batches <code> {only} runs that one alone", USAGE)
    if deps.worktrees is None or deps.working_root is None:
        raise NotConfiguredError("--concurrency runs each batch in a git worktree: open a folder inside a git "
                                 "repository")
    if deps.workspace.git_root != deps.workspace.root:
        raise NotConfiguredError(f"--concurrency makes git worktrees under the work folder, so the workspace must "
                                 f"be the repository's top folder: open {deps.workspace.git_root} instead")
    return concurrency

async def _request(folder: WorkFolder, place: WorkPlace, only: str | None, audit: bool) -> BatchesRequest:
    """The plan with each batch's steps and sheet; CommandFailedError saying what to do without one."""
    from orkeon_engine.crews.dev_batches.run import BatchesRequest
    from orkeon_engine.services.dev_plan_work import read_plan_sheets

    read = await read_plan_sheets(folder, place)
    if read is None:
        raise CommandFailedError(f"there is no plan under {place.path}: /dev-plan {place.code} writes it first")
    plan, sheets = read
    return BatchesRequest(place, plan, sheets, only, audit)
