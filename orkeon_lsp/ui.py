"""The editor's side of the engine's UserInterface: questions as LSP requests, the log as window/logMessage.

A choice (the permission gate's four answers among them) is a `window/showMessageRequest` whose actions are
the options, sent to every client (it is base protocol, whatever the client declares) unless the person
turned `askInEditor` off. A client that declared `experimental.orkeonQuestions` gets the same question as
the `orkeon/question` request instead, with `edits`: each file an edit would change, its text before and
after, so it can show the change in a diff editor beside the question. Free text is the `orkeon/input` request,
sent only to a client that declared `experimental.orkeonInput`. A question that also takes the person's own
words (choose_or_write) is the same dialog with one more button, "Answer in my own words…", followed by
`orkeon/input`, for a client that answers it (the others see the options alone). Nobody to answer
(questions off, a dismissed dialog, an error) is None, which the gate reads as Deny; questions turned off
also say which call went unasked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import from_fs_path

from orkeon_engine.domain.tool_call import FileEdit
from orkeon_engine.domain.ui.free_answer import OWN_ANSWER, OWN_ANSWER_PROMPT
from orkeon_lsp.engine_slot import EngineUnavailableError
from orkeon_lsp.settings import LOG_LEVELS, LogLevel

if TYPE_CHECKING:
    from orkeon_lsp.editor_link import EditorLink

QUESTION_REQUEST = "orkeon/question"
"""Server to client, for a client that declared experimental.orkeonQuestions: window/showMessageRequest's
params plus `edits`, `[{"path": virtual path, "uri": file URI or null, "oldText": the text before (null:
a new file), "newText": the whole new text}]`; the answer is the chosen action (`{"title": ...}`), or null
for none."""

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

    def __init__(self, server: EditorLink) -> None:
        self._server = server

    async def choose(self, question: str, options: list[str], edits: Sequence[FileEdit] = ()) -> str | None:
        if not options:
            return None
        if not self._server.settings.ask_in_editor:
            first = question.splitlines()[0] if question else "a question"
            self._server.tell("warning", f"orkeon: askInEditor is off, so nobody was asked and the safe answer "
                                         f"applies: {first}")
            return None
        answer = await self._ask(*await self._question(question, options, edits))
        title = answer.get("title") if isinstance(answer, dict) else getattr(answer, "title", None)
        return title if isinstance(title, str) and title in options else None

    async def _question(self, question: str, options: list[str], edits: Sequence[FileEdit]) -> tuple[str, Any]:
        """The request's method and params: orkeon/question for a client that shows edits itself."""
        if self._server.support.shows_edits:
            return QUESTION_REQUEST, {"type": types.MessageType.Warning.value, "message": question,
                                      "actions": [{"title": option} for option in options],
                                      "edits": [edit_json(edit, await self._host_path(edit.path)) for edit in edits]}
        return types.WINDOW_SHOW_MESSAGE_REQUEST, types.ShowMessageRequestParams(
            type=types.MessageType.Warning,
            message=question,
            actions=[types.MessageActionItem(title=option) for option in options],
        )

    async def _host_path(self, virtual: str) -> str | None:
        try:
            engine = await self._server.engine.get()
        except EngineUnavailableError:
            return None
        return engine.host_path(virtual)

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


def edit_json(edit: FileEdit, host_path: str | None) -> dict[str, Any]:
    """One edit's change as an entry of orkeon/question's `edits` (`host_path`: the file behind its path)."""
    uri = from_fs_path(host_path) if host_path else None
    return {"path": edit.path, "uri": uri, "oldText": edit.old_text, "newText": edit.new_text}


class LspLogger:
    """Logger over window/logMessage, at or above the client's `logLevel`. Never raises."""

    def __init__(self, server: EditorLink) -> None:
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
