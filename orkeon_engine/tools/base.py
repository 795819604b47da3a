"""The shape of a tool: a name the model calls, a class the gate reads, a pydantic input model whose field
descriptions the model reads, and an implementation over the ports it was built with."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.domain.tools.tool_schema import compact_schema

InputT = TypeVar("InputT", bound=BaseModel)


class Tool(ABC, Generic[InputT]):
    """A tool; subclasses set the class variables and implement `run` (and `describe` for a subject).

    A tool is constructed with the ports it uses, once per engine. `run` returns a ToolResult; a failure the
    model should read (a missing file, a refused path) is a ToolResult with is_error=True. Any exception
    it lets out becomes an error result in the tool loop, never a crash."""

    name: ClassVar[str]
    tool_class: ClassVar[ToolClass]
    description: ClassVar[str]
    Input: type[InputT]

    def spec(self) -> dict[str, Any]:
        """The tool as the model sees it (OpenAI function-calling shape), its schema without pydantic's titles
        (domain/tools/tool_schema.py)."""
        schema = compact_schema(self.Input.model_json_schema())
        function = {"name": self.name, "description": self.description, "parameters": schema}
        return {"type": "function", "function": function}

    def parse(self, arguments: dict[str, Any]) -> InputT:
        """Validate the model's arguments (pydantic.ValidationError when they do not fit)."""
        return self.Input.model_validate(arguments)

    async def describe(self, args: InputT) -> ToolCall:
        """The call in the gate's terms; tools with a command or paths override it."""
        return ToolCall(self.name, self.tool_class, args.model_dump())

    @abstractmethod
    async def run(self, args: InputT) -> ToolResult: ...
