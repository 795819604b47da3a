"""ReadLedger: what file_read showed of each file in one run, so file_write can refuse to rewrite a file
the model saw only in part."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReadRecord:
    """One read: the lines shown (1-based, inclusive), the file's line count, and whether anything was cut
    (lines before or after the range, or a line shortened)."""

    path: str
    first_line: int
    last_line: int
    total_lines: int
    cut: bool


class ReadLedger:
    """The last read of each virtual path in one run. The tools of one run share one ledger."""

    def __init__(self) -> None:
        self._last: dict[str, ReadRecord] = {}

    def record_read(self, record: ReadRecord) -> None:
        self._last[record.path] = record

    def record_write(self, path: str, total_lines: int) -> None:
        """The model wrote the whole text of `path`, so it knows it all."""
        self._last[path] = ReadRecord(path, 1, total_lines, total_lines, cut=False)

    def last_read(self, path: str) -> ReadRecord | None:
        return self._last.get(path)

    def cut_read(self, path: str) -> ReadRecord | None:
        """The last read of `path` when it came back cut, else None."""
        record = self._last.get(path)
        return record if record is not None and record.cut else None
