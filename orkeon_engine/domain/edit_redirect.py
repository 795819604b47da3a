"""Which Python function an edit changes the code inside of, so a small model's hand edit goes to
definition_rewrite instead.

With the core tool set a small model is offered definition_rewrite for exactly this change, yet it often picks
file_edit (or file_write) and writes the fix by hand: in 2 of 20 fix runs on 1f741fb the 1.5B's file_edit
changed `result += prices[index]` into `prices[index - 1]` and the tests failed, while each of the 16 runs
that called definition_rewrite fixed it (its rewrites are written in plain text and voted on). So while
definition_rewrite is offered and has not run in the turn, an edit whose every changed line lies inside one
function (its decorators to its last line) and that changes its code is not made: the model is told to call
definition_rewrite with that file and name (`redirect_text`). An edit of module-level code, one spanning
several definitions, one inside a class outside its methods, or one that only changes docstrings, comments or
layout is left to the edit tool; so is an edit that deletes or renames the function, one inside a
definition the name would not find (a property's setter, a function defined twice), and any edit of a file
that is not Python this interpreter reads.
"""

from __future__ import annotations

import difflib
import json

from orkeon_engine.domain.tools.definition_rewrite import (
    PYTHON_SUFFIXES,
    Located,
    definitions_in,
    locate,
    parses,
    rewritable,
    vote_key,
)

_FUNCTION_OPENERS = ("def ", "async def ")


def changed_function(path: str, before: str | None, after: str) -> str | None:
    """The dotted name of the one function holding every line the edit from `before` to `after` changes, when
    it changes that function's code and leaves it defined; None when the edit is anything else (module doc),
    or the file is too deep for the parser to say."""
    if before is None or not path.endswith(PYTHON_SUFFIXES) or before == after:
        return None
    try:
        return _changed_function(before, after)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _changed_function(before: str, after: str) -> str | None:
    if rewritable(before) is not None:
        return None
    after_parses = parses(after) is None
    if after_parses and vote_key(before) == vote_key(after):
        return None  # docstrings, comments, layout: definition_rewrite leaves those as they are
    span = _changed_span(before, after)
    holding = [each for each in definitions_in(before) if each.start <= span[0] and span[1] <= each.end]
    if not holding:
        return None
    inner = min(holding, key=lambda each: each.end - each.start)
    if not _is_function(before.split("\n"), inner) or _ambiguous(before, inner):
        return None
    if after_parses and inner.name not in {each.name for each in definitions_in(after)}:
        return None  # the edit deletes or renames it: no rewrite of it does that
    return inner.name


def redirect_text(path: str, name: str) -> str:
    """What the model is told instead of the edit being made."""
    call = json.dumps({"path": path, "name": name})
    return (f"{path} is unchanged: this edit changes the code inside `{name}`, and here a change inside a Python "
            f"function is made with definition_rewrite, which writes it for the request and checks it. Call "
            f"definition_rewrite with {call} instead.")


def _changed_span(before: str, after: str) -> tuple[int, int]:
    """The first and last line (1-based, of `before`) the edit touches; an insertion touches the lines on
    both sides of it (line 0 before the first, one past the last after it: no definition holds those)."""
    old, new = before.split("\n"), after.split("\n")
    touched: list[int] = []
    for tag, start, end, _, _ in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag != "equal":
            touched += [start + 1, end] if end > start else [start, start + 1]
    return (min(touched), max(touched)) if touched else (0, 0)


def _ambiguous(before: str, located: Located) -> bool:
    """Whether definition_rewrite, given this name, would take another definition (a property's setter, a
    function defined twice): then the edit is left to the edit tool."""
    found = locate(before, located.name)
    return isinstance(found, str) or found.start != located.start


def _is_function(lines: list[str], located: Located) -> bool:
    """Whether the definition is a function (its first line after the decorators opens with def)."""
    for line in lines[located.start - 1:located.end]:
        stripped = line.strip()
        if stripped.startswith("@"):
            continue
        return stripped.startswith(_FUNCTION_OPENERS)
    return False
