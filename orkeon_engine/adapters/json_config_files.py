"""JsonConfigFiles: the ConfigFiles port over the user's and the project's config.json files."""

from __future__ import annotations

import errno
from collections.abc import Mapping
from pathlib import Path

from orkeon_engine.adapters.atomic_write import write_atomically
from orkeon_engine.ports.config_files import FileScope

__all__ = ["JsonConfigFiles", "user_config_dir", "write_atomically"]


def user_config_dir(env: Mapping[str, str]) -> Path:
    """`$XDG_CONFIG_HOME/orkeon`, else `~/.config/orkeon`."""
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME") or Path.home()) / ".config")
    return Path(base) / "orkeon"


class JsonConfigFiles:
    """Reads the files as text and replaces them atomically."""

    def __init__(self, workspace: Path, env: Mapping[str, str]) -> None:
        self._paths: dict[FileScope, Path] = {
            "user": user_config_dir(env) / "config.json",
            "project": workspace / ".orkeon" / "config.json",
        }

    def location(self, scope: FileScope) -> str:
        return str(self._paths[scope])

    def read(self, scope: FileScope) -> str | None:
        path = self._paths[scope]
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except UnicodeDecodeError as error:
            raise OSError(errno.EILSEQ, f"not UTF-8 text (byte {error.start})", str(path)) from None

    def write(self, scope: FileScope, text: str) -> None:
        write_atomically(self._paths[scope], text)
