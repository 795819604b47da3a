"""FakeWorkspaceTrust: the WorkspaceTrust port over a flag; `fail` makes grant and revoke raise."""

from __future__ import annotations

from collections.abc import Iterable


class FakeWorkspaceTrust:
    def __init__(self, trusted: bool = False, workspace: str = "/repo") -> None:
        self.is_trusted = trusted
        self.path = workspace
        self.fail: OSError | None = None
        self.grants = 0
        self.approved: set[str] = set()

    def trusted(self) -> bool:
        return self.is_trusted

    def grant(self) -> None:
        if self.fail is not None:
            raise self.fail
        self.grants += 1
        self.is_trusted = True

    def revoke(self) -> None:
        if self.fail is not None:
            raise self.fail
        self.is_trusted = False

    def approved_rules(self) -> frozenset[str]:
        return frozenset(self.approved)

    def approve_rules(self, rules: Iterable[str]) -> None:
        if self.fail is not None:
            raise self.fail
        self.approved.update(rules)

    def location(self) -> str:
        return "/home/dev/.config/orkeon/trusted.json"

    def workspace(self) -> str:
        return self.path
