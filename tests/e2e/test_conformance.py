"""End to end: the server keeps the protocol's rules around its lifecycle and the options a client gives.

A request before `initialize` is answered ServerNotInitialized, one after `shutdown` InvalidRequest; `exit`
without `shutdown` ends the process with 1; `executeCommandProvider.workDoneProgress` is advertised and the
client's own `workDoneToken` carries a command's progress.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.uris import from_fs_path
from pytest_lsp import LanguageClient
from pytest_lsp.client import make_test_lsp_client

from tests.support.lsp_session import full_capabilities, server_env

SERVER_NOT_INITIALIZED = -32002
INVALID_REQUEST = -32600


@pytest_asyncio.fixture
async def fresh(tmp_path: Path) -> AsyncIterator[LanguageClient]:
    """A started server nobody has initialized yet; stopped (killed if need be) after the test."""
    client = make_test_lsp_client()
    await client.start_io(sys.executable, "-m", "orkeon_lsp", env=server_env(tmp_path), cwd=str(tmp_path))
    yield client
    process = client._server
    if process is not None and process.returncode is None:
        process.kill()
    await client.stop()


def _initialize(workspace: Path) -> types.InitializeParams:
    return types.InitializeParams(capabilities=full_capabilities(), root_uri=from_fs_path(str(workspace)))


def _status() -> types.ExecuteCommandParams:
    return types.ExecuteCommandParams(command="orkeon.status", arguments=[])


async def _exit_code(client: LanguageClient) -> int | None:
    assert client._server is not None
    return await asyncio.wait_for(client._server.wait(), timeout=60)


async def test_a_request_before_initialize_is_answered_server_not_initialized(fresh, workspace):
    fresh.capabilities = full_capabilities()  # pytest-lsp checks a request against them, even this early
    with pytest.raises(JsonRpcException) as refused:
        await fresh.workspace_execute_command_async(_status())
    await fresh.initialize_session(_initialize(workspace))
    status = await fresh.workspace_execute_command_async(_status())
    await fresh.shutdown_session()

    assert refused.value.code == SERVER_NOT_INITIALIZED and "initialize" in refused.value.message
    assert status["table"]["rows"][0][0] == "version"


async def test_a_request_after_shutdown_is_answered_invalid_request_and_exit_then_ends_with_0(fresh, workspace):
    await fresh.initialize_session(_initialize(workspace))
    await fresh.shutdown_async(None)

    with pytest.raises(JsonRpcException) as refused:
        await fresh.workspace_execute_command_async(_status())
    fresh.exit(None)

    assert refused.value.code == INVALID_REQUEST and "shut down" in refused.value.message
    assert await _exit_code(fresh) == 0


async def test_exit_without_shutdown_ends_the_process_with_1(fresh, workspace):
    await fresh.initialize_session(_initialize(workspace))

    fresh.exit(None)

    assert await _exit_code(fresh) == 1


async def test_a_clients_work_done_token_carries_the_commands_progress(start_server):
    client = await start_server()
    token = "client-token-7"
    client.progress_reports[token] = []

    await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="orkeon.analyze", arguments=["--raw"], work_done_token=token))

    provider = client.initialize_result.capabilities.execute_command_provider
    assert provider.work_done_progress is True
    reports = client.progress_reports[token]
    assert reports[0].kind == "begin" and reports[0].title == "Orkeon /analyze"
    assert reports[-1].kind == "end"
    assert [t for t in client.progress_reports if t != token] == []
