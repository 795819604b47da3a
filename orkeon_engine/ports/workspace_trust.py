"""WorkspaceTrust: whether the person trusts the workspace, so that what its files declare to run may run.

A project's files are written by whoever wrote the repository: an MCP server declared there (`.mcp.json`,
`mcp.servers`) runs a program with the person's rights, and its `tools.extra` could declare a writing tool
a mere reader. Those are used only once the person has said the workspace is trusted.
"""

from __future__ import annotations

from typing import Protocol


class WorkspaceTrust(Protocol):
    """Failure contract: never raises; anything that cannot be read counts as not trusted."""

    def is_trusted(self) -> bool: ...

    def how_to_trust(self) -> str:
        """One sentence saying how the person trusts this workspace."""
        ...
