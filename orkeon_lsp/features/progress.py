"""Work-done progress: the engine's Progress port over `$/progress`, and its cancel button.

Each command request gets a RequestProgress. A crew's request opens it at once (its title names the
command); any other command opens it only when it reports progress of its own. When the client gave a
`workDoneToken` with its executeCommand, the progress is reported on that token (no creation needed, and
whatever the client declared); otherwise the token is created by the server
(`window/workDoneProgress/create`) for a client that supports it, and until the client has answered,
notifications wait in order. `window/workDoneProgress/cancel` on the token cancels the request
that owns it, as `$/cancelRequest` does.
"""

from __future__ import annotations

import asyncio
import contextvars
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from orkeon_lsp.server_api import ServerApi

ProgressValue = types.WorkDoneProgressBegin | types.WorkDoneProgressReport | types.WorkDoneProgressEnd


class _Token:
    """One token: a server-created one's notifications wait in `pending` until the client has accepted it;
    the client's own (`name` given) is ready at once."""

    def __init__(self, name: int | str | None = None) -> None:
        self.name: int | str = f"orkeon-{uuid.uuid4().hex}" if name is None else name
        self.ready = name is not None
        self.refused = False
        self.pending: list[ProgressValue] = []
        self.creation: asyncio.Future[None] | None = None


class RequestProgress:
    """The Progress port over one work-done progress of the client. Best effort: never raises."""

    def __init__(self, server: ServerApi, title: str, client_token: int | str | None = None) -> None:
        self._server = server
        self._title = title
        self._client_token = client_token
        """The client's workDoneToken: the first begin reports on it (a token carries one begin only)."""
        self._token: _Token | None = None
        self._last: _Token | None = None
        self._begun = False
        self._cancelled = False
        self.on_token: Callable[[str], None] | None = None
        """Called with each token this progress creates, so that a cancel on it can be routed."""

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def mark_cancelled(self) -> None:
        self._cancelled = True

    async def start(self, message: str = "") -> None:
        """Open the progress now (a crew's request), and wait until the client knows the token."""
        self.begin(self._title, message)
        await self.settle()

    def begin(self, title: str, message: str = "") -> None:
        if self._begun:  # one begin per token: a second phase is reported under the first title
            self.report(f"{title}: {message}" if message else title)
            return
        self._begun = True
        self._title = title
        self._send(types.WorkDoneProgressBegin(title=title, message=message or None, cancellable=True))

    def report(self, message: str, percentage: int | None = None) -> None:
        if not self._begun:
            self.begin(self._title, message)
            return
        pct = None if percentage is None else max(0, min(100, percentage))
        self._send(types.WorkDoneProgressReport(message=message, percentage=pct, cancellable=True))

    def end(self, message: str = "") -> None:
        if not self._begun:
            return
        self._send(types.WorkDoneProgressEnd(message=message or None))
        self._begun = False
        self._token = None

    async def finish(self, message: str = "") -> None:
        """End the progress if it is open, once every notification before it has been sent."""
        self.end(message)
        await self.settle()

    async def settle(self) -> None:
        """Wait until the last token is known to the client and what waited for it is sent."""
        creation = self._last.creation if self._last is not None else None
        if creation is not None:
            await asyncio.shield(creation)

    def _send(self, value: ProgressValue) -> None:
        token = self._token
        if token is None:
            token = self._new_token()
            if token is None:
                return
            if self.on_token is not None:
                self.on_token(str(token.name))
        if token.ready:
            self._notify(token.name, value)
        elif not token.refused:
            token.pending.append(value)

    def _new_token(self) -> _Token | None:
        if self._client_token is not None:
            token = self._token = self._last = _Token(self._client_token)
            self._client_token = None
            return token
        if not self._server.support.work_done_progress:
            return None
        token = self._token = self._last = _Token()
        token.creation = asyncio.ensure_future(self._create(token))
        return token

    async def _create(self, token: _Token) -> None:
        try:
            await self._server.work_done_progress.create_async(token.name)
        except Exception as error:  # the client refused the token: this progress is not shown
            token.refused = True
            token.pending.clear()
            self._server.log("debug", f"window/workDoneProgress/create failed ({error}); no progress shown")
            return
        token.ready = True
        for value in token.pending:
            self._notify(token.name, value)
        token.pending.clear()

    def _notify(self, token: int | str, value: ProgressValue) -> None:
        progress = self._server.work_done_progress
        try:
            if isinstance(value, types.WorkDoneProgressBegin):
                progress.begin(token, value)
            elif isinstance(value, types.WorkDoneProgressReport):
                progress.report(token, value)
            else:
                progress.end(token, value)
                progress.tokens.pop(token, None)
        except Exception as error:  # the connection is going away: progress is best effort
            self._server.log("debug", f"$/progress not sent ({error})")


def setup(server: ServerApi) -> None:
    """Route the progress's cancel button to the request that owns the token."""

    @server.feature(types.WINDOW_WORK_DONE_PROGRESS_CANCEL)
    def on_progress_cancel(ls: ServerApi, params: types.WorkDoneProgressCancelParams) -> None:
        ls.cancellations.cancel_token(str(params.token))


current_request_progress: contextvars.ContextVar[RequestProgress | None] = contextvars.ContextVar(
    "current_request_progress", default=None)
"""The progress of the command request whose task this is (features/commands.py sets it)."""


def report_wait(text: str | None) -> None:
    """The engine's waiting line (`UserInterface.waiting`: a model call waiting for its first byte) as a
    report on the progress of the request that waits; nothing outside a request, nor for the clear."""
    progress = current_request_progress.get()
    if progress is not None and text:
        progress.report(text)
