"""FakeConfigFiles: the ConfigFiles port over a dict of texts; `writes` records every write."""

from __future__ import annotations

from orkeon_engine.ports.config_files import FileScope


class FakeConfigFiles:
    def __init__(self, user: str | None = None, project: str | None = None) -> None:
        self.texts: dict[FileScope, str | None] = {"user": user, "project": project}
        self.writes: list[tuple[FileScope, str]] = []
        self.unreadable: set[FileScope] = set()

    def location(self, scope: FileScope) -> str:
        return {"user": "/home/dev/.config/orkeon/config.json", "project": "/repo/.orkeon/config.json"}[scope]

    def read(self, scope: FileScope) -> str | None:
        if scope in self.unreadable:
            raise PermissionError(13, "Permission denied")
        return self.texts[scope]

    def write(self, scope: FileScope, text: str) -> None:
        self.writes.append((scope, text))
        self.texts[scope] = text
