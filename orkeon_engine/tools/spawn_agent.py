"""spawn_agent: the host's own tool, which starts a child agent on a brief and answers its report, or a ticket
when the model asked for the background.

No catalogue names it: the tool loop (services/act.py) offers it itself to every act whose Llm carries a
Spawner, and ToolCatalogue refuses the name like an unknown tool. A child's act carries none, so a child
has no child of its own; the loop refuses its attempt by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.agents.agents import charter_names
from orkeon_engine.domain.agents.children import SpawnRequest
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.tools import SPAWN_AGENT
from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.tools.base import Tool

MAX_BRIEF_CHARS = 20_000


class Spawner(Protocol):
    """What starts a child for the model (services/children.py): the report or a ticket, as text.

    Failure contract: raises CommandFailedError (an unknown charter, an empty brief...) with the reason the
    model reads."""

    async def spawn_for_model(self, request: SpawnRequest, inherited: Sequence[Tool[Any]] = ()) -> str: ...


class SpawnContext(BaseModel):
    """What the tool loop knows of the parent: who it is, its mode and its tools."""

    parent: str = ""
    mode: str = "plan"
    tools: tuple[str, ...] = ()


class SpawnAgentInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    brief: str = Field(
        min_length=1, max_length=MAX_BRIEF_CHARS,
        description="The whole job for the child: what to do, where to look, what its report must answer. The "
                    "child sees nothing of this conversation but the brief.",
    )
    charter: str = Field(
        "general",
        description="`general` (a helper with your own mode and tools), or a built-in charter: "
                    + ", ".join(name for name in charter_names() if name != "general") + ".",
    )
    background: bool = Field(
        False,
        description="false: wait for the child and read its report now. true: start it and get a ticket at "
                    "once; its report goes to the person when it ends.",
    )


class SpawnAgentTool(Tool[SpawnAgentInput]):
    name: ClassVar[str] = SPAWN_AGENT
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "Start a child agent on one bounded part of the task, described in a brief, and get its report (or a "
        "ticket, in the background). The child works under its charter's mode and tools and cannot start a "
        "child of its own; its calls go through the same permission gate."
    )
    Input = SpawnAgentInput

    def __init__(self, spawner: Spawner, context: SpawnContext, inherited: Sequence[Tool[Any]] = ()) -> None:
        self._spawner = spawner
        self._context = context
        self._inherited = tuple(inherited)  # the parent's tools: a general child takes the MCP servers' ones

    async def describe(self, args: SpawnAgentInput) -> ToolCall:
        preview = f"{args.charter}{' in the background' if args.background else ''}: {args.brief[:200]}"
        return ToolCall(self.name, self.tool_class, args.model_dump(), preview=preview)

    async def run(self, args: SpawnAgentInput) -> ToolResult:
        request = SpawnRequest(args.brief, args.charter.strip() or "general", args.background, self._context.parent,
                               self._context.mode, self._context.tools)
        try:
            text = await self._spawner.spawn_for_model(request, self._inherited)
        except CommandFailedError as error:
            return ToolResult(f"spawn_agent: {error}", is_error=True)
        return ToolResult(text, data={"charter": request.charter, "background": request.background})
