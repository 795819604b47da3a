"""ToolCatalogue: the tools registered for a run, by name, found case-insensitively.

A crew names the tools it offers the model; `select` checks every name before any model call, so an
unknown one fails at once with UnknownToolError naming it and the registered tools. The host's own tools
(spawn_agent) are never registered by name: naming one fails the same way, and only the tool loop adds
it to the catalogue of its act (`offer_host_tool`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.tools import HOST_TOOLS
from orkeon_engine.domain.tool_call import ToolClass

if TYPE_CHECKING:  # tools/base.py pulls in pydantic, which the start-up path must not import
    from orkeon_engine.tools.base import Tool


class UnknownToolError(CommandFailedError):
    """Names that no registered tool answers to; the message lists them and the registered names."""

    def __init__(self, unknown: Iterable[str], registered: Iterable[str]) -> None:
        self.unknown = tuple(unknown)
        self.registered = tuple(registered)
        names = ", ".join(self.unknown)
        known = ", ".join(self.registered) or "none"
        noun = "tool" if len(self.unknown) == 1 else "tools"
        host = [name for name in self.unknown if name.strip().lower() in HOST_TOOLS]
        note = (f" ({', '.join(host)}: the host's own tool, which the tool loop offers to every act by itself, "
                "so no catalogue names it)") if host else ""
        super().__init__(f"unknown {noun} {names}; registered tools: {known}{note}")


class HostToolNameError(UnknownToolError):
    """A catalogue or an act registered a tool under the name of one the host offers by itself."""


class ToolCatalogue:
    """An ordered set of tools with distinct names (compared without case)."""

    def __init__(self, tools: Iterable[Tool[Any]] = ()) -> None:
        self._tools: dict[str, Tool[Any]] = {}
        for tool in tools:
            self.register(tool)

    def register(self, tool: Tool[Any]) -> None:
        """Add a tool; a name already registered (in any case) raises ValueError, a host tool's name
        HostToolNameError."""
        if tool.name.strip().lower() in HOST_TOOLS:
            raise HostToolNameError([tool.name], self.names())
        self._add(tool)

    def offer_host_tool(self, tool: Tool[Any]) -> None:
        """Add one of the host's own tools: the tool loop's call, for the act it runs."""
        self._add(tool)

    def _add(self, tool: Tool[Any]) -> None:
        key = tool.name.lower()
        if key in self._tools:
            raise ValueError(f"a tool named {self._tools[key].name} is already registered")
        self._tools[key] = tool

    def names(self) -> list[str]:
        return [tool.name for tool in self._tools.values()]

    def find(self, name: str) -> Tool[Any] | None:
        """The tool registered under `name` in any case, or None."""
        return self._tools.get(name.strip().lower())

    def get(self, name: str) -> Tool[Any]:
        """The tool registered under `name`, or UnknownToolError."""
        tool = self.find(name)
        if tool is None:
            raise UnknownToolError([name], self.names())
        return tool

    def select(self, names: Iterable[str]) -> list[Tool[Any]]:
        """The named tools in the order given (each once); UnknownToolError naming every unknown name."""
        wanted = list(names)
        unknown = [name for name in wanted if self.find(name) is None]
        if unknown:
            raise UnknownToolError(unknown, self.names())
        chosen: dict[str, Tool[Any]] = {}
        for name in wanted:
            tool = self.get(name)
            chosen.setdefault(tool.name, tool)
        return list(chosen.values())

    def by_class(self, *classes: ToolClass) -> list[Tool[Any]]:
        """The tools of those classes, in registration order."""
        return [tool for tool in self._tools.values() if tool.tool_class in classes]

    def specs(self) -> list[dict[str, Any]]:
        """Every tool as the model sees it."""
        return [tool.spec() for tool in self._tools.values()]

    def __iter__(self) -> Iterator[Tool[Any]]:
        return iter(list(self._tools.values()))

    def __len__(self) -> int:
        return len(self._tools)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None
