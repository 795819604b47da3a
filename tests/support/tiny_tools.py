"""Tiny tools for the tool loop's tests and its benchmark: a read that reports how many run at once, a read
of given texts, an edit, a tool that raises, one that takes time on the Clock port, and a plain echo."""

from __future__ import annotations

import asyncio

from pydantic import BaseModel, Field

from orkeon_engine.domain.tool_call import ToolCall, ToolResult
from orkeon_engine.ports.clock import Clock
from orkeon_engine.tools.base import Tool


class PathInput(BaseModel):
    path: str = Field(description="The virtual path to look at.")


class WriteInput(BaseModel):
    path: str = Field(description="The virtual path to write.")
    text: str = Field(description="The whole new content.")


class ConcurrencyProbe:
    """Counts the probe reads in flight; `peak` is the most seen at once, `order` the paths as they began."""

    def __init__(self) -> None:
        self.active = 0
        self.peak = 0
        self.order: list[str] = []


class ProbeRead(Tool[PathInput]):
    """A read-class tool that stays in flight for a few turns of the event loop, so overlaps are seen."""

    name = "probe_read"
    tool_class = "read"
    description = "Read a file (a test double)."
    Input = PathInput

    def __init__(self, probe: ConcurrencyProbe, yields: int = 3) -> None:
        self.probe = probe
        self.yields = yields

    async def describe(self, args: PathInput) -> ToolCall:
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=(args.path,))

    async def run(self, args: PathInput) -> ToolResult:
        self.probe.active += 1
        self.probe.peak = max(self.probe.peak, self.probe.active)
        self.probe.order.append(args.path)
        try:
            for _ in range(self.yields):
                await asyncio.sleep(0)
        finally:
            self.probe.active -= 1
        return ToolResult(f"contents of {args.path}")


class RecordingEdit(Tool[WriteInput]):
    """An edit-class tool that keeps what it was asked to write."""

    name = "file_write"
    tool_class = "edit"
    description = "Write a whole file (a test double)."
    Input = WriteInput

    def __init__(self) -> None:
        self.written: dict[str, str] = {}

    async def describe(self, args: WriteInput) -> ToolCall:
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=(args.path,), preview=args.text[:80])

    async def run(self, args: WriteInput) -> ToolResult:
        self.written[args.path] = args.text
        return ToolResult(f"wrote {args.path}")


class TextRead(Tool[PathInput]):
    """A read-class tool named file_read that returns the texts it was given by path."""

    name = "file_read"
    tool_class = "read"
    description = "Read a file (a test double)."
    Input = PathInput

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts

    async def describe(self, args: PathInput) -> ToolCall:
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=(args.path,))

    async def run(self, args: PathInput) -> ToolResult:
        return ToolResult(self.texts.get(args.path, f"{args.path}: no such file"))


class RaisingTool(Tool[PathInput]):
    """A tool whose implementation has a bug."""

    name = "broken_read"
    tool_class = "read"
    description = "Always raises (a test double)."
    Input = PathInput

    async def run(self, args: PathInput) -> ToolResult:
        raise RuntimeError(f"disk on fire at {args.path}")


class SlowTool(Tool[PathInput]):
    """A shell-class tool that takes `seconds` on the clock it was given (a FakeClock moves at once)."""

    name = "slow_build"
    tool_class = "shell"
    description = "Takes a while (a test double)."
    Input = PathInput

    def __init__(self, clock: Clock, seconds: float) -> None:
        self.clock = clock
        self.seconds = seconds

    async def run(self, args: PathInput) -> ToolResult:
        await self.clock.sleep(self.seconds)
        return ToolResult(f"built {args.path}")


class EchoTool(Tool[PathInput]):
    """A read-class tool that answers at once: the loop's overhead, measured by the benchmark."""

    name = "echo"
    tool_class = "read"
    description = "Echo the path (a test double)."
    Input = PathInput

    async def run(self, args: PathInput) -> ToolResult:
        return ToolResult(args.path)


class NamedEcho(EchoTool):
    """An echo registered under any name: a tool that pretends to be another (spawn_agent...)."""

    def __init__(self, tool_name: str) -> None:
        self.name = tool_name  # type: ignore[misc]
