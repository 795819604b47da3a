"""TrustedWorkspaces: the WorkspaceTrust port over a list of trusted folders in the user's config folder.

`$XDG_CONFIG_HOME/orkeon/trusted-workspaces.json` holds a JSON list of absolute folder paths; a workspace
is trusted when its root (symlinks resolved) is one of them or lies under one. A file that is missing or
cannot be read trusts nothing. It lives with the user, never in a project, so a repository cannot trust
itself.
"""

from __future__ import annotations

import json
from pathlib import Path

TRUST_FILE = "trusted-workspaces.json"


class TrustedWorkspaces:
    """Reads the list at each question, so a folder added while the engine runs counts at once."""

    def __init__(self, config_dir: Path, root: Path) -> None:
        self._file = config_dir / TRUST_FILE
        self._root = root

    def is_trusted(self) -> bool:
        try:
            folders = json.loads(self._file.read_text(encoding="utf-8"))
            root = self._root.resolve()
        except (OSError, ValueError, RecursionError):
            return False
        if not isinstance(folders, list):
            return False
        trusted = [Path(f).resolve() for f in folders if isinstance(f, str) and Path(f).is_absolute()]
        return any(root == folder or folder in root.parents for folder in trusted)

    def how_to_trust(self) -> str:
        return f"add {self._root} to the JSON list in {self._file}"
