"""Fixtures of the language server's in-process tests: a server over an engine on the fakes."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from orkeon_engine.engine import CommandEntry, Engine
from orkeon_lsp.server import OrkeonServer
from tests.support.deps import make_deps
from tests.support.lsp_loopback import connected, make_server

Connect = Callable[..., AbstractAsyncContextManager[tuple[LanguageClient, OrkeonServer]]]


@pytest.fixture
def connect(tmp_path: Path) -> Connect:
    """`async with connect(catalogue=..., capabilities=..., features=...) as (client, server):` the server,
    connected in process, over an engine on the fakes that asks, logs and reads documents through the
    server; its commands are `catalogue` (the engine's own by default)."""

    @asynccontextmanager
    async def start(
        catalogue: Sequence[CommandEntry] | None = None,
        capabilities: types.ClientCapabilities | None = None,
        features: dict[str, Callable[..., Any]] | None = None,
        initialization_options: Any = None,
    ) -> AsyncIterator[tuple[LanguageClient, OrkeonServer]]:
        server = make_server(catalogue)
        deps = await make_deps()
        deps = dataclasses.replace(deps, human=server.human, logger=server.logger, documents=server.documents)
        engine = Engine(deps, catalogue if catalogue is not None else deps.catalogue, lambda: None)
        async with connected(server, tmp_path, capabilities, features, engine, initialization_options) as client:
            yield client, server

    return start
