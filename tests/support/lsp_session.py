"""Helpers for driving `orkeon-lsp` with pytest-lsp's client: capabilities, the server's environment, and
small readers of command results."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from lsprotocol import types
from pytest_lsp import LanguageClient

ROOT = Path(__file__).resolve().parents[2]


def full_capabilities(**experimental: Any) -> types.ClientCapabilities:
    """A client that supports everything the server sends: dialogs, documents, progress, edits, settings."""
    return types.ClientCapabilities(
        window=types.WindowClientCapabilities(
            work_done_progress=True,
            show_message=types.ShowMessageRequestClientCapabilities(),
            show_document=types.ShowDocumentClientCapabilities(support=True),
        ),
        workspace=types.WorkspaceClientCapabilities(
            apply_edit=True,
            workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=True),
            configuration=True,
            did_change_configuration=types.DidChangeConfigurationClientCapabilities(),
        ),
        experimental=experimental or None,
    )


def bare_capabilities() -> types.ClientCapabilities:
    """A client that declares nothing: no dialogs, no progress, no edits."""
    return types.ClientCapabilities()


def server_env(home: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("ORKEON_")}
    env.update({"XDG_CONFIG_HOME": str(home / "xdg"), "LITELLM_LOCAL_MODEL_COST_MAP": "True", **extra})
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env



async def run_command(client: LanguageClient, name: str, *arguments: Any) -> Any:
    """executeCommand `orkeon.<name>` with these arguments; the result, or the JSON-RPC error raised."""
    return await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=f"orkeon.{name}", arguments=list(arguments))
    )


def status_rows(result: dict[str, Any]) -> dict[str, str]:
    return {row[0]: row[1] for row in result["table"]["rows"]}
