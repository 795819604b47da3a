"""Declarations of the test MCP servers, for the adapter's and the end-to-end tests."""

from __future__ import annotations

import sys
from pathlib import Path

from orkeon_engine.domain.extensions.mcp import McpServerSpec

ROOT = Path(__file__).resolve().parents[2]


def tiny_server(name: str = "tiny", **env: str) -> McpServerSpec:
    """The tiny server of tests/support/tiny_mcp_server.py, run by this Python from the repository root."""
    variables = {"PYTHONPATH": str(ROOT), **env}
    return McpServerSpec(name, sys.executable, ("-m", "tests.support.tiny_mcp_server"),
                         tuple(variables.items()), "tests")


def tiny_declaration(**env: str) -> dict[str, object]:
    """The tiny server as a `.mcp.json` or `mcp.servers` entry."""
    return {"command": sys.executable, "args": ["-m", "tests.support.tiny_mcp_server"],
            "env": {"PYTHONPATH": str(ROOT), **env}}
