"""WorkspaceTrust: whether the person trusts this workspace's own settings, kept outside the workspace."""

from __future__ import annotations

from typing import Protocol


class WorkspaceTrust(Protocol):
    """The person's trust in one workspace, stored in their own config folder (never in the project, whose
    files a repository controls), keyed by the workspace's real path.

    Failure contract: `trusted` never raises: a store that is missing, unreadable or corrupt is untrusted.
    `grant` and `revoke` raise OSError naming the store's file when it cannot be read or written; a
    corrupt store is never overwritten."""

    def trusted(self) -> bool: ...

    def grant(self) -> None: ...

    def revoke(self) -> None: ...

    def location(self) -> str:
        """The store's file, as shown to the person."""
        ...

    def workspace(self) -> str:
        """The workspace's real path, the key the decision is stored under."""
        ...
