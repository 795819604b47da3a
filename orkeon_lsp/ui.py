"""The editor's side of the engine's UserInterface: questions as LSP requests, the log as window/logMessage.

A choice (the permission gate's four answers among them) is a `window/showMessageRequest` whose actions are
the options; free text is the `orkeon/input` request, sent only to a client that declared
`experimental.orkeonInput`. A question that also takes the person's own words (choose_or_write) is the same
dialog with one more button, "Answer in my own words…", followed by `orkeon/input`, for a client that
answers it (the others see the options alone). Nobody to answer (no support, a dismissed dialog, an error)
is None, which the gate reads as Deny; a client that cannot be asked also gets a log line saying the
question went unanswered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types

from orkeon_engine.domain.free_answer import OWN_ANSWER, OWN_ANSWER_PROMPT
from orkeon_lsp.settings import LOG_LEVELS, LogLevel

if TYPE_CHECKING:
    from orkeon_lsp.server import OrkeonServer

INPUT_REQUEST = "orkeon/input"
"""Server to client: `{"question": str, "default": str}`; the answer is a string, or null for none."""

MESSAGE_TYPES: dict[LogLevel, types.MessageType] = {
    "error": types.MessageType.Error,
    "warning": types.MessageType.Warning,
    "info": types.MessageType.Info,
    "debug": types.MessageType.Log,
}


class LspHumanInput:
    """HumanInput over the client's dialogs. Never raises: every failure to get an answer is None."""

    def __init__(self, server: OrkeonServer) -> None:
        self._server = server

    async def choose(self, question: str, options: list[str]) -> str | None:
        if not options:
            return None
        if not self._server.support.show_message_request:
            self._server.log("warning", f"the editor cannot show window/showMessageRequest, so nobody answered: "
                                        f"{question} (the safe answer applies)")
            return None
        params = types.ShowMessageRequestParams(
            type=types.MessageType.Warning,
            message=question,
            actions=[types.MessageActionItem(title=option) for option in options],
        )
        answer = await self._ask(types.WINDOW_SHOW_MESSAGE_REQUEST, params)
        title = getattr(answer, "title", None)
        return title if isinstance(title, str) and title in options else None

    async def choose_or_write(self, question: str, options: list[str]) -> str | None:
        writes = self._server.support.orkeon_input
        answer = await self.choose(question, [*options, OWN_ANSWER] if writes else list(options))
        if answer != OWN_ANSWER:
            return answer
        written = await self.ask_text(f"{question}\n{OWN_ANSWER_PROMPT}")
        return written.strip() if written is not None and written.strip() else None

    async def ask_text(self, question: str, default: str = "") -> str | None:
        if not self._server.support.orkeon_input:
            self._server.log("debug", f"the editor does not answer {INPUT_REQUEST}, so nobody answered: {question}")
            return None
        answer = await self._ask(INPUT_REQUEST, {"question": question, "default": default})
        return answer if isinstance(answer, str) else None

    async def _ask(self, method: str, params: Any) -> Any:
        try:
            return await self._server.request(method, params)
        except Exception as error:  # the client answered with an error: nobody answered
            self._server.log("warning", f"{method} failed ({error}); taken as no answer")
            return None


class LspLogger:
    """Logger over window/logMessage, at or above the client's `logLevel`. Never raises."""

    def __init__(self, server: OrkeonServer) -> None:
        self._server = server

    def debug(self, message: str) -> None:
        self._server.log("debug", message)

    def info(self, message: str) -> None:
        self._server.log("info", message)

    def warning(self, message: str) -> None:
        self._server.log("warning", message)

    def error(self, message: str) -> None:
        self._server.log("error", message)


def level_reaches(level: LogLevel, threshold: LogLevel) -> bool:
    """Whether a line at `level` is shown when the client asked for `threshold` and above."""
    return LOG_LEVELS.index(level) <= LOG_LEVELS.index(threshold)
