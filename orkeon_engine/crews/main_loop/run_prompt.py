"""Step 6's prompt: the static header and the user body of a turn, each part read once through the ports
(the history without the current request, the pinned files, the environment, the files the request names
and, for a small model, the lines sharing its words), measured with the gauge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from orkeon_engine.crews.main_loop.body import BodyParts, assemble_body, measure_prompt
from orkeon_engine.crews.main_loop.header import HeaderInput, build_static_header
from orkeon_engine.crews.main_loop.offer import ToolOffer
from orkeon_engine.crews.main_loop.run_ports import MainLoopPorts
from orkeon_engine.domain.context.compaction_thresholds import Gauge, Thresholds
from orkeon_engine.domain.context.context_files import ContextFile, context_files_budget
from orkeon_engine.domain.context.request_material import RequestMaterial, uses_request_search
from orkeon_engine.domain.permissions.decide import GateContext
from orkeon_engine.domain.session.history import is_request, live
from orkeon_engine.domain.settings.behaviour import BehaviourFlags
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.context_files import Refusal, quiet_read_refusal, read_context_files, read_refusal
from orkeon_engine.services.hooks import TurnHooks
from orkeon_engine.services.request_material import MaterialChoice, read_request_material
from orkeon_engine.services.turn_inputs import (
    read_environment,
    read_hooks,
    read_instructions,
    read_memory,
    read_skills,
    session_cost,
)


@dataclass(frozen=True)
class TurnReads:
    """How a turn reads files besides the tool calls: the gate's read rules a pinned file meets, the
    stricter ones for what it reads unasked (services/request_material.py), and which of that it reads."""

    pinned: Refusal | None = None
    unasked: Refusal | None = None
    choice: MaterialChoice = field(default_factory=MaterialChoice)
    core: bool = False
    """The turn offers the core tool set (a small model): no gauge is shown while its tier is ok."""


async def turn_reads(config: ConfigStore, context: GateContext, core: bool, hooks: TurnHooks | None) -> TurnReads:
    """The turn's reads under the gate's `context`: the named files unless `assistant.namedFiles` is false,
    the request's search as `assistant.requestSearch` says (auto: with the core tool set); none unasked
    while a PreToolUse hook guards file_read (or one cannot be read), since only a tool call meets it."""
    named = await config.get("assistant.namedFiles", True) is not False
    search = uses_request_search(str(await config.get("assistant.requestSearch", "auto")), core)
    guarded = hooks is not None and bool(hooks.book.broken_guards or hooks.book.for_event("PreToolUse", "file_read"))
    return TurnReads(read_refusal(context), None if guarded else quiet_read_refusal(context),
                     MaterialChoice(named, search), core)


async def turn_prompt(ports: MainLoopPorts, request: str, offer: ToolOffer, flags: BehaviourFlags,
                      thresholds: Thresholds, tool_tokens: int = 0, hook_context: tuple[str, ...] = (),
                      reads: TurnReads | None = None) -> tuple[str, str, Gauge, tuple[ContextFile, ...]]:
    """The static header, the user body (the history without the current request), the gauge, and the
    pinned files as the body carries them; `hook_context` is what the UserPromptSubmit hooks printed,
    `reads` the gate's read rules, which a pinned file and a file the turn reads unasked meet too."""
    header, measured = await measured_prompt(ports, request, offer, flags, thresholds, tool_tokens, hook_context,
                                             reads or TurnReads())
    assert measured.gauge is not None
    return header, assemble_body(measured), measured.gauge, measured.context_files


async def measured_prompt(ports: MainLoopPorts, request: str, offer: ToolOffer, flags: BehaviourFlags,
                          thresholds: Thresholds, tool_tokens: int = 0, hook_context: tuple[str, ...] = (),
                          reads: TurnReads | None = None) -> tuple[str, BodyParts]:
    """The static header and the body's parts, each read once through the ports, measured with the gauge
    (the tool definitions sent beside them counted as `tool_tokens`)."""
    reads = reads or TurnReads()
    header = build_static_header(HeaderInput(offer.read_only, offer.offered))
    history = live(await ports.session.entries())
    if history and is_request(history[-1]) and history[-1].text == request:
        history = history[:-1]
    budget = context_files_budget(thresholds)
    pinned = tuple(await read_context_files(ports.session, ports.files, reads.pinned, budget))
    environment = await read_environment(ports.workspace, ports.clock, ports.shell)
    material = RequestMaterial()
    if reads.unasked is not None:
        material = await read_request_material(ports.files, reads.unasked, request, environment.files,
                                                {item.path for item in pinned},
                                                budget - sum(item.tokens for item in pinned), reads.choice)
    parts = BodyParts(
        request=request,
        read_only=offer.read_only,
        environment=environment,
        flags=flags,
        instructions=await read_instructions(ports.files),
        skills=await read_skills(ports.session, ports.files),
        memory=await read_memory(ports.memory, ports.logger),
        hooks=await read_hooks(ports.config),
        hook_context=hook_context,
        history=tuple(history),
        context_files=pinned,
        material=material,
        brief_gauge=reads.core,
    )
    return header, measure_prompt(header, parts, thresholds, await session_cost(ports.usage, ports.session.id),
                                  tool_tokens)
