"""FakeFindingsStore: the FindingsStore port in memory; set `fail` to make every call raise."""

from __future__ import annotations

from orkeon_engine.domain.review.findings import DismissKey, Finding
from orkeon_engine.ports.findings_store import FindingsStoreError


class FakeFindingsStore:
    def __init__(self, findings: list[Finding] | None = None) -> None:
        self.findings: list[Finding] = list(findings or [])
        self.dismissed_keys: set[DismissKey] = set()
        self.fail: str | None = None
        self.writes = 0

    def _check(self) -> None:
        if self.fail is not None:
            raise FindingsStoreError(self.fail)

    async def load(self) -> list[Finding]:
        self._check()
        return list(self.findings)

    async def replace(self, findings: list[Finding]) -> None:
        self._check()
        self.writes += 1
        self.findings = list(findings)

    async def update(self, findings: list[Finding]) -> None:
        self._check()
        self.writes += 1
        by_id = {f.id: f for f in findings}
        self.findings = [by_id.get(f.id, f) for f in self.findings]

    async def remove(self, ids: list[str]) -> None:
        self._check()
        self.writes += 1
        self.findings = [f for f in self.findings if f.id not in ids]

    async def clear(self) -> None:
        self._check()
        self.writes += 1
        self.findings = []

    async def dismiss(self, key: DismissKey) -> None:
        self._check()
        self.dismissed_keys.add(key)

    async def dismissed(self) -> frozenset[DismissKey]:
        self._check()
        return frozenset(self.dismissed_keys)
