"""The conversation buffer as a markdown document, for /export: a heading per entry, oldest first."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from orkeon_engine.domain.session.session import BufferEntry, SessionInfo

ROLE_HEADINGS = {"user": "You", "assistant": "Orkeon", "system": "System", "tool": "Tool"}


def default_export_path(session_id: str) -> str:
    """Where /export writes when no path is given."""
    return f"/output/conversation-{session_id}.md"


def conversation_markdown(info: SessionInfo, entries: Sequence[BufferEntry], exported: datetime) -> str:
    """The document: a title, the session's facts, then every entry under its speaker's heading.

    An entry that is not a plain message (a compaction summary, restored memory) says its kind in the
    heading, so a reader knows it was not said in those words."""
    title = info.title or f"Conversation {info.id}"
    lines = [
        f"# {title}",
        "",
        f"- session: {info.id}",
        f"- started: {info.created:%Y-%m-%d %H:%M} UTC",
        f"- exported: {exported:%Y-%m-%d %H:%M} UTC",
        f"- entries: {len(entries)}",
    ]
    for number, entry in enumerate(entries, start=1):
        heading = ROLE_HEADINGS.get(entry.role, entry.role.title())
        if entry.kind != "message":
            heading += f" ({entry.kind})"
        lines += ["", f"## {number}. {heading}", "", entry.text.rstrip() or "(empty)"]
    return "\n".join(lines) + "\n"
