"""An OrkeonServer and pytest-lsp's client in one event loop, joined by in-memory streams.

The real pygls protocol runs on both sides (framing, JSON, the converters, the request futures), so the
server's pieces (dialogs, progress, cancellation, the open-document overlay) can be tested against a
client that answers as a test says, without a subprocess. An engine made by the test (over the fakes, or
the real adapters on a temp folder) can be put in the server's slot before `initialize`.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.io_ import run_async
from pygls.protocol import default_converter
from pygls.uris import from_fs_path
from pytest_lsp import LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from orkeon_engine.engine import CommandEntry, Engine
from orkeon_lsp.features import choices, commands, documents, lifecycle, progress, settings
from orkeon_lsp.server import OrkeonServer
from tests.support.lsp_session import full_capabilities


class _Feed:
    """A writer whose bytes arrive on the other side's reader."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self._reader = reader

    def write(self, data: bytes) -> None:
        self._reader.feed_data(data)

    def close(self) -> None:
        self._reader.feed_eof()


def _client(features: dict[str, Callable[..., Any]]) -> LanguageClient:
    """pytest-lsp's client with its default handlers, a test's handler replacing the default of its method."""
    client = LanguageClient(converter_factory=default_converter)
    register_lsp_features(client, {m: f for m, f in DEFAULT_CLIENT_FEATURES.items() if m not in features})
    for method, handler in features.items():
        client.feature(method)(handler)
    return client


def make_server(catalogue: Sequence[CommandEntry] | None = None) -> OrkeonServer:
    """The server with its features; `catalogue` replaces the engine's commands when given."""
    server = OrkeonServer()
    lifecycle.setup(server)
    settings.setup(server)
    commands.setup(server, catalogue)
    progress.setup(server)
    documents.setup(server)
    choices.setup(server)
    return server


@asynccontextmanager
async def connected(
    server: OrkeonServer,
    workspace: Path,
    capabilities: types.ClientCapabilities | None = None,
    features: dict[str, Callable[..., Any]] | None = None,
    engine: Engine | None = None,
    initialization_options: Any = None,
) -> AsyncIterator[LanguageClient]:
    """A client connected to `server` and initialized for `workspace`; `engine` (when given) is the one the
    server uses instead of building its own."""
    client = _client(features or {})
    to_server, to_client = asyncio.StreamReader(), asyncio.StreamReader()
    server.protocol.set_writer(_Feed(to_client))
    client.protocol.set_writer(_Feed(to_server))
    stop = threading.Event()
    loops = [
        asyncio.ensure_future(run_async(stop_event=stop, reader=to_server, protocol=server.protocol)),
        asyncio.ensure_future(run_async(stop_event=client._stop_event, reader=to_client, protocol=client.protocol)),
    ]
    if engine is not None:
        async def given() -> Engine:
            return engine

        server.engine.start(given, lambda reason: None)
    await client.initialize_session(types.InitializeParams(
        capabilities=capabilities if capabilities is not None else full_capabilities(),
        root_uri=from_fs_path(str(workspace)),
        initialization_options=initialization_options,
    ))
    try:
        yield client
    finally:
        await client.shutdown_async(None)
        stop.set()
        client._stop_event.set()
        to_server.feed_eof()
        to_client.feed_eof()
        await asyncio.gather(*loops, return_exceptions=True)
