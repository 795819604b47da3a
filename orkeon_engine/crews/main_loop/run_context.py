"""/context: how the model's window is used, the next turn's prompt measured part by part as a turn would
build it (the mode, the tool offer and its definitions, the header, each block of the body; the request
itself not counted), with the gauge, the history, the automatic compaction's state and the pinned files.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from orkeon_engine.crews.main_loop.body import body_sections
from orkeon_engine.crews.main_loop.run_hooks import turn_hooks
from orkeon_engine.crews.main_loop.run_offer import (
    RewriteCalls,
    offers_core_set,
    tool_definition_tokens,
    turn_offer,
    turn_toolbox,
)
from orkeon_engine.crews.main_loop.run_ports import MainLoopPorts
from orkeon_engine.crews.main_loop.run_prompt import TurnReads, measured_prompt
from orkeon_engine.domain.context.compaction_thresholds import Gauge, estimate_tokens
from orkeon_engine.domain.context.context_files import ContextFile, context_files_budget
from orkeon_engine.domain.context.context_use import LAST_CALL_KEY, read_last_prompt
from orkeon_engine.domain.model.chat import CallOptions
from orkeon_engine.domain.session.compaction import BREAKER_KEY, read_breaker
from orkeon_engine.domain.session.history import is_archived, live_tokens
from orkeon_engine.services.context_files import read_refusal
from orkeon_engine.services.context_window import WindowChoice, resolve_context_window
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.services.permission_mode import resolve_mode
from orkeon_engine.services.turn_inputs import read_behaviour


@dataclass(frozen=True)
class ContextReport:
    """How the window is used: each part of the next turn's prompt in tokens, the gauge, the thresholds."""

    window: WindowChoice
    mode: str
    parts: tuple[tuple[str, int], ...]
    gauge: Gauge
    history_tokens: int
    archived_entries: int
    breaker_failures: int = 0
    notes: tuple[str, ...] = field(default_factory=tuple)
    last_prompt_tokens: int | None = None
    """The prompt tokens of the session's last model call as the provider counted them (None: none yet)."""
    context_files: tuple[ContextFile, ...] = ()
    """The pinned files (/add, /read-only) as the next turn reads them."""
    context_files_budget: int = 0


async def run_context_report(ports: MainLoopPorts) -> ContextReport:
    """/context: the next turn's prompt measured part by part (the request itself not counted)."""
    choice = await resolve_mode(ports.session, ports.config)
    toolbox = await turn_toolbox(ports, rewrite=RewriteCalls(ports.llm, CallOptions(), "") if ports.llm else None)
    gate = await gate_for_run(ports.gate_ports(), choice.mode)
    window = await resolve_context_window(ports.config, ports.window)
    hooks, _ = await turn_hooks(ports, choice.mode)
    core = await offers_core_set(ports.config, window)
    offer = turn_offer(ports, choice.mode, toolbox, gate.context.rules, core, hooks)
    flags = await read_behaviour(ports.config)
    tool_tokens = tool_definition_tokens(toolbox.select(offer.offered))
    header, parts = await measured_prompt(ports, "", offer, flags, window.thresholds, tool_tokens,
                                          reads=TurnReads(read_refusal(gate.context)))
    gauge = parts.gauge
    assert gauge is not None
    entries = await ports.session.entries()
    measured = [("header", estimate_tokens(header)), ("tool definitions", tool_tokens)]
    measured += [(name, estimate_tokens(text)) for name, text in body_sections(parts)]
    breaker = read_breaker(await ports.session.get_state(BREAKER_KEY))
    notes = []
    if breaker.open:
        notes.append(f"automatic compaction is off after {breaker.failures} failures ({breaker.last_error})")
    if live_tokens(entries) > window.thresholds.auto_compact:
        notes.append("the history is past the automatic compaction's threshold: the next turn compacts it first")
    return ContextReport(window, choice.mode, tuple(measured), gauge, live_tokens(entries),
                         sum(1 for e in entries if is_archived(e)), breaker.failures, tuple(notes),
                         read_last_prompt(await ports.session.get_state(LAST_CALL_KEY)),
                         parts.context_files, context_files_budget(window.thresholds))
