"""FakePermissionGate: the PermissionGate port answering a verdict per tool name; `calls` records each call."""

from __future__ import annotations

from orkeon_engine.domain.tool_call import ToolCall, Verdict


class FakePermissionGate:
    def __init__(self, verdicts: dict[str, Verdict] | None = None, default: Verdict | None = None,
                 mode: str = "default") -> None:
        self.verdicts: dict[str, Verdict] = dict(verdicts or {})
        self.mode = mode
        self.default = default or Verdict.allow()
        self.calls: list[ToolCall] = []

    async def authorize(self, call: ToolCall) -> Verdict:
        self.calls.append(call)
        return self.verdicts.get(call.name, self.default)

    def names(self) -> list[str]:
        return [call.name for call in self.calls]
