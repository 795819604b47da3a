"""list_mounts: the VFS mounts the model can name, whether each can be written, and what each holds."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from orkeon_engine.domain.tool_call import ToolClass, ToolResult
from orkeon_engine.ports.files import Files
from orkeon_engine.tools.base import Tool


class ListMountsInput(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ListMountsTool(Tool[ListMountsInput]):
    name: ClassVar[str] = "list_mounts"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "List the folders the file tools can reach (/workspace, /output, /tmp and the read-only ones), "
        "whether each can be written, and what it holds."
    )
    Input = ListMountsInput

    def __init__(self, files: Files) -> None:
        self._files = files

    async def run(self, args: ListMountsInput) -> ToolResult:
        mounts = self._files.mounts()
        width = max((len(m.virtual) for m in mounts), default=0)
        lines = [
            f"{m.virtual:<{width}}  {'writable' if m.writable else 'read-only':<9}  {m.description}".rstrip()
            for m in mounts
        ]
        lines.append("A relative path is taken under /workspace; host paths are refused.")
        data = {"mounts": [{"path": m.virtual, "writable": m.writable} for m in mounts]}
        return ToolResult("\n".join(lines), data=data)
