"""The ACP client's side of the engine's UserInterface: the gate's questions as session/request_permission,
the progress of a prompt (its cancel), and the log on stderr.

A question nobody answers is None, which the gate reads as Deny: the client answered `cancelled`, with an
error, or not within the question's deadline (ASK_TIMEOUT_SECONDS; a client that never answers must not
hold a turn, and the gate's own deadline is not on this branch yet). Free text, and a choice that also
takes the person's own words, are an `elicitation/create` form (a text field; the options and a text field)
for a client that declared form elicitation; a client that did not is asked the options alone, and never
for text (None). A declined or cancelled form is no answer.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Sequence

from acp.schema import (
    AcceptElicitationResponse,
    ElicitationFormSessionMode,
    ElicitationSchema,
    ElicitationStringPropertySchema,
    PermissionOption,
    ToolCallUpdate,
)

from orkeon_acp.peer import SessionPeer
from orkeon_acp.permissions import choice_options, gate_answers, gate_options, selected
from orkeon_acp.tool_calls import call_content, tool_kind, tool_locations, tool_title
from orkeon_engine.domain.permissions.question import PermissionQuestion
from orkeon_engine.domain.tool_call import FileEdit
from orkeon_engine.domain.ui.free_answer import OWN_ANSWER_PROMPT

ASK_TIMEOUT_SECONDS = 300.0
CHOICE_FIELD = "choice"
ANSWER_FIELD = "answer"
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

    async def choose(self, question: str, options: list[str], edits: Sequence[FileEdit] = ()) -> str | None:
        # the gate asks this client through ask_permission, whose tool call carries an edit's diff: a plain
        # choice (a command's own question) has no edits to show
        if not options:
            return None
        tool_call = ToolCallUpdate(tool_call_id=f"ask-{uuid.uuid4().hex}", title=question.splitlines()[0],
                                   kind="other", status="pending")
        return await self._ask(tool_call, choice_options(options), options, question)

    async def choose_or_write(self, question: str, options: list[str]) -> str | None:
        if not self._peer.support.elicitation_form:
            return await self.choose(question, options)
        fields = {ANSWER_FIELD: ElicitationStringPropertySchema(type="string", title=OWN_ANSWER_PROMPT)}
        if options:
            fields = {CHOICE_FIELD: ElicitationStringPropertySchema(type="string", title="Choose one",
                                                                     enum=list(options)), **fields}
        content = await self._form(question, fields)
        written = content.get(ANSWER_FIELD)
        if isinstance(written, str) and written.strip():
            return written.strip()
        chosen = content.get(CHOICE_FIELD)
        return chosen if isinstance(chosen, str) and chosen in options else None

    async def ask_text(self, question: str, default: str = "") -> str | None:
        if not self._peer.support.elicitation_form:
            log.info("this ACP client takes no form (elicitation), so nobody answered: %s", question)
            return None
        field = ElicitationStringPropertySchema(type="string", title=question.splitlines()[0][:80],
                                                default=default or None)
        written = (await self._form(question, {ANSWER_FIELD: field})).get(ANSWER_FIELD)
        return written if isinstance(written, str) else None

    async def _form(self, question: str, fields: dict[str, ElicitationStringPropertySchema]) -> dict[str, object]:
        """The fields the person filled in an elicitation form; {} when they declined, cancelled or nobody
        answered in time."""
        mode = ElicitationFormSessionMode(session_id=self._peer.session_id,
                                          requested_schema=ElicitationSchema(properties=dict(fields)))
        try:
            response = await asyncio.wait_for(self._peer.conn.create_elicitation(message=question, mode=mode),
                                              self._deadline)
        except TimeoutError:
            log.warning("no answer to elicitation/create within %g s: %s", self._deadline, question.splitlines()[0])
            return {}
        except Exception as error:  # an error answer, a closed connection: nobody answered
            log.warning("elicitation/create failed (%s); taken as no answer", error)
            return {}
        if not isinstance(response, AcceptElicitationResponse) or not response.content:
            return {}
        return dict(response.content)

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
