"""The review lenses: what each one looks for, and what it leaves to the others.

Every lens reads the same diff. Saying what a lens leaves alone keeps the lenses from raising the same point
five times and keeps each prompt short enough to be read with care.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Lens:
    """One way of reading a change."""

    name: str
    looks_for: tuple[str, ...]
    leaves: str


LENS_LIST: tuple[Lens, ...] = (
    Lens(
        "correctness",
        (
            "logic that does not do what the surrounding code and names say it should",
            "wrong conditions, inverted tests, off-by-one bounds, wrong operators",
            "inputs the change mishandles: empty, missing, zero, negative, very large, unicode",
            "error paths that are ignored, swallowed, or leave state half changed",
            "resources opened and never released, and state shared between tasks without care",
            "calls that break the contract of the function or library they use",
        ),
        "attacks and exposure go to the security lens, speed and memory to performance, naming and "
        "structure to maintainability, and missing or weak tests to the tests lens",
    ),
    Lens(
        "security",
        (
            "outside input reaching a query, a shell, a path, a template or an eval without being checked",
            "secrets written into the code, a log, an error message or a reply",
            "an operation that skips an authentication or permission check its neighbours make",
            "unsafe deserialisation, weak or home-made cryptography, predictable tokens",
            "paths that can escape their folder, requests to addresses the caller chooses",
            "defaults that open more than they need to",
        ),
        "plain bugs that no attacker can use go to the correctness lens; slowness is a security finding only "
        "when an outsider can trigger it at will",
    ),
    Lens(
        "performance",
        (
            "work repeated inside a loop that could be done once outside it",
            "one query or call per item where one for all the items would do",
            "algorithms that grow faster than the input needs (a search in a list inside a loop)",
            "blocking calls on an event loop or a request path",
            "memory that grows without bound: whole files or result sets held at once, caches never emptied",
        ),
        "a cost too small to measure is not a finding; correctness, security, readability and tests belong "
        "to the other lenses",
    ),
    Lens(
        "maintainability",
        (
            "names that mislead or say nothing",
            "logic copied instead of reused, and functions that do several unrelated things",
            "dead code, commented-out code, and comments or docstrings the change made false",
            "a layer reaching past the boundary the project draws (a domain module doing input or output)",
            "numbers and strings with a meaning that only the author knows",
        ),
        "what a formatter or a linter already enforces is not a finding; defects, attacks, costs and tests "
        "belong to the other lenses",
    ),
    Lens(
        "tests",
        (
            "changed behaviour that no added or changed test proves",
            "tests that cannot fail, assert nothing, or assert the implementation instead of the behaviour",
            "cases the change makes likely that its tests leave out: the empty input, the error path, the limit",
            "tests that depend on time, order, the network or sleeps, and so will fail at random",
        ),
        "the defects of the code under test belong to the other lenses: this lens judges only whether the "
        "tests would catch them",
    ),
)

LENSES_BY_NAME: dict[str, Lens] = {lens.name: lens for lens in LENS_LIST}
SECURITY = "security"


def find_lens(name: str) -> Lens | None:
    return LENSES_BY_NAME.get(name.strip().lower())
