"""The rule sets Orkeon ships, as data: deny rules in the /permissions syntax, each with its reason.

A dev step runs under the sets STEP_RULE_SETS names for it, on top of the session's and the settings'
rules, without storing them; the main loop runs under the sets the `permissions.ruleSets` setting names,
DEFAULT_RULE_SETS (`secrets`, domain/settings/setting_choices.py) when it is unset.

- git-readonly: git may read (status, log, diff, show, blame), never change the repository or a remote.
- inline-interpreters: no program written on the command line (`python -c`, `node -e`, `bash -c`).
- read-noise: no reading of generated or vendored files (node_modules/, .venv/, dist/, lockfiles).
- secrets: no tool touches env files or private keys (`.env`, `*.pem`, `id_rsa`), the shell included.
- state-files: no edit under `.git/`, `.orkeon/local/`, nor of `.orkeon/config.json` (which holds the rules).
"""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.domain.permissions.rules import RuleEntry, parse_rule
from orkeon_engine.domain.permissions.tools import EDIT_TOOLS, SHELL_TOOLS


@dataclass(frozen=True)
class SetRule:
    """One deny rule of a set and the one line that says why."""

    text: str
    reason: str


@dataclass(frozen=True)
class RuleSet:
    """A named list of deny rules."""

    name: str
    summary: str
    rules: tuple[SetRule, ...]

    def entries(self) -> tuple[RuleEntry, ...]:
        """The rules parsed, each sourced to this set (a test checks every one parses)."""
        return tuple(RuleEntry(parse_rule(r.text, "deny"), f"rule set {self.name}", r.reason) for r in self.rules)


def _for_tools(tools: tuple[str, ...], specifier: str, reason: str) -> tuple[SetRule, ...]:
    return tuple(SetRule(f"{tool}({specifier})", reason) for tool in tools)


def _shell(specifier: str, reason: str) -> tuple[SetRule, ...]:
    return _for_tools(SHELL_TOOLS, specifier, reason)


FILE_READERS: tuple[str, ...] = ("file_read", "directory_read", "node_outline", "node_read")

_GIT_CHANGES: tuple[tuple[str, str], ...] = (
    ("git push:*", "publishes commits to a shared remote"),
    ("git commit:*", "records history; a step's close commits, never the model"),
    ("git reset:*", "moves the branch or drops uncommitted work (git reset --hard)"),
    ("git checkout:*", "switches branches or overwrites files in the working tree"),
    ("git switch:*", "switches branches under the running step"),
    ("git restore:*", "overwrites files with another version, losing the edits"),
    ("git rebase:*", "rewrites history"),
    ("git merge:*", "joins histories and may leave conflicts"),
    ("git cherry-pick:*", "writes commits taken from elsewhere"),
    ("git revert:*", "writes a commit"),
    *((f"git tag {flag}:*", "creates, moves or deletes a tag others may rely on")
      for flag in ("-a", "-s", "-f", "-d", "--delete", "--force")),
    *((f"git branch {flag}:*", "deletes, renames, copies or moves a branch")
      for flag in ("-d", "-D", "--delete", "-m", "-M", "--move", "-c", "-C", "--copy", "-f", "--force")),
    ("git clean:*", "deletes untracked files for good"),
    ("git stash", "moves uncommitted work out of sight"),
    *((f"git stash {verb}:*", "moves uncommitted work out of sight or back, or drops it")
      for verb in ("push", "save", "pop", "apply", "drop", "clear")),
    ("git add:*", "changes what the next commit holds; the person stages"),
    ("git rm:*", "deletes tracked files and stages it"),
    ("git mv:*", "renames tracked files and stages it"),
    ("git apply:*", "patches the working tree outside the edit tools"),
    ("git am:*", "writes commits from a mailbox"),
    ("git pull:*", "fetches and merges from a remote"),
    ("git fetch:*", "reaches a remote and moves remote branches"),
    *((f"git remote {verb}:*", "changes where the repository pushes and pulls")
      for verb in ("add", "remove", "rm", "rename", "set-url", "set-head", "prune")),
    ("git config:*", "changes git's behaviour for every later command"),
    ("git update-ref:*", "moves a reference directly"),
    *((f"git worktree {verb}:*", "adds, moves or removes a working tree")
      for verb in ("add", "remove", "move", "prune")),
    *((f"git submodule {verb}:*", "changes submodules and reaches their remotes")
      for verb in ("add", "update", "deinit", "sync")),
    ("git gc:*", "prunes objects that might still be wanted"),
)

