"""ConfigFiles: the raw text of the two settings files, the user's and the project's."""

from __future__ import annotations

from typing import Literal, Protocol

FileScope = Literal["user", "project"]


class ConfigFiles(Protocol):
    """Reads and writes the settings files as text; parsing and validation are the ConfigStore's.

    Failure contract: `read` returns None for a file that does not exist and raises OSError for one that
    exists but cannot be read. `write` is atomic (a temp file then a rename): it either replaces the file
    whole or leaves it as it was, raising OSError with the path."""

    def location(self, scope: FileScope) -> str:
        """The path of that file, as shown to the person."""
        ...

    def read(self, scope: FileScope) -> str | None: ...

    def write(self, scope: FileScope, text: str) -> None: ...
