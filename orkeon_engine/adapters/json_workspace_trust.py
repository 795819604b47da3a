"""JsonWorkspaceTrust: the WorkspaceTrust port over `$XDG_CONFIG_HOME/orkeon/trusted.json`.

The file is `{"trusted": ["/real/path/of/a/workspace", ...]}`, in the person's config folder, never in a
workspace; a workspace is keyed by its real path, so a symlink to it is the same workspace and a copy of it
elsewhere is not. Writes are atomic; a file that is not such an object is reported and left alone.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Mapping
from pathlib import Path

from orkeon_engine.adapters.atomic_write import write_atomically
from orkeon_engine.adapters.json_config_files import user_config_dir

TRUST_FILE = "trusted.json"


class JsonWorkspaceTrust:
    """The trust of one workspace, read from the file at each question (another window may have changed it)."""

    def __init__(self, workspace: Path, env: Mapping[str, str]) -> None:
        self._workspace = os.path.realpath(workspace)
        self._path = user_config_dir(env) / TRUST_FILE

    def location(self) -> str:
        return str(self._path)

    def workspace(self) -> str:
        return self._workspace

    def trusted(self) -> bool:
        try:
            return self._workspace in self._read()
        except OSError:
            return False

    def grant(self) -> None:
        listed = self._read()
        if self._workspace not in listed:
            self._write([*listed, self._workspace])

    def revoke(self) -> None:
        listed = self._read()
        if self._workspace in listed:
            self._write([path for path in listed if path != self._workspace])

    def _read(self) -> list[str]:
        try:
            text = self._path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        except UnicodeDecodeError:
            raise OSError(errno.EILSEQ, "not UTF-8 text; fix or remove it", str(self._path)) from None
        try:
            data = json.loads(text) if text.strip() else {}
        except (json.JSONDecodeError, RecursionError):
            raise OSError(errno.EINVAL, "not valid JSON; fix or remove it", str(self._path)) from None
        listed = data.get("trusted", []) if isinstance(data, dict) else None
        if not isinstance(listed, list) or not all(isinstance(path, str) for path in listed):
            raise OSError(errno.EINVAL, 'expected {"trusted": [paths]}; fix or remove it', str(self._path))
        return list(listed)

    def _write(self, listed: list[str]) -> None:
        write_atomically(self._path, json.dumps({"trusted": sorted(listed)}, indent=2) + "\n")
