"""Child agents as records: what was started (a charter, a brief, a mode, a dev step), how it stands, what it
left (its report, its usage), and the words the person and the parent read about one.

A child's id is a number state.db hands out; it is shown as `c<number>` (`c3`), beside the crews' `t<n>`.
States: running, then done (it answered), failed (an error, or its budget spent), stopped (someone stopped
it: /tasks stop, the editor's cancel, its parent cancelled), or interrupted (the engine that ran it ended
first: a closed prompt, a restart, a crash). The service is services/children.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from orkeon_engine.domain.model.call_usage import Usage, format_cost

ChildState = Literal["running", "done", "failed", "stopped", "interrupted"]
ENDED_CHILD_STATES: frozenset[ChildState] = frozenset({"done", "failed", "stopped", "interrupted"})
CHILD_PREFIX = "c"
_LABEL = re.compile(r"c(\d{1,12})", re.IGNORECASE)


class ChildIdError(ValueError):
    """Text that names no child: the message says what a child's id looks like."""


def child_label(child_id: int) -> str:
    """`c3`: a child's id as /tasks shows it."""
    return f"{CHILD_PREFIX}{child_id}"


def is_child_label(text: str) -> bool:
    """Whether `text` looks like a child's id (`c3`), as opposed to a crew's (`t3`)."""
    return _LABEL.fullmatch(text.strip()) is not None


def parse_child_label(text: str) -> int:
    """The number of `c3` (any case, surrounding blanks ignored); ChildIdError for anything else."""
    match = _LABEL.fullmatch(text.strip())
    if match is None or int(match.group(1)) == 0:
        raise ChildIdError(f"{text!r} is not a child's id: a child's id is `c` and its number, as /tasks lists "
                           "it (c1, c2...)")
    return int(match.group(1))


@dataclass(frozen=True, kw_only=True)
class ChildDraft:
    """A child about to start: everything its record holds before it runs."""

    session_id: str
    charter: str
    mode: str
    brief: str
    started: datetime
    tools: tuple[str, ...] = ()
    step: str | None = None
    parent: str = ""
    """Who started it, as the person reads it (`/assistant (t2)`, `/tasks send c3`, a dev step's run)."""
    previous: int | None = None
    """The child this one is a new run of (/tasks send, /tasks repair)."""
    background: bool = True


@dataclass(frozen=True, kw_only=True)
class ChildRecord(ChildDraft):
    """A child as state.db keeps it: its draft, then its id, how it stands and what it left."""

    id: int
    state: ChildState
    ended: datetime | None = None
    usage: Usage = field(default_factory=Usage)
    report: str = ""
    detail: str = ""
    """Why it failed, who stopped it, or what interrupted it."""
    owner: str = ""
    """The engine that runs (or ran) it: `<pid>:<token>`, for telling a live child from an orphan."""

    @property
    def label(self) -> str:
        return child_label(self.id)

    @property
    def running(self) -> bool:
        return self.state == "running"

    @property
    def title(self) -> str:
        """`c3 dev-reviewer`: how the person sees it named."""
        return f"{self.label} {self.charter}"

    def elapsed_seconds(self, now: datetime) -> float:
        """Seconds from its start to its end (to `now` while it runs)."""
        return max(0.0, ((self.ended or now) - self.started).total_seconds())


@dataclass(frozen=True)
class SpawnRequest:
    """What the model asks of spawn_agent, with what the tool loop knows of the parent."""

    brief: str
    charter: str = "general"
    background: bool = False
    parent: str = ""
    mode: str = "plan"
    """The parent's permission mode: a `general` child works in it."""
    tools: tuple[str, ...] = ()
    """The tools offered to the parent: a `general` child is offered the same."""


def usage_text(usage: Usage) -> str:
    """`1,234 tokens, $0.0120`: a child's usage in one phrase."""
    return f"{usage.total_tokens:,} tokens, {format_cost(usage.cost)}"


def ticket_text(label: str, charter: str) -> str:
    """What spawn_agent answers the parent for a background child."""
    return (f"ticket {label}: {charter} started in the background. Its report goes to the person when it ends "
            f"(/tasks lists it); do not wait for it in this turn.")


def report_for_parent(record: ChildRecord) -> str:
    """What spawn_agent answers the parent once a child it waited for has ended."""
    head = f"{record.title} {record.state} ({usage_text(record.usage)})"
    if record.detail:
        head += f": {record.detail}"
    body = record.report.strip() or "(it left no report)"
    return f"{head}\n\n{body}"


def named_question(title: str, question: str) -> str:
    """A child's question to the person, marked with the child's name so the person knows who asks."""
    return f"[{title}] {question}"


def report_document(record: ChildRecord) -> tuple[str, str]:
    """The title and markdown of a child's report, as the editor opens it when the child ends."""
    title = f"{record.title} report"
    lines = [
        f"- state: {record.state}" + (f" ({record.detail})" if record.detail else ""),
        f"- mode: {record.mode}" + (f", step {record.step}" if record.step else ""),
        f"- usage: {usage_text(record.usage)}",
    ]
    if record.parent:
        lines.append(f"- started by: {record.parent}")
    if record.previous is not None:
        lines.append(f"- a new run of {child_label(record.previous)}")
    report = record.report.strip() or "(it left no report)"
    return title, f"{report}\n\n---\n\n" + "\n".join(lines) + "\n"
