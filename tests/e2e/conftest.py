"""The end-to-end harness: `orkeon-lsp` started as a subprocess and driven by pytest-lsp's client.

`start_server(...)` starts one server for a fresh workspace folder, registers the client-side handlers a
test gives (a showMessageRequest answer, the orkeon/input answer, applyEdit), initializes it with the
capabilities asked for, and shuts it down after the test.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.uris import from_fs_path
from pytest_lsp import LanguageClient
from pytest_lsp.client import make_test_lsp_client

from tests.support.lsp_session import full_capabilities, server_env

StartServer = Callable[..., Awaitable[LanguageClient]]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "workspace"
    folder.mkdir()
    return folder


@pytest_asyncio.fixture
async def start_server(tmp_path: Path, workspace: Path) -> AsyncIterator[StartServer]:
    clients: list[LanguageClient] = []

    async def start(
        capabilities: types.ClientCapabilities | None = None,
        initialization_options: Any = None,
        features: dict[str, Callable[..., Any]] | None = None,
        env: dict[str, str] | None = None,
        configuration: dict[str, Any] | None = None,
    ) -> LanguageClient:
        client = make_test_lsp_client()
        for method, handler in (features or {}).items():
            client.feature(method)(handler)
        if configuration is not None:
            client.set_configuration(configuration)
        await client.start_io(sys.executable, "-m", "orkeon_lsp", env=server_env(tmp_path, **(env or {})),
                              cwd=str(tmp_path))
        clients.append(client)
        client.initialize_result = await client.initialize_session(
            types.InitializeParams(
                capabilities=capabilities if capabilities is not None else full_capabilities(),
                root_uri=from_fs_path(str(workspace)),
                workspace_folders=[types.WorkspaceFolder(uri=from_fs_path(str(workspace)), name="workspace")],
                initialization_options=initialization_options,
            )
        )
        return client

    yield start
    for client in clients:
        await client.shutdown_session()
        await client.stop()
