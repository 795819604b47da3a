"""FakeReviewSource: the ReviewSource port answering a set diff text, recording each request; a file's old
and new text from two dicts, and the files that say a word searched in the new texts."""

from __future__ import annotations

import re

from orkeon_engine.ports.review_source import DiffRequest, FileVersions, ReviewSourceError


class FakeReviewSource:
    def __init__(self, diff: str = "", old_files: dict[str, str] | None = None,
                 new_files: dict[str, str] | None = None) -> None:
        self.diff_text = diff
        self.requests: list[DiffRequest] = []
        self.error: str | None = None
        self.old_files: dict[str, str] = dict(old_files or {})
        self.new_files: dict[str, str] = dict(new_files or {})
        """The repository after the change: what `mentions` searches."""
        self.searched: list[str] = []

    async def diff(self, request: DiffRequest) -> str:
        self.requests.append(request)
        if self.error is not None:
            raise ReviewSourceError(self.error)
        return self.diff_text

    async def versions(self, request: DiffRequest, old_path: str, path: str) -> FileVersions:
        return FileVersions(self.old_files.get(old_path), self.new_files.get(path))

    async def mentions(self, request: DiffRequest, word: str) -> tuple[str, ...] | None:
        self.searched.append(word)
        pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
        return tuple(sorted(path for path, text in self.new_files.items() if pattern.search(text)))
