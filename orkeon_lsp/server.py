"""The Orkeon language server: the pygls server and protocol, the features it is made of, and `serve`.

`serve` speaks LSP over stdio (or `--tcp HOST:PORT` for debugging). On stdio nothing but the protocol
reaches the real stdout: the protocol keeps a duplicate of file descriptor 1, and descriptor 1 itself,
with `sys.stdout`, is pointed at stderr, so a print, a library's banner or a child process writing to
its stdout lands in the log instead of corrupting the stream.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import uuid
from collections.abc import Callable, Generator, Sequence
from typing import Any

from lsprotocol import types
from pygls.exceptions import (
    FeatureRequestError,
    JsonRpcException,
    JsonRpcInvalidRequest,
    JsonRpcServerNotInitialized,
)
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from orkeon_engine import __version__
from orkeon_engine.edge_io import exit_code_after_stop, protect_stdout, stop_commands_on_signals
from orkeon_lsp.cancellation import Cancellations
from orkeon_lsp.client import ClientSupport
from orkeon_lsp.engine_slot import EngineSlot
from orkeon_lsp.overlay import DocumentOverlay
from orkeon_lsp.server_api import FindingsOnScreen, client_work_done_token
from orkeon_lsp.settings import LogLevel, ServerSettings
from orkeon_lsp.text_documents import line_workspace
from orkeon_lsp.ui import MESSAGE_TYPES, LspHumanInput, LspLogger, level_reaches

USAGE = """usage: orkeon-lsp [--tcp HOST:PORT]

  orkeon-lsp                 serve the Language Server Protocol on stdin/stdout (what an editor starts)
  orkeon-lsp --tcp HOST:PORT listen on a TCP port instead, for debugging with a client that connects
"""

log = logging.getLogger("orkeon_lsp")

class OrkeonProtocol(LanguageServerProtocol):
    """pygls's protocol with the repairs the server relies on.

    - `$/cancelRequest` of a command cancels the command's task (pygls only answers the request), even
      when the task has not started yet.
    - A reply to a request the server gave up on (its task was cancelled) is dropped instead of raising.
    - A request whose params do not fit its method gets an InvalidParams answer, so the client never
      waits for a reply that cannot come.
    - A request before `initialize` is answered ServerNotInitialized (-32002) and one after `shutdown`
      InvalidRequest (pygls drops both silently, and the client waits for ever); notifications then are
      dropped, `exit` excepted.
    - The future of a handler that pygls runs under a random id (the inner one of every executeCommand,
      every notification's) is forgotten once done: pygls keeps it for ever, about 3 KB a request.
    - The open documents are kept as lines (text_documents.py): a change costs what it changes.
    - The `workDoneToken` of an executeCommand is kept for the command's task (`client_work_done_token`),
      and `executeCommandProvider.workDoneProgress` says a client may give one."""

    _server: OrkeonServer

    def __init__(self, server: Any, converter: Any) -> None:
        super().__init__(server, converter)
        self.initialize_seen = False

    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams) -> Generator[Any, Any, types.InitializeResult]:
        result: types.InitializeResult = yield from super().lsp_initialize(params)
        self._workspace = line_workspace(self.workspace, types.TextDocumentSyncKind.Incremental)
        provider = result.capabilities.execute_command_provider
        if provider is not None:
            provider.work_done_progress = True
        return result

    def handle_message(self, message: Any) -> None:
        method = getattr(message, "method", None)
        if method is not None and method != types.EXIT:
            refusal = self._refusal(method)
            if refusal is not None:
                msg_id = getattr(message, "id", None)
                if msg_id is not None:  # a request: answer it; a notification: drop it
                    self._send_response(msg_id, error=refusal.to_response_error())
                return
            if method == types.INITIALIZE:
                self.initialize_seen = True
        super().handle_message(message)

    def _refusal(self, method: str) -> JsonRpcException | None:
        if self._shutdown:
            return JsonRpcInvalidRequest(f"the server has shut down: {method} is refused (send exit)")
        if not self.initialize_seen and method != types.INITIALIZE:
            return JsonRpcServerNotInitialized(f"the server is not initialized: send initialize before {method}")
        return None

    def _handle_request(self, msg_id: Any, method_name: str, params: Any) -> None:
        if method_name == types.WORKSPACE_EXECUTE_COMMAND:  # runs in the request's own context
            client_work_done_token.set(getattr(params, "work_done_token", None))
        super()._handle_request(msg_id, method_name, params)

    def _execute_handler(self, msg_id: Any, handler: Any, callback: Any, args: Any = None, kwargs: Any = None,
                         ) -> None:
        loop = asyncio.get_running_loop()

        def forget_then(future: Any) -> None:
            # later, not now: pygls's shutdown cancels the futures while it iterates over them
            loop.call_soon_threadsafe(self._forget, msg_id, future)
            callback(future)

        super()._execute_handler(msg_id, handler, forget_then, args, kwargs)

    def _forget(self, msg_id: Any, future: Any) -> None:
        if self._request_futures.get(msg_id) is future:
            del self._request_futures[msg_id]

    def _handle_cancel_notification(self, msg_id: Any) -> None:
        if self._server.cancellations.cancel_request(msg_id):
            return
        if msg_id in self._request_futures:  # received, but its task has not started: stop it as it starts
            self._server.cancellations.cancelled_before_start(msg_id)
        super()._handle_cancel_notification(msg_id)

    def _handle_response(self, msg_id: Any, result: Any | None = None, error: Any | None = None) -> None:
        future = self._request_futures.get(msg_id)
        if future is not None and future.done():
            self._request_futures.pop(msg_id, None)
            return
        super()._handle_response(msg_id, result, error)

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if "id" in data and "method" in data and isinstance(data["id"], str | int):
                error.message = f"{error.message}: the params of {data['method']!r} do not fit its schema"
                self._send_response(data["id"], error=error.to_response_error())
            raise


class OrkeonServer(LanguageServer):
    """One editor connection: what the client supports, its settings, the engine, the open documents."""

    protocol: OrkeonProtocol

    def __init__(self) -> None:
        super().__init__(
            "orkeon-lsp",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
            protocol_cls=OrkeonProtocol,
        )
        self.support = ClientSupport()
        self.settings = ServerSettings()
        self.engine = EngineSlot()
        self.documents = DocumentOverlay(self)
        self.cancellations = Cancellations()
        self.human = LspHumanInput(self)
        self.logger = LspLogger(self)
        self.change_listeners: list[Callable[[types.DidChangeTextDocumentParams], None]] = []
        """Called on every didChange once pygls applied it (the review's diagnostics follow the text)."""
        self.diagnostics: FindingsOnScreen
        """The review's diagnostics (features/diagnostics.py sets it up)."""
        self.trust_check: asyncio.Future[None] | None = None
        """The workspace trust question, asked in the background once the engine is built."""
        self.shut_down = False
        """The client sent `shutdown`: the process then exits 0 on `exit`, else 1 (LSP's rule)."""

    def log(self, level: LogLevel, message: str) -> None:
        """A window/logMessage line at the client's `logLevel` or above; never raises."""
        if not level_reaches(level, self.settings.log_level):
            return
        try:
            self.window_log_message(types.LogMessageParams(type=MESSAGE_TYPES[level], message=message))
        except Exception:  # no connection: the log is best effort
            log.debug("logMessage not sent: %s", message)

    def tell(self, level: LogLevel, message: str) -> None:
        """A window/showMessage the person sees (and the same line in the log); never raises."""
        try:
            self.window_show_message(types.ShowMessageParams(type=MESSAGE_TYPES[level], message=message))
        except Exception:
            log.debug("showMessage not sent: %s", message)
        self.log(level, message)

    async def request(self, method: str, params: Any) -> Any:
        """Send a request to the client and await its answer; when the awaiting task is cancelled the
        request is cancelled on the client too ($/cancelRequest)."""
        msg_id = f"orkeon-{uuid.uuid4().hex}"
        try:
            return await self.protocol.send_request_async(method, params, msg_id=msg_id)
        except BaseException:
            if self.protocol._request_futures.pop(msg_id, None) is not None:
                self.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id=msg_id))
            raise

    def report_server_error(self, error: Exception, source: Any) -> None:
        # pygls shows protocol errors in a dialog; here they go to the log. A request's error is its answer.
        if source is FeatureRequestError:
            return
        self.log("error", f"orkeon-lsp: {type(error).__name__}: {error}")


