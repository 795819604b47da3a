"""What a turn writes to the session besides its request and answer: the request taken back out when the
turn stores nothing (a failed model call, a cancel before the model is asked), the files its calls touched
noted as the working files, and the automatic compaction (before the request joins the history, and again
when the answer leaves it saturated).
"""

from __future__ import annotations

from orkeon_engine.crews.main_loop.run_ports import MainLoopPorts
from orkeon_engine.domain.context.compaction_thresholds import Thresholds
from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.session.compaction import CompactOutcome
from orkeon_engine.domain.session.history import is_request
from orkeon_engine.domain.session.working_files import WORKING_FILES_KEY, note_working_files, touched_paths
from orkeon_engine.services.compaction import compact_session
from orkeon_engine.services.session_io import CurrentSession


async def forget_request(session: CurrentSession, request: str) -> None:
    """Take `request` back out of the buffer when it is the last entry (the turn stores nothing)."""
    entries = await session.entries()
    if entries and is_request(entries[-1]) and entries[-1].text == request:
        await session.replace_entries(entries[:-1])


async def record_working_files(ports: MainLoopPorts, calls: tuple[ToolCallRecord, ...]) -> None:
    """Note the files the turn's calls that ran touched as the session's working files (the restore after a
    compaction reads them back)."""
    touched = touched_paths((call.name, call.arguments) for call in calls if not call.result.is_error)
    if touched:
        previous = await ports.session.get_state(WORKING_FILES_KEY)
        await ports.session.set_state(WORKING_FILES_KEY, note_working_files(previous, touched))


async def auto_compact(ports: MainLoopPorts, thresholds: Thresholds) -> CompactOutcome:
    """The automatic compaction, when the history is under pressure (services/compaction.py)."""
    return await compact_session(ports.compaction(), thresholds, automatic=True)
