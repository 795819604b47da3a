"""The editors of the eval: a language client driving the real `orkeon-lsp`, and an ACP client (the SDK's
client side) driving the real `orkeon-acp`, each over stdio as an editor would."""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from acp import PROTOCOL_VERSION, spawn_agent_process, text_block
from acp.schema import (
    ClientCapabilities,
    DeniedOutcome,
    FileSystemCapabilities,
    Implementation,
    PermissionOption,
    RequestPermissionResponse,
    ToolCallUpdate,
)
from lsprotocol import types
from pygls.uris import from_fs_path
from pytest_lsp.client import make_test_lsp_client

from devtools.eval.workspace import environment, script


@dataclass
class LspOutcome:
    """What the language server did for one command: its answer or error, the diagnostics it published."""

    result: Any = None
    error: str = ""
    diagnostics: dict[str, list[types.Diagnostic]] = field(default_factory=dict)
    seconds: float = 0.0


async def lsp_command(repo: Path, home: Path, api_base: str, command: str, arguments: list[Any],
                      timeout: float) -> LspOutcome:
    """Start `orkeon-lsp` for `repo`, run `orkeon.<command>` over executeCommand, and stop it."""
    client = make_test_lsp_client()
    client.feature(types.WINDOW_SHOW_MESSAGE_REQUEST)(lambda params: None)  # nobody answers: the gate denies
    outcome = LspOutcome()
    await client.start_io(script("orkeon-lsp"), env=environment(home, api_base), cwd=str(repo))
    started = time.monotonic()
    try:
        await client.initialize_session(types.InitializeParams(
            capabilities=types.ClientCapabilities(
                window=types.WindowClientCapabilities(work_done_progress=True, show_document=types.
                                                      ShowDocumentClientCapabilities(support=True))),
            root_uri=from_fs_path(str(repo)), process_id=None,
            workspace_folders=[types.WorkspaceFolder(uri=from_fs_path(str(repo)) or "", name=repo.name)]))
        try:
            outcome.result = await asyncio.wait_for(client.workspace_execute_command_async(
                types.ExecuteCommandParams(command=f"orkeon.{command}", arguments=arguments)), timeout)
        except TimeoutError:
            outcome.error = f"no answer within {timeout:.0f} s"
        except Exception as error:  # noqa: BLE001 - a JSON-RPC error is the outcome the scorecard shows
            outcome.error = f"{type(error).__name__}: {error}"
        outcome.diagnostics = {uri: list(found) for uri, found in client.diagnostics.items()}
    finally:
        outcome.seconds = time.monotonic() - started
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.shutdown_session(), 10)
        with contextlib.suppress(Exception):
            await client.stop()
    return outcome


@dataclass
class AcpOutcome:
    """What the ACP agent streamed for one prompt, and how the prompt ended."""

    stop_reason: str = ""
    error: str = ""
    kinds: list[str] = field(default_factory=list)
    text: str = ""
    seconds: float = 0.0


class _Editor:
    """An ACP editor that records every session/update and denies every permission question."""

    def __init__(self) -> None:
        self.updates: list[Any] = []

    async def session_update(self, session_id: str, update: Any, **kwargs: Any) -> None:
        self.updates.append(update)

    async def request_permission(self, session_id: str, tool_call: ToolCallUpdate, options: list[PermissionOption],
                                 **kwargs: Any) -> RequestPermissionResponse:
        return RequestPermissionResponse(outcome=DeniedOutcome(outcome="cancelled"))

    def on_connect(self, conn: Any) -> None:
        return None


async def acp_prompt(repo: Path, home: Path, api_base: str, text: str, timeout: float) -> AcpOutcome:
    """Start `orkeon-acp`, open a session at `repo`, send one prompt, and read what streamed back."""
    editor = _Editor()
    outcome = AcpOutcome()
    stderr = (home / "acp-stderr.log").open("ab")
    started = time.monotonic()
    try:
        async with spawn_agent_process(editor, script("orkeon-acp"), env=environment(home, api_base),
                                       cwd=str(repo), transport_kwargs={"stderr": stderr}) as (conn, _process):
            await conn.initialize(protocol_version=PROTOCOL_VERSION, client_capabilities=ClientCapabilities(
                fs=FileSystemCapabilities(read_text_file=False, write_text_file=False), terminal=False),
                client_info=Implementation(name="orkeon-eval", version="1"))
            session = await conn.new_session(cwd=str(repo), mcp_servers=[])
            answer = await asyncio.wait_for(conn.prompt(session_id=session.session_id,
                                                        prompt=[text_block(text)]), timeout)
            outcome.stop_reason = str(answer.stop_reason)
    except TimeoutError:
        outcome.error = f"no answer within {timeout:.0f} s"
    except Exception as error:  # noqa: BLE001 - the scorecard shows the failure
        outcome.error = f"{type(error).__name__}: {error}"
    finally:
        stderr.close()
        outcome.seconds = time.monotonic() - started
    outcome.kinds = [str(getattr(update, "session_update", "")) for update in editor.updates]
    outcome.text = "".join(_chunk_text(update) for update in editor.updates
                           if getattr(update, "session_update", "") == "agent_message_chunk")
    return outcome


def _chunk_text(update: Any) -> str:
    content = getattr(update, "content", None)
    return str(getattr(content, "text", "") or "")
