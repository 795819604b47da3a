"""The words of /dev-spec read as a request: `<code>` alone goes on with a piece of work; `<code> <what the
feature is for>` starts a spec; `<code> bug|perf|behaviour <description>` starts a change brief (the kind
first, `behavior` read as `behaviour`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.dev.brief import CHANGE_KINDS, ChangeKind

KIND_WORDS: dict[str, ChangeKind] = {**{kind: kind for kind in CHANGE_KINDS}, "behavior": "behaviour"}
USAGE = "/dev-spec <code> [<what the feature is for> | bug|perf|behaviour <description>]"


@dataclass(frozen=True)
class DevSpecWords:
    """The code, the kind of change (None: a spec), and the description ("" to go on with the work)."""

    code: str
    kind: ChangeKind | None
    description: str


def read_dev_spec_words(words: Sequence[str]) -> DevSpecWords:
    """The request the words make; an empty list has an empty code (refused by the code check)."""
    if not words:
        return DevSpecWords("", None, "")
    code, rest = words[0], list(words[1:])
    kind = KIND_WORDS.get(rest[0].lower()) if rest else None
    if kind is not None:
        rest = rest[1:]
    return DevSpecWords(code, kind, " ".join(word.strip() for word in rest if word.strip()))
