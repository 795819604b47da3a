"""Commands: every catalogue entry as `orkeon.<name>` over `workspace/executeCommand`.

The arguments are the command line's tokens or one object (orkeon_lsp/arguments.py). The result is the
view's JSON `{message, lines, table, document, data}` plus `output`, the URI of the long text written
under /output (or null). Bad arguments answer InvalidParams with the problem and the usage; a command that
is not configured or fails answers RequestFailed with its message (`data.kind` says which); the server
stays up either way. Each request runs as its own task with its own progress (on the client's
`workDoneToken` when it gave one), so a quick command answers while a crew runs; `$/cancelRequest` or the
progress's cancel stops it and answers RequestCancelled.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcMethodNotFound, JsonRpcRequestCancelled

from orkeon_engine.command_names import COMMAND_NAMES
from orkeon_lsp.arguments import ArgumentsShapeError, decode_arguments
from orkeon_lsp.engine_slot import EngineUnavailableError
from orkeon_lsp.features.output import present
from orkeon_lsp.features.progress import RequestProgress, current_request_progress
from orkeon_lsp.server_api import ServerApi, client_work_done_token  # at run time: pygls reads the type hints

if TYPE_CHECKING:  # the engine's modules load with the engine, after initialize has answered
    from orkeon_engine.engine import CommandEntry, Engine, RunResult

PREFIX = "orkeon."
REQUEST_FAILED = types.LSPErrorCodes.RequestFailed.value


def command_id(name: str) -> str:
    return PREFIX + name


async def execute(server: ServerApi, name: str, arguments: tuple[Any, ...]) -> dict[str, Any]:
    """Run one command request to its JSON result, or raise the JSON-RPC error it answers."""
    progress = RequestProgress(server, f"Orkeon /{name}", client_work_done_token.get())
    current_request_progress.set(progress)  # a model call's wait is reported on it (progress.report_wait)
    task = asyncio.current_task()
    if task is not None:  # pygls drops the answer of a request it already answered as cancelled
        task.add_done_callback(_retrieve)

    def cancel() -> None:
        progress.mark_cancelled()
        if task is not None:
            task.cancel()

    with server.cancellations.running(server.protocol.msg_id, cancel, task) as add_token:
        progress.on_token = add_token
        try:
            engine = await _engine(server)
            entry = _entry(engine, name)
            tokens = _tokens(entry, arguments)
            if entry.launches_crew:
                await progress.start()
            result = await engine.run(entry.name, tokens, progress)
            if progress.cancelled and not _ok(result):  # stopped at a safe point, not an await
                raise asyncio.CancelledError
            await progress.finish(_closing(result))
            return await _answer(server, engine.output_dir, entry, result)
        except asyncio.CancelledError:
            await progress.finish("cancelled")
            raise JsonRpcRequestCancelled(f"/{name} was cancelled") from None


def _retrieve(task: asyncio.Task[Any]) -> None:
    """Mark the task's exception as seen, so an answer nobody reads is not reported at exit."""
    if not task.cancelled():
        task.exception()


def _entry(engine: Engine, name: str) -> CommandEntry:
    entry = engine.find(name)
    if entry is None:
        raise JsonRpcMethodNotFound(f"no command {command_id(name)} in this engine")
    return entry


def _tokens(entry: CommandEntry, arguments: tuple[Any, ...]) -> list[str]:
    try:
        return decode_arguments(arguments)
    except ArgumentsShapeError as error:
        raise JsonRpcInvalidParams(f"{error}\nusage: {entry.usage}", data={"usage": entry.usage}) from None


async def _engine(server: ServerApi) -> Engine:
    try:
        return await server.engine.get()
    except EngineUnavailableError as error:
        raise JsonRpcException(str(error), code=REQUEST_FAILED, data={"kind": "unavailable"}) from None


async def _answer(server: ServerApi, output_dir: Path | None, entry: CommandEntry,
                  result: RunResult) -> dict[str, Any]:
    from orkeon_engine.domain.ui.view import to_json
    from orkeon_engine.engine import BadArguments, NotConfigured, Ok

    if isinstance(result, Ok):
        payload = to_json(result.view)
        payload["output"] = await present(server, output_dir, entry.name, result.view)
        return payload
    if isinstance(result, BadArguments):
        raise JsonRpcInvalidParams(result.message, data={"usage": result.usage})
    kind = "notConfigured" if isinstance(result, NotConfigured) else "failed"
    raise JsonRpcException(result.message, code=REQUEST_FAILED, data={"kind": kind})


def _ok(result: RunResult) -> bool:
    from orkeon_engine.engine import Ok  # loaded with the engine already

    return isinstance(result, Ok)


def _closing(result: RunResult) -> str:
    from orkeon_engine.engine import Failed, NotConfigured, Ok

    if isinstance(result, Ok):
        return result.view.message.splitlines()[0] if result.view.message else "done"
    if isinstance(result, Failed | NotConfigured):
        return "failed"
    return "bad arguments"


def _handler(name: str) -> Callable[..., Awaitable[dict[str, Any]]]:
    async def run_command(ls: ServerApi, *arguments: Any) -> dict[str, Any]:
        return await execute(ls, name, arguments)

    run_command.__name__ = f"run_{name.replace('-', '_')}"
    return run_command


def setup(server: ServerApi, catalogue: Sequence[CommandEntry] | None = None) -> None:
    """Register one executeCommand handler per command (the catalogue's names, read from
    orkeon_engine/command_names.py so that the commands themselves load with the engine, after initialize;
    `catalogue` replaces them in tests); pygls advertises them at initialize. The engine finds each
    command's entry when it runs."""
    names = COMMAND_NAMES if catalogue is None else tuple(entry.name for entry in catalogue)
    for name in names:
        server.command(command_id(name))(_handler(name))
