"""AcpSession: one ACP session, one engine. session/new builds the engine for the session's folder (a new
Orkeon session), session/load builds it on the stored session of that id and replays its conversation;
the session's id on the wire is the engine's. A prompt runs as its own task, so session/cancel can stop
it wherever it is (the model's stream, a question, a command in the terminal).

The engine's ports that reach the client are wired here, as orkeon_lsp's lifecycle wires its own: the
gate's questions (AcpHumanInput), the turn's events (AcpTurnEvents), the files when the client offers
fs/read_text_file or fs/write_text_file (AcpClientFiles), and the model's shell commands when it offers a
terminal (AcpTerminalShell).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from acp.interfaces import Client
from acp.schema import StopReason

from orkeon_acp.client import ClientSupport
from orkeon_acp.files import AcpClientFiles
from orkeon_acp.peer import SessionPeer
from orkeon_acp.terminal import AcpTerminalShell
from orkeon_acp.ui import AcpHumanInput, AcpLogger, AcpProgress
from orkeon_acp.updates import AcpTurnEvents, available_commands, update_current_mode
from orkeon_engine.domain.ui.args import ArgumentError
from orkeon_engine.domain.ui.client_info import ClientInfo
from orkeon_engine.engine import FREE_TEXT_COMMAND, Engine, Ok, RunResult, UserInterface


class PromptBusyError(Exception):
    """A prompt arrived while the session's previous one is still running."""


class AcpSession:
    """The engine of one ACP session and the prompt running in it."""

    def __init__(self, conn: Client, support: ClientSupport, client: ClientInfo) -> None:
        self.peer = SessionPeer(conn, support)
        self._client = client
        self._events = AcpTurnEvents(self.peer)
        self._engine: Engine | None = None
        self._turn: asyncio.Task[RunResult] | None = None
        self._progress = AcpProgress()
        self._announcing: asyncio.Task[None] | None = None
        self.root = ""
        """The session's folder, as the client named it."""

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            raise RuntimeError("the session's engine is not open")
        return self._engine

    @property
    def id(self) -> str:
        return self.peer.session_id

    async def open(self, root: Path, resume: str | None = None) -> Engine:
        """Build the engine in `root`, on a new session or the stored one `resume` names (LookupError:
        there is none); either becomes the workspace's current session, which `orkeon` then continues."""
        from orkeon_engine.bootstrap import build_engine  # here: the engine's wiring stays off initialize's path

        support = self.peer.support
        ui = UserInterface(human=AcpHumanInput(self.peer), progress=self._progress, logger=AcpLogger(),
                           events=self._events)
        files = AcpClientFiles(self.peer) if support.read_text_file or support.write_text_file else None
        shell = AcpTerminalShell(self.peer, str(root), self._events.show_terminal) if support.terminal else None
        engine = await build_engine(root, ui, resume=resume, client_info=self._client, client_files=files,
                                    tool_shell=shell, new_session=resume is None)
        self._engine = engine
        self.root = str(root)
        self.peer.session_id = engine.session_id
        self.peer.host_path = engine.host_path
        return engine

    async def replay(self) -> None:
        """The stored conversation, as the client shows a thread: the requests and the answers."""
        from acp import update_agent_message_text, update_user_message_text

        for entry in await self.engine.conversation():
            if entry.role == "user" and entry.kind == "message":
                await self.peer.update(update_user_message_text(entry.text))
            elif entry.role == "assistant":
                await self.peer.update(update_agent_message_text(entry.text))

    def announce_soon(self) -> None:
        """Send the commands and the mode once the reply that names the session has gone out."""
        self._announcing = asyncio.ensure_future(self._announce())

    async def _announce(self) -> None:
        await self.peer.update(available_commands(self.engine.commands))
        await self.peer.update(update_current_mode(await self.engine.permission_mode()))

    async def prompt(self, text: str) -> StopReason:
        """Run the request (free text for the assistant, or a /command) to its end, or to its cancel."""
        if self._turn is not None and not self._turn.done():
            raise PromptBusyError("a prompt is already running in this session: cancel it or wait for its end")
        engine = self.engine
        try:
            tokens = engine.line_tokens(text)
        except ArgumentError as error:
            await self._say(f"{error.problem}")
            return "end_turn"
        if not tokens:
            await self._say("the prompt is empty: say what the assistant should do, or type a /command")
            return "end_turn"
        mode = await engine.permission_mode()
        self._progress = progress = AcpProgress()
        self._turn = turn = asyncio.ensure_future(engine.run(tokens[0], tokens[1:], progress))
        try:
            result = await turn
        except asyncio.CancelledError:
            if progress.cancelled:
                return "cancelled"
            raise
        if progress.cancelled:
            return "cancelled"
        await self._show(tokens[0], result)
        if (now := await engine.permission_mode()) != mode:
            await self.peer.update(update_current_mode(now))
        return "end_turn"

    def cancel(self) -> None:
        """session/cancel: stop the running prompt, if any."""
        if self._turn is not None and not self._turn.done():
            self._progress.mark_cancelled()
            self._turn.cancel()

    async def set_mode(self, mode: str) -> RunResult:
        result = await self.engine.run("mode", [mode])
        if isinstance(result, Ok):
            await self.peer.update(update_current_mode(await self.engine.permission_mode()))
        return result

    async def _show(self, command: str, result: RunResult) -> None:
        """What the prompt answered: a command's view as text; the assistant's answer was streamed already, so
        only its warnings are said (what was ignored and why: state a clone shipped, a call copied from what
        the model was shown), and the sentence that follows an answer claiming a change or a run that did not
        happen."""
        if isinstance(result, Ok) and command == FREE_TEXT_COMMAND:
            warnings = result.view.data.get("warnings") or []
            claims = result.view.data.get("claims") or []
            said = [f"warning: {line}" for line in warnings] + ([" ".join(claims)] if claims else [])
            if said:  # a paragraph of its own after the streamed answer
                await self._say("\n\n" + "\n".join(said))
            return
        text = result.render()
        if text:
            await self._say(text)

    async def _say(self, text: str) -> None:
        from acp import update_agent_message_text

        await self.peer.update(update_agent_message_text(text))

    async def close(self) -> None:
        """Stop the prompt and close the engine."""
        self.cancel()
        if self._turn is not None:
            await asyncio.gather(self._turn, return_exceptions=True)
        if self._engine is not None:
            self._engine.close()
            self._engine = None
