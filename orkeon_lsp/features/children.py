"""Child agents in the editor: each running child its own `$/progress`, and its report opened as a document
when it ends.

A child's progress is created by the server like a command's, titled with the child's name (`Orkeon c3
dev-reviewer`); its cancel button stops that child at its next step (`/tasks stop c3` stops it at once).
When a child ends, its report is written under /output (`child-c3-dev-reviewer-report.md`, one a child) and
shown with `window/showDocument` (to every client that opens documents: no request's result carries it), and
a message says how it ended (features/output.py).
`orkeon.tasks` lists the children, `orkeon.tasks stop <id>` stops one.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from orkeon_engine.domain.agents.children import ChildRecord, report_document, usage_text
from orkeon_engine.domain.ui.view import CommandView, Document
from orkeon_lsp.features.output import present, slugify
from orkeon_lsp.features.progress import RequestProgress

if TYPE_CHECKING:  # the engine's modules load with the engine, after initialize has answered
    from orkeon_engine.engine import Engine
    from orkeon_lsp.server_api import ServerApi

REPORT_NAME = "child"
"""The stem of a report's document: `child-<title>.md` under /output."""


class ChildProgress(RequestProgress):
    """The progress line of one child: a cancel on its token marks it cancelled, which stops the child."""

    def __init__(self, server: ServerApi, title: str) -> None:
        super().__init__(server, title)
        self._tokens: list[str] = []
        self.on_token = self._watch

    def _watch(self, token: str) -> None:
        self._tokens.append(token)
        self._server.cancellations.watch_token(token, self.mark_cancelled)

    def end(self, message: str = "") -> None:
        super().end(message)
        for token in self._tokens:
            self._server.cancellations.forget_token(token)
        self._tokens.clear()


def ended_view(record: ChildRecord) -> CommandView:
    """What the person is shown of an ended child: its report as a document, how it ended as a message."""
    title, content = report_document(record)
    closing = f"{record.title} {record.state} ({usage_text(record.usage)})"
    if record.detail:
        closing += f": {record.detail}"
    return CommandView(message=closing, document=Document(title, content))


def watch_children(server: ServerApi, engine: Engine) -> None:
    """Open each child's report when it ends (the engine calls back on its own loop)."""
    shown: set[asyncio.Task[Any]] = set()

    def on_end(record: ChildRecord) -> None:
        view = ended_view(record)
        stem = f"{REPORT_NAME}-{slugify(view.document.title if view.document else record.title)}"
        task = asyncio.ensure_future(present(server, engine.output_dir, REPORT_NAME, view, report=stem))
        shown.add(task)
        task.add_done_callback(shown.discard)

    engine.on_child_end(on_end)