class _AnswersAreNotFailures(logging.Filter):
    """pygls logs a traceback for every error a request answers with; the server's deliberate answers
    (bad arguments, a failed command, a cancel) are not failures of the server, so they stay out of the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, JsonRpcException)


def build_server() -> OrkeonServer:
    """The server with every feature registered: each feature's `setup` takes the server as the protocol of
    server_api.py and never imports this module."""
    from orkeon_lsp.features import (
        choices,
        code_actions,
        commands,
        diagnostics,
        documents,
        lifecycle,
        progress,
        settings,
    )

    server = OrkeonServer()
    for feature in (lifecycle, settings, commands, progress, documents, diagnostics, code_actions, choices):
        feature.setup(server)
    return server


def parse_tcp(argv: Sequence[str]) -> tuple[str, int] | None:
    """`--tcp HOST:PORT` (or `--tcp=HOST:PORT`) as (host, port); None for stdio; ValueError on bad input."""
    args = list(argv)
    if not args:
        return None
    if args[0].startswith("--tcp="):
        args = ["--tcp", args[0].split("=", 1)[1], *args[1:]]
    if args[0] != "--tcp" or len(args) != 2:
        raise ValueError(f"unexpected arguments: {' '.join(argv)}")
    host, _, port = args[1].rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--tcp takes HOST:PORT (for example 127.0.0.1:2087), not {args[1]!r}")
    return host, int(port)


def serve(argv: Sequence[str]) -> int:
    """Run the server until the client says exit (or the connection ends): 0 after a shutdown, 1 without
    one, 2 on bad arguments."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    if any(arg in ("-h", "--help") for arg in argv):
        sys.stderr.write(USAGE + "\n")  # stdout belongs to the protocol, even for --help
        return 0
    try:
        tcp = parse_tcp(argv)
    except ValueError as error:
        sys.stderr.write(f"orkeon-lsp: {error}\n{USAGE}\n")
        return 2
    level = os.environ.get("ORKEON_LSP_LOG", "").upper()
    logging.basicConfig(stream=sys.stderr, level=level if level in ("DEBUG", "INFO", "ERROR") else "WARNING")
    logging.getLogger("pygls.protocol.json_rpc").addFilter(_AnswersAreNotFailures())
    stop_commands_on_signals()
    if tcp is None:
        protocol_out = protect_stdout()
        server = build_server()
        server.start_io(sys.stdin.buffer, protocol_out)
    else:
        sys.stdout = sys.stderr
        server = build_server()
        server.start_tcp(*tcp)
    return exit_code_after_stop(0 if server.shut_down else 1)
