"""make_repo: a temporary git repository with one commit, for the adapters' and end-to-end tests."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

IDENTITY = {"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.invalid"}


def git(root: Path, *args: str) -> str:
    env = {**os.environ, **IDENTITY, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(root)}
    done = subprocess.run(["git", *args], cwd=root, env=env, capture_output=True, text=True, check=True)
    return done.stdout


def make_repo(root: Path, files: dict[str, str], commit: bool = True) -> Path:
    """A repository at `root` holding `files`, committed once unless `commit` is False."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if commit and files:
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", "first")
    return root
