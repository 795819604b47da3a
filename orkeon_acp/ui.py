"""The ACP client's side of the engine's UserInterface: the gate's questions as session/request_permission,
the progress of a prompt (its cancel), and the log on stderr.

A question nobody answers is None, which the gate reads as Deny: the client answered `cancelled`, with an
error, or not within the question's deadline (ASK_TIMEOUT_SECONDS; a client that never answers must not
hold a turn, and the gate's own deadline is not on this branch yet). Free text cannot be asked over ACP:
ask_text is always None.
"""

from __future__ import annotations

import asyncio
import logging
import uuid

from acp.schema import PermissionOption, ToolCallUpdate

from orkeon_acp.peer import SessionPeer
from orkeon_acp.permissions import choice_options, gate_answers, gate_options, selected
from orkeon_acp.tool_calls import call_content, tool_kind, tool_locations, tool_title
from orkeon_engine.domain.permissions.question import PermissionQuestion

ASK_TIMEOUT_SECONDS = 300.0
log = logging.getLogger("orkeon_acp")


class AcpHumanInput:
    """HumanInput and PermissionAsker over session/request_permission. Never raises."""

    def __init__(self, peer: SessionPeer, deadline: float = ASK_TIMEOUT_SECONDS) -> None:
        self._peer = peer
        self._deadline = deadline

    async def ask_permission(self, question: PermissionQuestion) -> str | None:
        call = question.call
        tool_call = ToolCallUpdate(
            tool_call_id=call.call_id or f"ask-{uuid.uuid4().hex}", title=tool_title(call),
            kind=tool_kind(call.tool_class), status="pending", content=call_content(call, self._peer.host_path),
            locations=tool_locations(call, self._peer.host_path), raw_input=call.arguments)
        return await self._ask(tool_call, gate_options(question), gate_answers(question), question.text)

    async def choose(self, question: str, options: list[str]) -> str | None:
        if not options:
            return None
        tool_call = ToolCallUpdate(tool_call_id=f"ask-{uuid.uuid4().hex}", title=question.splitlines()[0],
                                   kind="other", status="pending")
        return await self._ask(tool_call, choice_options(options), options, question)

    async def ask_text(self, question: str, default: str = "") -> str | None:
        log.info("an ACP client cannot be asked for text, so nobody answered: %s", question)
        return None

    async def _ask(self, tool_call: ToolCallUpdate, options: list[PermissionOption], answers: list[str],
                   question: str) -> str | None:
        request = self._peer.conn.request_permission(session_id=self._peer.session_id, tool_call=tool_call,
                                                     options=options)
        try:
            response = await asyncio.wait_for(request, self._deadline)
        except TimeoutError:
            log.warning("no answer to session/request_permission within %g s, so it is denied: %s",
                        self._deadline, question.splitlines()[0])
            return None
        except Exception as error:  # an error answer, a closed connection: nobody answered
            log.warning("session/request_permission failed (%s); taken as no answer", error)
            return None
        return selected(response, options, answers)


class AcpProgress:
    """The Progress of one prompt: nothing is shown (ACP has no progress line; the turn itself streams),
    and `cancelled` turns True on session/cancel."""

    def __init__(self) -> None:
        self._cancelled = False

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def mark_cancelled(self) -> None:
        self._cancelled = True

    def begin(self, title: str, message: str = "") -> None:
        log.debug("%s %s", title, message)

    def report(self, message: str, percentage: int | None = None) -> None:
        log.debug("%s", message)

    def end(self, message: str = "") -> None:
        log.debug("%s", message)


class AcpLogger:
    """Logger over Python's logging (stderr: an ACP client keeps the agent's stderr as its log)."""

    def debug(self, message: str) -> None:
        log.debug(message)

    def info(self, message: str) -> None:
        log.info(message)

    def warning(self, message: str) -> None:
        log.warning(message)

    def error(self, message: str) -> None:
        log.error(message)