_INTERPRETERS: tuple[tuple[str, str], ...] = (
    ("python -c:*", "runs Python written on the command line instead of the project's commands"),
    ("python3 -c:*", "runs Python written on the command line instead of the project's commands"),
    ("node -e:*", "runs JavaScript written on the command line"),
    ("node --eval:*", "runs JavaScript written on the command line"),
    ("node -p:*", "runs JavaScript written on the command line and prints it"),
    ("deno eval:*", "runs JavaScript written on the command line"),
    ("bun -e:*", "runs JavaScript written on the command line"),
    ("sh -c:*", "runs a shell script written inline, out of the rules' sight"),
    ("bash -c:*", "runs a shell script written inline, out of the rules' sight"),
    ("zsh -c:*", "runs a shell script written inline, out of the rules' sight"),
    ("perl -e:*", "runs Perl written on the command line"),
    ("ruby -e:*", "runs Ruby written on the command line"),
    ("php -r:*", "runs PHP written on the command line"),
)

_NOISE: tuple[tuple[str, str], ...] = (
    ("node_modules/", "installed packages, not the project's code"),
    (".venv/", "a virtual environment's installed packages"),
    ("venv/", "a virtual environment's installed packages"),
    ("__pycache__/", "compiled bytecode"),
    (".mypy_cache/", "a type checker's cache"),
    (".pytest_cache/", "the test runner's cache"),
    (".ruff_cache/", "the linter's cache"),
    (".tox/", "test environments"),
    ("dist/", "build output"),
    ("build/", "build output"),
    ("target/", "build output"),
    (".next/", "build output"),
    ("coverage/", "coverage reports"),
    ("*.min.js", "minified code, unreadable and rebuilt from its source"),
    ("*.map", "source maps, generated"),
    ("package-lock.json", "a lockfile: thousands of generated lines"),
    ("yarn.lock", "a lockfile: thousands of generated lines"),
    ("pnpm-lock.yaml", "a lockfile: thousands of generated lines"),
    ("poetry.lock", "a lockfile: thousands of generated lines"),
    ("Cargo.lock", "a lockfile: thousands of generated lines"),
)

_SECRETS: tuple[tuple[str, str], ...] = (
    (".env", "an env file holds the environment's secrets"),
    (".env.*", "an env file's variants (.env.local, .env.production) hold secrets too"),
    ("*.pem", "a certificate's private key"),
    ("*.p12", "a key store"),
    ("*.pfx", "a key store"),
    ("id_rsa", "an SSH private key"),
    ("id_ecdsa", "an SSH private key"),
    ("id_ed25519", "an SSH private key"),
    ("id_dsa", "an SSH private key"),
    (".netrc", "passwords for remote hosts"),
    (".pgpass", "database passwords"),
    (".npmrc", "may hold a registry token"),
    (".pypirc", "may hold a package index token"),
)

_STATE: tuple[tuple[str, str], ...] = (
    (".git/", "git's own store: an edit there corrupts the repository"),
    ("/.orkeon/local/", "Orkeon's sessions, findings and output, written by Orkeon alone"),
    ("/.orkeon/config.json", "the project's settings, which hold the permission rules themselves"),
)

RULE_SETS: dict[str, RuleSet] = {
    "git-readonly": RuleSet(
        "git-readonly",
        "git reads the repository and never changes it nor a remote",
        tuple(rule for spec, why in _GIT_CHANGES for rule in _shell(spec, why)),
    ),
    "inline-interpreters": RuleSet(
        "inline-interpreters",
        "no program written on the command line; the project's own commands run instead",
        tuple(rule for spec, why in _INTERPRETERS for rule in _shell(spec, why)),
    ),
    "read-noise": RuleSet(
        "read-noise",
        "no reading of generated or vendored files, which spend the context on nothing",
        tuple(rule for spec, why in _NOISE for rule in _for_tools(FILE_READERS, spec, why)),
    ),
    "secrets": RuleSet(
        "secrets",
        "no tool touches env files or private keys, the shell included",
        tuple(SetRule(f"*({spec})", why) for spec, why in _SECRETS),
    ),
    "state-files": RuleSet(
        "state-files",
        "no edit of git's store, Orkeon's local state or the settings that hold the rules",
        tuple(rule for spec, why in _STATE for rule in _for_tools(EDIT_TOOLS, spec, why)),
    ),
}

_EVERY_SET = ("git-readonly", "inline-interpreters", "read-noise", "secrets", "state-files")
_READING_SETS = ("git-readonly", "read-noise", "secrets", "state-files")

STEP_RULE_SETS: dict[str, tuple[str, ...]] = {
    "dev-spec": _EVERY_SET,
    "dev-change": _EVERY_SET,
    "dev-plan": _READING_SETS,
    "dev-review": _READING_SETS,
    "dev-implement": _EVERY_SET,
    "dev-verify": _EVERY_SET,
    "dev-batches": _EVERY_SET,
    "dev-learn": _READING_SETS,
}
"""Which sets each dev step runs under (the dev steps themselves come later)."""


def step_entries(step: str) -> tuple[RuleEntry, ...]:
    """The deny rules of every set of a step; raises KeyError for a step the table does not hold."""
    return tuple(entry for name in STEP_RULE_SETS[step] for entry in RULE_SETS[name].entries())
