"""WorkspaceTrust: whether the person trusts this workspace's own settings, kept outside the workspace."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class WorkspaceTrust(Protocol):
    """The person's trust in one workspace, stored in their own config folder (never in the project, whose
    files a repository controls), keyed by the workspace's real path.

    Failure contract: `trusted` and `approved_rules` never raise: a store that is missing, unreadable or
    corrupt is untrusted and approves nothing. `grant`, `revoke` and `approve_rules` raise OSError naming the
    store's file when it cannot be read or written; a corrupt store is never overwritten."""

    def trusted(self) -> bool: ...

    def grant(self) -> None: ...

    def revoke(self) -> None: ...

    def approved_rules(self) -> frozenset[str]:
        """The project allow rules the person approved for this workspace (as the settings files write
        them); empty when the store cannot be read."""
        ...

    def approve_rules(self, rules: Iterable[str]) -> None:
        """Keep these allow rules as the person's own for this workspace (used while it is untrusted)."""
        ...

    def location(self) -> str:
        """The store's file, as shown to the person."""
        ...

    def workspace(self) -> str:
        """The workspace's real path, the key the decision is stored under."""
        ...
