"""JsonWorkspaceTrust: the WorkspaceTrust port over `$XDG_CONFIG_HOME/orkeon/trusted.json`.

The file is `{"trusted": ["/real/path/of/a/workspace", ...], "approved": {"/real/path": ["allow rule", ...]}}`
(the project allow rules the person approved in a workspace they do not trust), in the person's config
folder, never in a workspace; a workspace is keyed by its real path, so a symlink to it is the same
workspace and a copy of it elsewhere is not. Writes are atomic; a file that is not such an object is
reported and left alone.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

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
            return self._workspace in self._read()["trusted"]
        except OSError:
            return False

    def grant(self) -> None:
        data = self._read()
        if self._workspace not in data["trusted"]:
            data["trusted"].append(self._workspace)
            self._write(data)

    def revoke(self) -> None:
        data = self._read()
        if self._workspace in data["trusted"]:
            data["trusted"].remove(self._workspace)
            self._write(data)

    def approved_rules(self) -> frozenset[str]:
        try:
            return frozenset(self._read()["approved"].get(self._workspace, []))
        except OSError:
            return frozenset()

    def approve_rules(self, rules: Iterable[str]) -> None:
        data = self._read()
        kept = data["approved"].setdefault(self._workspace, [])
        added = [rule for rule in dict.fromkeys(rules) if rule not in kept]
        if added:
            kept.extend(added)
            self._write(data)

    def _read(self) -> dict[str, Any]:
        try:
            text = self._path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {"trusted": [], "approved": {}}
        except UnicodeDecodeError:
            raise OSError(errno.EILSEQ, "not UTF-8 text; fix or remove it", str(self._path)) from None
        try:
            data = json.loads(text) if text.strip() else {}
        except (json.JSONDecodeError, RecursionError):
            raise OSError(errno.EINVAL, "not valid JSON; fix or remove it", str(self._path)) from None
        listed = data.get("trusted", []) if isinstance(data, dict) else None
        approved = data.get("approved", {}) if isinstance(data, dict) else None
        if not isinstance(listed, list) or not _strings(listed) or not isinstance(approved, dict) or not all(
                isinstance(path, str) and _strings(rules) for path, rules in approved.items()):
            raise OSError(errno.EINVAL, 'expected {"trusted": [paths], "approved": {path: [rules]}}; fix or '
                                        "remove it", str(self._path))
        return {"trusted": list(listed), "approved": {path: list(rules) for path, rules in approved.items()}}

    def _write(self, data: dict[str, Any]) -> None:
        shown: dict[str, Any] = {"trusted": sorted(data["trusted"])}
        if any(data["approved"].values()):
            shown["approved"] = {path: rules for path, rules in sorted(data["approved"].items()) if rules}
        write_atomically(self._path, json.dumps(shown, indent=2) + "\n")


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)
