"""What the connected editor is and can do, as the language server read it from `initialize`; /doctor
shows it. The engine knows nothing of LSP types: the server fills this plain record."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ClientFeature:
    """One capability the engine uses, whether the client has it, and what is lost without it."""

    name: str
    supported: bool
    without: str = ""


@dataclass(frozen=True)
class ClientInfo:
    """The editor client: its name and version (as it gave them) and the capabilities the engine uses."""

    name: str
    version: str = ""
    features: tuple[ClientFeature, ...] = ()

    def label(self) -> str:
        return f"{self.name} {self.version}".strip() or "an unnamed client"

    def missing(self) -> tuple[ClientFeature, ...]:
        return tuple(feature for feature in self.features if not feature.supported)
