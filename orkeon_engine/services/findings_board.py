"""The findings board: the workspace's current review findings, kept in the store and announced on change.

A review publishes its findings (replacing the last review's), a person clears them or dismisses one, and
the editor reports where they moved as the text was edited (an edit never removes one: a finding whose line
no longer reads as quoted is only hidden by the editor, and stays until the next review). The board writes
each change through to the FindingsStore and then tells its listeners which paths changed, so the language
server republishes the diagnostics of those files (a path whose findings are all gone is announced too, to
clear them).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.review.findings import DismissKey, Finding
from orkeon_engine.ports.findings_store import FindingsStore


@dataclass(frozen=True)
class FindingsChange:
    """The paths whose findings changed."""

    paths: tuple[str, ...]


Listener = Callable[[FindingsChange], Awaitable[None]]


class FindingsBoard:
    """The current findings by id, loaded once from the store, written through on every change."""

    def __init__(self, store: FindingsStore) -> None:
        self._store = store
        self._findings: dict[str, Finding] | None = None
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` after every change; returns the function that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    async def findings(self) -> tuple[Finding, ...]:
        """Every current finding, in ranked order (loaded from the store on first use)."""
        return tuple((await self._current()).values())

    async def for_path(self, path: str) -> tuple[Finding, ...]:
        return tuple(f for f in (await self._current()).values() if f.path == path)

    async def get(self, finding_id: str) -> Finding | None:
        return (await self._current()).get(finding_id)

    async def dismissed(self) -> frozenset[DismissKey]:
        return await self._store.dismissed()

    async def publish(self, findings: Sequence[Finding]) -> None:
        """A new review's findings replace the last review's."""
        before = await self._current()
        await self._store.replace(findings)
        self._findings = {f.id: f for f in findings}
        await self._announce([*(f.path for f in before.values()), *(f.path for f in findings)])

    async def clear(self) -> int:
        """Forget every finding; returns how many there were."""
        before = await self._current()
        await self._store.clear()
        self._findings = {}
        await self._announce(f.path for f in before.values())
        return len(before)

    async def dismiss(self, finding_id: str) -> Finding | None:
        """Remove the finding and remember its quote, so the next review leaves it out; None if unknown."""
        current = await self._current()
        finding = current.get(finding_id)
        if finding is None:
            return None
        await self._store.dismiss(finding.dismiss_key)
        await self._store.remove([finding_id])
        del current[finding_id]
        await self._announce([finding.path])
        return finding

    async def follow(self, path: str, kept: Sequence[Finding]) -> None:
        """Record where a file's findings are after an edit."""
        current = await self._current()
        moved = [f for f in kept if f.id in current and current[f.id] != f]
        if not moved:
            return
        await self._store.update(moved)
        for finding in moved:
            current[finding.id] = finding
        await self._announce([path])

    async def _current(self) -> dict[str, Finding]:
        if self._findings is None:
            self._findings = {f.id: f for f in await self._store.load()}
        return self._findings

    async def _announce(self, paths: Iterable[str]) -> None:
        change = FindingsChange(tuple(dict.fromkeys(paths)))
        if not change.paths:
            return
        for listener in list(self._listeners):
            await listener(change)
