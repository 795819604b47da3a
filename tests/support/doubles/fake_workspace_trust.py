"""FakeWorkspaceTrust: a workspace trusted or not, as the test says."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class FakeWorkspaceTrust:
    trusted: bool = False
    hint: str = "trust it with `orkeon trust`"

    def is_trusted(self) -> bool:
        return self.trusted

    def how_to_trust(self) -> str:
        return self.hint
