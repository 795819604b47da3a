"""The compaction pipeline, shared by /compact and the main loop's automatic compaction.

In order: durable facts move to typed memory first (one model call, its answer between markers); then the
snip (the head plus the last exchanges); then, only when the snip is not enough, the summary (one model
call, its answer between markers), which replaces the live history; last, the files the conversation was
working on are restored. What a compaction takes out of the live history is archived in place, so
/summary still reads it. `snip_only` stops after the snip and calls no model.

A failed compaction (a failed model call, an empty summary) leaves the buffer as it was and counts one
failure on the circuit breaker kept in the state bag; after BREAKER_LIMIT failures in a row the automatic
compaction is skipped, until a compaction succeeds (/compact always tries, and a success resets it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from orkeon_engine.domain.context.compaction_thresholds import Thresholds
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.compaction import (
    BREAKER_KEY,
    Breaker,
    CompactOutcome,
    build_memory_prompt,
    build_summary_prompt,
    build_summary_request,
    chars_for,
    read_breaker,
    read_memories,
    read_summary,
    render_transcript,
    summary_entry,
)
from orkeon_engine.domain.session.history import archived, live, live_tokens, snip
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.session.working_files import WORKING_FILES_KEY, RestorePlan, plan_restore
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.memory_store import MemoryStore
from orkeon_engine.services.session_io import CurrentSession
from orkeon_engine.services.turn_inputs import read_optional_text


class TextModel(Protocol):
    """The one model call compaction makes: instructions and material in, text out (services/llm.py's Llm).

    A failed call raises a CommandFailedError (LlmFailure) or NotConfiguredError."""

    async def complete(self, system: str, user: str) -> str: ...


@dataclass(frozen=True)
class CompactionPorts:
    """What the pipeline works over."""

    session: CurrentSession
    memory: MemoryStore | None
    files: Files | None
    model: TextModel | None
    logger: Logger | None = None


class EmptySummaryError(CommandFailedError):
    """The model's answer held no summary between the markers."""

    def __init__(self) -> None:
        super().__init__("the model's summary was empty (nothing between its markers)")


async def compact_session(ports: CompactionPorts, thresholds: Thresholds, *, focus: str = "",
                          snip_only: bool = False, automatic: bool = False) -> CompactOutcome:
    """Compact the session's live history; never raises for a failed compaction (it is the outcome), but
    NotConfiguredError (no model) propagates for a compaction that needs the model."""
    breaker = read_breaker(await ports.session.get_state(BREAKER_KEY))
    entries = await ports.session.entries()
    before = live_tokens(entries)
    if automatic and breaker.open:
        return CompactOutcome("skipped", before, before, error=breaker.last_error, failures=breaker.failures)
    if automatic and before <= thresholds.auto_compact:
        return CompactOutcome("none", before, before)
    if snip_only:
        return await _snip_only(ports, entries, thresholds, before)
    try:
        return await _compact(ports, entries, thresholds, focus, before)
    except CommandFailedError as error:
        failed = breaker.failed(str(error))
        await ports.session.set_state(BREAKER_KEY, failed.to_state())
        return CompactOutcome("failed", before, before, error=str(error), failures=failed.failures)


async def _snip_only(ports: CompactionPorts, entries: list[BufferEntry], thresholds: Thresholds,
                     before: int) -> CompactOutcome:
    snipped = snip(entries, thresholds.snip_target)
    if not snipped.dropped:
        return CompactOutcome("none", before, before)
    plan = await _restore(ports, thresholds)
    await ports.session.replace_entries(snipped.entries + list(plan.entries))
    await ports.session.set_state(BREAKER_KEY, Breaker().to_state())
    after = live_tokens(snipped.entries + list(plan.entries))
    return CompactOutcome("snipped", before, after, dropped=snipped.dropped, restored=plan.restored,
                          named=plan.named)


async def _compact(ports: CompactionPorts, entries: list[BufferEntry], thresholds: Thresholds, focus: str,
                   before: int) -> CompactOutcome:
    current = live(entries)
    if not current:
        return CompactOutcome("none", before, before)
    transcript = render_transcript(current, chars_for(thresholds.transcript))
    saved = await _move_facts_to_memory(ports, transcript)
    snipped = snip(entries, thresholds.snip_target)
    if snipped.dropped and live_tokens(snipped.entries) <= thresholds.target:
        plan = await _restore(ports, thresholds)
        result = snipped.entries + list(plan.entries)
        await _commit(ports, result)
        return CompactOutcome("snipped", before, live_tokens(result), dropped=snipped.dropped, notes_saved=saved,
                              restored=plan.restored, named=plan.named)
    summary = await _summarise(ports, transcript, thresholds, focus)
    plan = await _restore(ports, thresholds)
    result = [archived(e) for e in entries] + [summary_entry(summary)] + list(plan.entries)
    await _commit(ports, result)
    return CompactOutcome("summarised", before, live_tokens(result), notes_saved=saved, restored=plan.restored,
                          named=plan.named)


async def _move_facts_to_memory(ports: CompactionPorts, transcript: str) -> tuple[str, ...]:
    if ports.memory is None or ports.model is None:
        return ()
    try:
        existing = await ports.memory.list()
    except OSError as error:  # a broken notes file must not stop the compaction (nor the turn around it)
        if ports.logger is not None:
            ports.logger.warning(f"the memory notes could not be read, so no fact was kept: {error}")
        return ()
    answer = await ports.model.complete(build_memory_prompt(existing), transcript)
    saved = []
    for candidate in read_memories(answer, existing):
        try:
            note = await ports.memory.add(candidate.category, candidate.text, candidate.reason)
        except OSError as error:  # a note that cannot be written is not worth failing the compaction for
            if ports.logger is not None:
                ports.logger.warning(f"a memory note could not be kept: {error}")
            continue
        saved.append(note.id)
    return tuple(saved)


async def _summarise(ports: CompactionPorts, transcript: str, thresholds: Thresholds, focus: str) -> str:
    if ports.model is None:
        raise CommandFailedError("the summary needs the model, and none is wired")
    answer = await ports.model.complete(build_summary_prompt(thresholds.summary, focus),
                                        build_summary_request(transcript))
    summary = read_summary(answer)
    if not summary:
        raise EmptySummaryError()
    return summary


async def _restore(ports: CompactionPorts, thresholds: Thresholds) -> RestorePlan:
    value = await ports.session.get_state(WORKING_FILES_KEY)
    paths = [p for p in value if isinstance(p, str)] if isinstance(value, list) else []
    files: list[tuple[str, str | None]] = []
    for path in paths:
        files.append((path, await read_optional_text(ports.files, path)))
    return plan_restore(files, thresholds.restore, thresholds.restore_file)


async def _commit(ports: CompactionPorts, entries: Sequence[BufferEntry]) -> None:
    await ports.session.replace_entries(list(entries))
    await ports.session.set_state(BREAKER_KEY, Breaker().to_state())


