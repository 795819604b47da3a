"""What /verify hands the assistant about the current change: the files it touches, the tests nearest to
them, each zone's stated commands and verification playbook, and what the person asked to check.

The nearest tests of a changed file are found by name, the way projects lay them out: `test_<stem>.py` and
`<stem>_test.py`, `<stem>.test.ts` and `<stem>.spec.js`, `<stem>_test.go`, `<Stem>Test.java`; among the
test files of that name, the one sharing the longest folder prefix with the source comes first. A changed
test file is its own nearest test.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.checks.check_commands import zone_of
from orkeon_engine.domain.checks.project_tooling import Zone, is_test_file

MAX_NEAREST = 12
MAX_PLAYBOOK_CHARS = 4_000
_TEST_AFFIXES = re.compile(r"^(test_)?(?P<stem>.+?)(_test|\.test|\.spec|Tests?)?$")


@dataclass(frozen=True)
class Playbook:
    """A zone's verification playbook as written under .orkeon/verifiers/ (cut at MAX_PLAYBOOK_CHARS)."""

    path: str
    text: str


@dataclass(frozen=True)
class ChangeChecks:
    """The material of one /verify: read by code, handed to the assistant as its request."""

    changed: tuple[str, ...]
    nearest_tests: tuple[str, ...]
    zones: tuple[Zone, ...]
    playbooks: tuple[Playbook, ...] = ()
    focus: str = ""
    """What the person asked to check besides the change (`/verify the parser's error messages`)."""
    notes: tuple[str, ...] = ()
    """What code could not read (no git repository, a playbook that cannot be read)."""


def stem_of(path: str) -> str:
    """A file's name without its folder, its extensions and its test affixes: `tests/test_cart.py` is cart."""
    name = path.rpartition("/")[2].split(".")[0]
    match = _TEST_AFFIXES.match(name)
    return (match.group("stem") if match else name).lower()


def nearest_tests(changed: Sequence[str], test_files: Sequence[str], limit: int = MAX_NEAREST) -> tuple[str, ...]:
    """The test files nearest to the changed files, each once, in the order of the changes."""
    found: list[str] = []
    by_stem: dict[str, list[str]] = {}
    for test in test_files:
        by_stem.setdefault(stem_of(test), []).append(test)
    for path in changed:
        if is_test_file(path):
            candidates = [path]
        else:
            candidates = sorted(by_stem.get(stem_of(path), []), key=lambda test: (-_shared_depth(path, test), test))
        found.extend(candidate for candidate in candidates if candidate not in found)
    return tuple(found[:limit])


def _shared_depth(left: str, right: str) -> int:
    """How many leading folders two paths share."""
    depth = 0
    for a, b in zip(left.split("/")[:-1], right.split("/")[:-1], strict=False):
        if a != b:
            break
        depth += 1
    return depth


def zones_of(changed: Sequence[str], zones: Sequence[Zone]) -> tuple[Zone, ...]:
    """The zones holding a changed file (the innermost zone of each), or every zone when none does."""
    chosen = dict.fromkeys(zone for path in changed if (zone := zone_of(zones, path)) is not None)
    return tuple(chosen) or tuple(zones)
