"""/tasks: the crews this session launched and the workspace's latest child agents, running and ended, with
their state, age, tokens and cost; `/tasks stop <id>` stops a running one; `/tasks send <id> <message>` and
`/tasks repair <id>` start a new run of an ended child (the agent-run crew); `/tasks show <id>` shows what a
child left.

Crews are `t1, t2...` (in memory, this engine's); children are `c1, c2...` (state.db, the workspace's: they
outlive a restart and a new session, and a child that was running then shows as interrupted). In the
editor, crews run concurrently as tasks of the server and children beside them, so `/tasks stop` reaches
work another request started.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.crews.agent_run.run import AgentRunInput, RerunKind, run_agent_run
from orkeon_engine.domain.agents.children import (
    ChildIdError,
    ChildRecord,
    is_child_label,
    parse_child_label,
    report_document,
)
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.model.call_usage import format_cost
from orkeon_engine.domain.session.tasks import TaskRecord, format_elapsed
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, Document, table
from orkeon_engine.services.tasks import TaskRegistry

ACTIONS = ("stop", "send", "repair", "show")
ARGS = ArgSpec(positionals=(
    Positional("action", "stop, send, repair or show (bare: list the crews and children)", choices=ACTIONS),
    Positional("id", "a crew's id (t1...) or a child's (c1...), as the list names it"),
    Positional("message", "send: what the new run should do; repair: what to add", many=True),
))
USAGE = "/tasks [stop <id> | send <id> <message> | repair <id> [<message>] | show <id>]"
COLUMNS = ["id", "what", "state", "age", "time", "tokens", "cost", "detail"]
CHILDREN_LISTED = 20
"""How many of the workspace's latest children the list shows."""


@dataclass(frozen=True)
class _Row:
    """One line of the list: a crew or a child."""

    started: datetime
    cells: list[str]
    data: dict[str, Any]
    running: bool


async def run_tasks(args: ParsedArgs, deps: Deps) -> CommandView:
    action = args.word(0)
    if action is None:
        return await _list(deps)
    if action not in ACTIONS:
        raise ArgumentError(f"unknown action {action!r}; accepted: {', '.join(ACTIONS)}", USAGE)
    task_id = args.word(1)
    if task_id is None:
        raise ArgumentError("missing <id>: `/tasks` lists the crews and children and their ids", USAGE)
    message = " ".join(args.words[2:]).strip()
    if action == "stop":
        return await _stop(task_id, deps)
    record = await deps.require_children().report(_child_id(task_id, action))
    if action == "show":
        return _show(record)
    return await _rerun(record, "send" if action == "send" else "repair", message, deps)


async def _list(deps: Deps) -> CommandView:
    now = deps.clock.now()
    rows = [_crew_row(record, now) for record in _registry(deps).records(deps.session.id)]
    if deps.children is not None:
        rows += [_child_row(record, now) for record in await deps.children.recent(limit=CHILDREN_LISTED)]
    if not rows:
        return CommandView(message="No crew and no child agent has run in this session yet.")
    rows.sort(key=lambda row: row.started)
    running = sum(1 for row in rows if row.running)
    hint = " `/tasks stop <id>` stops one." if running else ""
    hint += " `/tasks send <id> <message>` runs an ended child again." if any(
        row.data["kind"] == "child" and not row.running for row in rows) else ""
    return CommandView(
        table=table(COLUMNS, [row.cells for row in rows]),
        message=f"{len(rows)} tasks, {running} running.{hint}",
        data={"tasks": [row.data for row in rows]},
    )


def _crew_row(record: TaskRecord, now: datetime) -> _Row:
    cells = [record.id, "/" + record.command, record.state, _age(record.started, now),
             format_elapsed(record.elapsed_seconds(now)), f"{record.tokens:,}", format_cost(record.cost),
             record.detail]
    data = {"id": record.id, "kind": "crew", "name": "/" + record.command, "state": record.state,
            "running": record.running}
    return _Row(record.started, cells, data, record.running)


def _child_row(record: ChildRecord, now: datetime) -> _Row:
    detail = record.detail or (f"started by {record.parent}" if record.parent else "")
    cells = [record.label, record.charter, record.state, _age(record.started, now),
             format_elapsed(record.elapsed_seconds(now)), f"{record.usage.total_tokens:,}",
             format_cost(record.usage.cost), detail]
    data = {"id": record.label, "kind": "child", "name": record.charter, "state": record.state,
            "running": record.running}
    return _Row(record.started, cells, data, record.running)


def _age(started: datetime, now: datetime) -> str:
    return format_elapsed(max(0.0, (now - started).total_seconds())) + " ago"


async def _stop(task_id: str, deps: Deps) -> CommandView:
    if is_child_label(task_id):
        before = await deps.require_children().report(parse_child_label(task_id))
        after = await deps.require_children().stop(before.id)
        if not before.running:
            return CommandView(message=f"{after.title} already ended: {after.state}.")
        return CommandView(message=f"stopped {after.title}: it ends as {after.state}.")
    record = _registry(deps).stop(task_id)
    if not record.running:
        return CommandView(message=f"{record.id} (/{record.command}) already ended: {record.state}.")
    return CommandView(message=f"asked {record.id} (/{record.command}) to stop; it ends as cancelled at its "
                               "next step.")


def _show(record: ChildRecord) -> CommandView:
    title, content = report_document(record)
    return CommandView(message=f"{record.title}: {record.state}.", document=Document(title, content))


async def _rerun(record: ChildRecord, kind: RerunKind, message: str, deps: Deps) -> CommandView:
    request = AgentRunInput(record, kind, message, parent=f"/tasks {kind} {record.label}")
    handle = await run_agent_run(request, deps.require_children())
    return CommandView(
        message=f"started {handle.label} ({handle.charter}), a new run of {record.label}, in the background: its "
                "report reaches you when it ends (`/tasks` lists it).",
        data={"child": handle.label, "previous": record.label},
    )


def _child_id(text: str, action: str) -> int:
    try:
        return parse_child_label(text)
    except ChildIdError as error:
        raise ArgumentError(f"/tasks {action} takes a child's id: {error}", USAGE) from None


def _registry(deps: Deps) -> TaskRegistry:
    if deps.tasks is None:
        raise NotConfiguredError("this engine keeps no task registry, so no crew can be listed or stopped")
    return deps.tasks
