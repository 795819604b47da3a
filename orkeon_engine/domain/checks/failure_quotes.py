"""The source lines a failure points at, quoted under the lines that point at them.

pytest and Python's tracebacks print a frame's source themselves; most other runners name a place only, as
`path:line:column`: node's test runner and jest in a stack line (`TestContext.<anonymous>
(test/slugs.test.js:27:10)`), a Rust panic (`src/lib.rs:10:5`), TypeScript's compiler. Without the line, a
model reads `41 !== 40` and cannot tell which call gave 41. So after a check fails, the first few places
inside the project that it names with a column (paths relative to the folder it ran in, as
domain/checks/check_failure.py writes them) are read (services/turn_checks.py reads them) and each
line is quoted under the line naming it, with its number.

A check's output is the project's to write: a test can print any `path:line:column`. So only a code file
inside the project is quoted (a relative path with no `..`, a code suffix, never a path that usually holds
secrets: domain/secrets/secret_paths.py), and the reading goes through the workspace's Files, which keep
every read inside it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from orkeon_engine.domain.checks.candidates import CODE_SUFFIXES
from orkeon_engine.domain.secrets.secret_paths import secret_path_reason

MAX_QUOTED = 4
"""How many places of one failure are quoted."""
MAX_QUOTE_CHARS = 200

_TEST_START = re.compile(r"^\s*location:")
"""A TAP entry's `location:` names the test's first line (`test('its name', ...`), which its `not ok` line says
already: the stack's places, the failing lines, are the ones worth the quota."""
_PLACE = re.compile(r"(?<![\w./-])(?P<path>(?:[\w.-]+/)*[\w.-]+\.[A-Za-z]\w{0,5}):(?P<line>\d+):\d+\b")


def pointed_places(failure: str) -> list[tuple[str, int]]:
    """The relative `path:line:column` places the failure names, in order, each once, at most MAX_QUOTED."""
    places: list[tuple[str, int]] = []
    pointing = "\n".join(line for line in failure.split("\n") if not _TEST_START.match(line))
    for match in _PLACE.finditer(pointing):
        path = match.group("path").removeprefix("./")
        if ".." in path.split("/") or not path.endswith(CODE_SUFFIXES) or secret_path_reason(path) is not None:
            continue
        place = (path, int(match.group("line")))
        if place not in places:
            places.append(place)
        if len(places) == MAX_QUOTED:
            break
    return places


def quoted_failure(failure: str, texts: Mapping[str, str]) -> str:
    """The failure with the source line of each pointed place whose file `texts` holds quoted under the first
    line naming it (`  > 27 | assert.equal(...)`)."""
    quotes: dict[tuple[str, int], str] = {}
    for path, number in pointed_places(failure):
        lines = texts.get(path, "").splitlines()
        if 1 <= number <= len(lines) and lines[number - 1].strip():
            quotes[(path, number)] = lines[number - 1].strip()[:MAX_QUOTE_CHARS]
    if not quotes:
        return failure
    out: list[str] = []
    for line in failure.split("\n"):
        out.append(line)
        indent = line[:len(line) - len(line.lstrip())]
        for match in _PLACE.finditer(line):
            place = (match.group("path").removeprefix("./"), int(match.group("line")))
            quote = quotes.pop(place, None)
            if quote is not None:
                out.append(f"{indent}  > {place[1]} | {quote}")
    return "\n".join(out)
