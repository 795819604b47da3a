"""The task registry: the crews this engine launched, running or ended, and the way to stop one.

`Engine.run` hands every catalogue entry that launches a crew to `TaskRegistry.run`, which runs it as its
own asyncio task, so `/tasks stop <id>` can cancel it while the language server answers other requests.
A stopped task ends as `cancelled` and its caller gets TaskStoppedError; a caller that is itself cancelled
(the editor's `$/cancelRequest`) cancels the task and sees its own CancelledError, as before. The times
come from the Clock port. Ended tasks are kept up to KEEP_ENDED, the oldest dropped first.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from typing import TypeVar

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.model.usage import UsageRecord, UsageSummary, summarise
from orkeon_engine.domain.session.tasks import TaskRecord, TaskState
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.usage_ledger import UsageLedger

T = TypeVar("T")
KEEP_ENDED = 50


class UnknownTaskError(CommandFailedError):
    """No task of this engine has that id."""

    def __init__(self, task_id: str, known: list[str]) -> None:
        listed = ", ".join(known) or "none"
        super().__init__(f"no task has the id {task_id!r}; tasks: {listed} (`/tasks` lists them)")
        self.task_id = task_id


class TaskStoppedError(CommandFailedError):
    """The task was stopped through the registry (/tasks stop) before it ended."""

    def __init__(self, record: TaskRecord) -> None:
        super().__init__(f"/{record.command} was stopped ({record.id}, {record.detail or 'by /tasks stop'})")
        self.record = record


class TaskRegistry:
    """The tasks of one engine, in launch order."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._records: dict[str, TaskRecord] = {}
        self._tasks: dict[str, asyncio.Future[object]] = {}
        self._count = 0

    async def run(self, command: str, session_id: str, work: Callable[[str], Awaitable[T]],
                  outcome: Callable[[T], tuple[TaskState, str]] | None = None) -> T:
        """Run `work(task_id)` as a task of `command`; its state follows how it ends (`outcome` maps a
        result to done or failed with a detail, for a use case that returns its failures rather than
        raising). The work gets its task id to count its usage with `add_usage`."""
        task_id = self._next_id()
        task: asyncio.Future[T] = asyncio.ensure_future(work(task_id))
        self._start(task_id, command, session_id, task)
        try:
            result = await task
        except asyncio.CancelledError:
            current = asyncio.current_task()
            stopped = task.cancelled() and not (current is not None and current.cancelling())
            record = self._end(task_id, "cancelled", self._records[task_id].detail or "cancelled by its caller")
            if stopped:
                raise TaskStoppedError(record) from None
            raise
        except BaseException as error:
            self._end(task_id, "failed", f"{type(error).__name__}: {error}")
            raise
        state, detail = outcome(result) if outcome is not None else ("done", "")
        self._end(task_id, state, detail)
        return result

    def add_usage(self, task_id: str, usage: Usage) -> None:
        """Count the tokens and cost of a model call of the task (an unknown task is ignored)."""
        record = self._records.get(task_id)
        if record is not None:
            cost = None if record.cost is None or usage.cost is None else record.cost + usage.cost
            self._records[task_id] = dataclasses.replace(record, tokens=record.tokens + usage.total_tokens, cost=cost)

    def records(self, session_id: str | None = None) -> list[TaskRecord]:
        """The tasks in launch order, only those of `session_id` when one is given."""
        return [r for r in self._records.values() if session_id is None or r.session_id == session_id]

    def get(self, task_id: str) -> TaskRecord:
        record = self._records.get(task_id.strip())
        if record is None:
            raise UnknownTaskError(task_id, list(self._records))
        return record

    def stop(self, task_id: str) -> TaskRecord:
        """Ask a running task to stop (it ends as cancelled at its next await); an ended one is returned as
        it is. UnknownTaskError for an id no task has."""
        record = self.get(task_id)
        task = self._tasks.get(record.id)
        if record.running and task is not None and not task.done():
            record = dataclasses.replace(record, detail="stopped by /tasks stop")
            self._records[record.id] = record
            task.cancel()
        return record

    def _next_id(self) -> str:
        self._count += 1
        return f"t{self._count}"

    def _start(self, task_id: str, command: str, session_id: str, task: asyncio.Future[T]) -> None:
        self._records[task_id] = TaskRecord(task_id, command, session_id, "running", self._clock.now())
        self._tasks[task_id] = task  # type: ignore[assignment]

    def _end(self, task_id: str, state: TaskState, detail: str) -> TaskRecord:
        record = dataclasses.replace(self._records[task_id], state=state, ended=self._clock.now(), detail=detail)
        self._records[task_id] = record
        self._tasks.pop(task_id, None)
        self._drop_old()
        return record

    def _drop_old(self) -> None:
        ended = [r.id for r in self._records.values() if not r.running]
        for task_id in ended[: max(0, len(ended) - KEEP_ENDED)]:
            del self._records[task_id]


class TaskUsageLedger:
    """The UsageLedger of one task's model calls: each recorded call's usage is counted on the task,
    then the record goes on to the session's ledger (when there is one)."""

    def __init__(self, registry: TaskRegistry, task_id: str, inner: UsageLedger | None) -> None:
        self._registry = registry
        self._task_id = task_id
        self._inner = inner

    async def record(self, entry: UsageRecord) -> None:
        self._registry.add_usage(self._task_id, entry.usage)
        if self._inner is not None:
            await self._inner.record(entry)

    async def summary(self, session_id: str) -> UsageSummary:
        return await self._inner.summary(session_id) if self._inner is not None else summarise(())
