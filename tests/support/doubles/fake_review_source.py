"""FakeReviewSource: the ReviewSource port answering a set diff text, recording each request."""

from __future__ import annotations

from orkeon_engine.ports.review_source import DiffRequest, ReviewSourceError


class FakeReviewSource:
    def __init__(self, diff: str = "") -> None:
        self.diff_text = diff
        self.requests: list[DiffRequest] = []
        self.error: str | None = None

    async def diff(self, request: DiffRequest) -> str:
        self.requests.append(request)
        if self.error is not None:
            raise ReviewSourceError(self.error)
        return self.diff_text
