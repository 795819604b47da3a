"""FindingsStore: the findings of the workspace's last review and the dismissed quotes, kept across restarts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.review.findings import DismissKey, Finding


class FindingsStoreError(CommandFailedError):
    """The store cannot be read or written; the message names it and the reason."""


class FindingsStore(Protocol):
    """Findings by id, in the order they were ranked, and the (path, quote, lens) keys a person dismissed.

    Failure contract: a store that cannot be read or written raises FindingsStoreError; a stored finding that
    no longer parses is skipped, never raised. Each method is one transaction."""

    async def load(self) -> list[Finding]:
        """Every stored finding, in ranked order."""
        ...

    async def replace(self, findings: Sequence[Finding]) -> None:
        """Forget every stored finding and keep these (a new review)."""
        ...

    async def update(self, findings: Sequence[Finding]) -> None:
        """Store these findings' new positions (by id); an id not stored is ignored."""
        ...

    async def remove(self, ids: Sequence[str]) -> None: ...

    async def clear(self) -> None: ...

    async def dismiss(self, key: DismissKey) -> None:
        """Remember a dismissal, so later reviews leave that quote of that lens out."""
        ...

    async def dismissed(self) -> frozenset[DismissKey]: ...
