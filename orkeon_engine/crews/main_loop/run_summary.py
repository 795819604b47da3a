"""/summary: the whole session's history (the compacted turns included) summarised by the model, no tools,
the history cut to fit the model's window (the prompt and the request: session_summary.py).
"""

from __future__ import annotations

from orkeon_engine.crews.main_loop.run_ports import MainLoopPorts
from orkeon_engine.crews.main_loop.session_summary import (
    SESSION_SUMMARY_TOKENS,
    build_session_summary_prompt,
    build_session_summary_request,
)
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.compaction import chars_for
from orkeon_engine.services.context_window import resolve_context_window


async def run_session_summary(ports: MainLoopPorts) -> str:
    """/summary: the whole session's history (the compacted turns included) summarised, no tools."""
    llm = ports.require_llm()
    entries = await ports.session.entries()
    if not any(entry.text.strip() for entry in entries):
        raise CommandFailedError("nothing to summarise yet: the session's history is empty")
    window = await resolve_context_window(ports.config, ports.window)  # the history is cut to fit the model
    return await llm.complete(build_session_summary_prompt(SESSION_SUMMARY_TOKENS),
                              build_session_summary_request(entries, chars_for(window.thresholds.transcript)))
