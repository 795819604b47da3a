"""Real temporary git repositories for the tests, with git's configuration isolated from the machine's.

`isolate_git` points HOME and GIT_CONFIG_GLOBAL at a folder of the test and clears the identity variables,
so neither the machine's identity nor its settings leak in; `user.useConfigOnly` stops git from guessing an
identity from the host name, which makes "no identity" the same on every machine.
"""

from __future__ import annotations

from pathlib import Path

import git
import pytest

IDENTITY_VARIABLES = ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL",
                      "EMAIL", "GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE", "GIT_DIR", "GIT_WORK_TREE",
                      "GIT_INDEX_FILE")


def isolate_git(monkeypatch: pytest.MonkeyPatch, home: Path, *, identity: bool = True) -> None:
    home.mkdir(parents=True, exist_ok=True)
    config = home / "gitconfig"
    lines = ["[user]", "\tuseConfigOnly = true", "[init]", "\tdefaultBranch = main",
             "[commit]", "\tgpgsign = false"]
    if identity:
        lines[1:1] = ["\tname = Ada Lovelace", "\temail = ada@example.com"]
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for name in IDENTITY_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def init_repo(path: Path) -> git.Repo:
    path.mkdir(parents=True, exist_ok=True)
    return git.Repo.init(path)


def write(repo: git.Repo, path: str, text: str) -> Path:
    full = Path(repo.working_tree_dir) / path
    full.parent.mkdir(parents=True, exist_ok=True)
    full.write_text(text, encoding="utf-8")
    return full


def commit_files(repo: git.Repo, files: dict[str, str], message: str) -> str:
    for path, text in files.items():
        write(repo, path, text)
    repo.git.add("--", *files)
    repo.git.commit("-m", message)
    return repo.head.commit.hexsha


def staged_paths(repo: git.Repo) -> list[str]:
    return sorted(repo.git.diff("--cached", "--name-only").split())


def committed_paths(repo: git.Repo, ref: str = "HEAD") -> list[str]:
    return sorted(repo.git.show("--name-only", "--format=", ref).split())
