"""/tasks: the crews this session launched, running and ended, with their state; `/tasks stop <id>`
cancels a running one (in the editor, crews run concurrently as tasks of the server)."""

from __future__ import annotations

from datetime import datetime

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.args import ArgSpec, ArgumentError, ParsedArgs, Positional
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.tasks import TaskRecord, format_elapsed
from orkeon_engine.domain.view import CommandView, table
from orkeon_engine.services.tasks import TaskRegistry

ARGS = ArgSpec(positionals=(
    Positional("action", "stop (bare: list the tasks)", choices=("stop",)),
    Positional("id", "the task to stop, as the list names it (t1, t2...)"),
))
USAGE = "/tasks [stop <id>]"


async def run_tasks(args: ParsedArgs, deps: Deps) -> CommandView:
    registry = _registry(deps)
    action = args.word(0)
    if action is None:
        return _list(registry, deps)
    if action != "stop":
        raise ArgumentError(f"unknown action {action!r}; accepted: stop", USAGE)
    task_id = args.word(1)
    if task_id is None:
        raise ArgumentError("missing <id>: `/tasks` lists the tasks and their ids", USAGE)
    record = registry.stop(task_id)
    if not record.running:
        return CommandView(message=f"{record.id} (/{record.command}) already ended: {record.state}.")
    return CommandView(message=f"asked {record.id} (/{record.command}) to stop; it ends as cancelled at its "
                               "next step.")


def _list(registry: TaskRegistry, deps: Deps) -> CommandView:
    now = deps.clock.now()
    records = registry.records(deps.session.id)
    if not records:
        return CommandView(message="No crew has run in this session yet.")
    rows = [_row(record, now) for record in records]
    running = sum(1 for record in records if record.running)
    hint = " `/tasks stop <id>` stops one." if running else ""
    return CommandView(
        table=table(["id", "command", "state", "started", "time", "tokens", "detail"], rows),
        message=f"{len(records)} tasks, {running} running.{hint}",
    )


def _row(record: TaskRecord, now: datetime) -> list[str]:
    return [record.id, "/" + record.command, record.state, record.started.strftime("%H:%M:%S"),
            format_elapsed(record.elapsed_seconds(now)), f"{record.tokens:,}", record.detail]


def _registry(deps: Deps) -> TaskRegistry:
    if deps.tasks is None:
        raise NotConfiguredError("this engine keeps no task registry, so no crew can be listed or stopped")
    return deps.tasks
