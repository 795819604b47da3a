"""A turn of the main loop as the launching command hands it over (the request, the mode it resolved, its
prelude and epilogue calls) and the turn's result (the answer, and the lines the person is told beside it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from orkeon_engine.crews.main_loop.offer import ToolOffer
from orkeon_engine.crews.main_loop.report import (
    TurnFigures,
    changes_text,
    checkpoint_line,
    document_title,
    figures_line,
    refusal_lines,
)
from orkeon_engine.domain.checks.turn_checks import CheckOutcome
from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.session.compaction import CompactOutcome
from orkeon_engine.domain.settings.behaviour import BehaviourFlags

Prelude = Callable[[], Awaitable[str]]
"""A launching command's call before the turn; its text follows the request."""
Epilogue = Callable[[str], Awaitable[None]]
"""A launching command's call with the answer after the turn."""


@dataclass(frozen=True)
class MainLoopInput:
    """A turn as the launching command hands it over: the request and the mode it resolved."""

    request: str
    mode: str
    mode_source: str
    mode_detail: str = ""
    mode_problem: str = ""
    prelude: Prelude | None = None
    epilogue: Epilogue | None = None
    reproduce: bool = True
    """Whether a request to fix something runs its check first (the person's words; not /verify's request,
    which is code's and checks nothing before the model does)."""


@dataclass(frozen=True)
class MainLoopResult:
    """The answer of a turn and what the person is told beside it."""

    request: str
    answer: str
    mode_line: str
    offer: ToolOffer
    flags: BehaviourFlags
    figures: TurnFigures
    calls: tuple[ToolCallRecord, ...] = ()
    compactions: tuple[CompactOutcome, ...] = ()
    warnings: tuple[str, ...] = ()
    checkpoint: int | None = None
    """The turn's number in the session's checkpoints (None: none kept)."""
    changed: tuple[str, ...] = ()
    """The workspace files the turn wrote or removed (/undo takes them back)."""
    checked: CheckOutcome | None = None
    """The project's check run after the turn's edits (`assistant.verify`), as it last ended; None: none ran."""
    written: tuple[str, ...] = ()
    """The files the closing line names as changed: `changed`, else (no checkpoints) the edit calls' paths."""
    ran: bool = False
    """Whether a shell command ran in the turn."""
    claims: tuple[str, ...] = ()
    """The sentences that follow an answer claiming a change or a run that did not happen (in `answer` too)."""

    def lines(self) -> tuple[str, ...]:
        """The lines shown before the answer: the mode, the core tool set when it applies, what the rules
        removed, what nobody could approve, the flags, the calls the gate refused, compactions."""
        lines = [self.mode_line]
        if self.offer.trimmed:
            lines.append(self.offer.trimmed_text())
        if self.offer.removed:
            lines.append(self.offer.removed_text())
        if self.offer.unapprovable:
            lines.append(self.offer.unapprovable_text())
        if self.flags.describe():
            lines.append(f"flags: {self.flags.describe()}")
        lines += refusal_lines(self.calls)
        lines += [f"compaction: {outcome.describe()}" for outcome in self.compactions]
        if self.changed and self.checkpoint is not None:
            lines.append(checkpoint_line(self.checkpoint, self.changed))
        lines += [f"warning: {warning}" for warning in self.warnings]
        return tuple(lines)

    def closing(self) -> str:
        """The figures, then the files the turn changed or that it changed none (appended: scripts read the
        figures from the start of the line)."""
        return f"{figures_line(self.figures)}; {changes_text(self.written, self.ran)}"

    def title(self) -> str:
        """The title of the answer's document in the editor."""
        return document_title(self.request)
