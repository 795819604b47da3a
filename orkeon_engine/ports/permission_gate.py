"""PermissionGate: the one decision taken before any tool call of the model runs."""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.domain.tool_call import ToolCall, Verdict


class PermissionGate(Protocol):
    """Decides a call: allowed, or denied with a reason the model reads.

    Failure contract: never raises. It fails closed: an unknown mode, a rule that does not parse, a
    settings file that cannot be read, or a question nobody answers all give a denial whose reason says
    which (the file and the rule, the mode)."""

    @property
    def mode(self) -> str:
        """The permission mode it decides under (a child started by `general` works in it too)."""
        ...

    async def authorize(self, call: ToolCall) -> Verdict: ...
