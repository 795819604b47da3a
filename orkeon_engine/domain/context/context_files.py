"""Context files: the workspace files a person pins to the session (`/add`, `/read-only`), which every turn
of the assistant reads whole, as they are now.

The state bag keeps them under CONTEXT_FILES_KEY as `[{"path": "/workspace/src/a.py", "readOnly": false}]`
(virtual paths, in the order they were pinned), so `/clear` drops them with the rest of the session's state.
Pinning a file again changes only whether it is read-only. A read-only file becomes one deny rule per edit
tool (`read_only_entries`), so the gate refuses the model's edits of it with the reason. The pinned files
share a budget, a share of the usable context (`context_files_budget`); a file that would pass it is left
out whole, never cut, and named (`fit_files`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.context.compaction_thresholds import Thresholds, estimate_tokens
from orkeon_engine.domain.permissions.rules import Rule, RuleEntry
from orkeon_engine.domain.permissions.tools import EDIT_TOOLS
from orkeon_engine.domain.workspace.glob_patterns import glob_regex

CONTEXT_FILES_KEY = "context.files"
MAX_CONTEXT_FILES = 30
"""The most files a session pins (a glob matching more is refused)."""
CONTEXT_FILES_SHARE = 0.25
"""The share of the usable context (Thresholds.usable) the pinned files may take together."""
READ_ONLY_SOURCE = "context file (read-only)"
READ_ONLY_REASON = "the person pinned this file read-only (/read-only); /add it to let the assistant edit it"
GLOB_CHARS = "*?["
PATTERN_SPECIALS = "*?[]\\!"


@dataclass(frozen=True)
class PinnedFile:
    """One pinned file: its virtual path, whether the model may edit it, and the path a symlink leads to
    when the pinned path is one (so a rule on the target holds too)."""

    path: str
    read_only: bool = False
    real_path: str = ""

    @property
    def kind(self) -> str:
        return "read-only" if self.read_only else "editable"


def pinned_from_state(value: object) -> list[PinnedFile]:
    """The pinned files kept in the state bag; anything malformed there reads as not pinned."""
    if not isinstance(value, list):
        return []
    found: list[PinnedFile] = []
    for item in value:
        if isinstance(item, dict) and isinstance(item.get("path"), str) and item["path"].startswith("/workspace/"):
            real = item.get("realPath")
            found.append(PinnedFile(item["path"], item.get("readOnly") is True, real if isinstance(real, str) else ""))
    return found


def state_of(pinned: Sequence[PinnedFile]) -> list[dict[str, object]] | None:
    """What the state bag keeps for `pinned` (None: nothing, so the key goes)."""
    if not pinned:
        return None
    return [{"path": p.path, "readOnly": p.read_only, **({"realPath": p.real_path} if p.real_path else {})}
            for p in pinned]


def merge_pins(current: Sequence[PinnedFile], wanted: Sequence[PinnedFile]) -> tuple[list[PinnedFile], list[str]]:
    """The pinned list with `wanted` added (a file pinned already keeps its place and takes the new
    read-only flag), and the paths that changed (added, or moved between editable and read-only)."""
    merged = list(current)
    changed: list[str] = []
    for pin in wanted:
        index = next((i for i, p in enumerate(merged) if p.path == pin.path), None)
        if index is None:
            merged.append(pin)
            changed.append(pin.path)
        elif merged[index] != pin:
            merged[index] = pin
            changed.append(pin.path)
    return merged, changed


def is_glob(text: str) -> bool:
    """Whether a typed path is a pattern (`src/*.py`, `docs/**/*.md`) rather than one file."""
    return any(char in text for char in GLOB_CHARS)


def glob_matcher(pattern: str) -> re.Pattern[str]:
    """A workspace-relative glob (`src/**/*.py`) as a regex over workspace-relative paths: `*` and `?` stay
    within a name and, as in a shell, do not match a name's leading dot unless the pattern writes it."""
    names = pattern.strip("/").split("/")
    parts = []
    for index, part in enumerate(names):
        if part == "**":
            last = index == len(names) - 1
            parts.append("(?:[^/.][^/]*/)*" + ("[^/.][^/]*" if last else ""))
            continue
        hidden = "" if part.startswith(".") else "(?!\\.)"
        parts.append(hidden + glob_regex(part) + ("" if index == len(names) - 1 else "/"))
    return re.compile("".join(parts), re.DOTALL)


def glob_root(pattern: str) -> tuple[str, int | None]:
    """The folder (workspace-relative, "" for the root) a glob's first pattern part lies in, and how many
    levels below it the pattern reaches (None: any depth, for `**`)."""
    parts = pattern.strip("/").split("/")
    fixed: list[str] = []
    for part in parts:
        if is_glob(part):
            break
        fixed.append(part)
    rest = parts[len(fixed):]
    return "/".join(fixed), (None if "**" in rest else len(rest))


def literal_pattern(path: str) -> str:
    """A rule's path pattern naming exactly one virtual path of the workspace (anchored, specials escaped)."""
    relative = path.removeprefix("/workspace/")
    return "/" + "".join("\\" + char if char in PATTERN_SPECIALS else char for char in relative)


def read_only_entries(pinned: Iterable[PinnedFile]) -> tuple[RuleEntry, ...]:
    """The deny rules that keep the model's edit tools off the read-only files (the target of a pinned
    symlink too)."""
    entries: list[RuleEntry] = []
    for pin in pinned:
        if not pin.read_only:
            continue
        for path in dict.fromkeys(p for p in (pin.path, pin.real_path) if p.startswith("/workspace/")):
            entries += [RuleEntry(Rule("deny", tool, literal_pattern(path)), READ_ONLY_SOURCE, READ_ONLY_REASON)
                        for tool in EDIT_TOOLS]
    return tuple(entries)


def context_files_budget(thresholds: Thresholds) -> int:
    """The tokens the pinned files may take together in one prompt."""
    return max(1, int(thresholds.usable * CONTEXT_FILES_SHARE))


@dataclass(frozen=True)
class ContextFile:
    """A pinned file as a turn reads it: its text, or why it is not in the prompt (`left_out`)."""

    path: str
    read_only: bool
    text: str = ""
    tokens: int = 0
    left_out: str = ""

    @property
    def kind(self) -> str:
        return "read-only" if self.read_only else "editable"

    @property
    def shown(self) -> bool:
        return not self.left_out


def fit_files(read: Sequence[ContextFile], budget: int) -> list[ContextFile]:
    """The files in pinned order, each kept whole while the running total stays within `budget`; one that
    would pass it is left out with the reason (the later, smaller ones may still fit)."""
    used = 0
    fitted: list[ContextFile] = []
    for item in read:
        if item.left_out:
            fitted.append(item)
            continue
        if used + item.tokens > budget:
            reason = (f"it is about {item.tokens:,} tokens and the pinned files may take {budget:,} together "
                      f"({used:,} taken by those before it); /drop a file or pin a smaller one")
            fitted.append(ContextFile(item.path, item.read_only, tokens=item.tokens, left_out=reason))
            continue
        used += item.tokens
        fitted.append(item)
    return fitted


def file_tokens(path: str, text: str) -> int:
    """The tokens one file takes in the prompt: its text, and its heading and fence."""
    return estimate_tokens(text) + estimate_tokens(path) + 8


def fence_for(text: str) -> str:
    """A code fence longer than any run of backquotes in the text, so the text cannot close it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)
