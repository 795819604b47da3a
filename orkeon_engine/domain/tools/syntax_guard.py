"""The edit tools' syntax guard: an edit that would leave a Python or JSON file unreadable is not made.

A small model's edit often breaks the file it fixes (the eval's trace: `def total(prices[:-1]):`), and a
broken file then fails every check with an error far from the edit. So file_edit and file_write read the
result before they write it: when a file that parsed before (or a new file) would no longer parse, nothing
is written and the model gets the parser's line and message and the lines around it, to make the whole
change in one call. A file that did not parse before is left to the model: the guard never stands in the
way of repairing one. Only Python (as this interpreter reads it) and JSON are checked.
"""

from __future__ import annotations

import ast
import hashlib
import json
import sys
import warnings
from collections.abc import Callable

from orkeon_engine.domain.tools.file_lines import numbered, split_lines

WHOLE_CHANGE = ("Make the whole change in one call, so that the file still reads after it. If the file is right "
                "as it would be (written for a newer Python than this one), send the very same call again: a "
                "second identical call is written.")
AROUND = 2
"""Lines shown on each side of the line the parser names."""


class SyntaxGuard:
    """One edit tool's guard over a run: `syntax_problem`, except that a change it refused once is let
    through when the very same change (path and text) comes again."""

    def __init__(self) -> None:
        self._refused: set[tuple[str, str]] = set()

    def problem(self, path: str, before: str | None, after: str) -> str | None:
        """Why `after` may not replace `before` at `path` this time."""
        key = (path, hashlib.sha256(after.encode("utf-8", "surrogatepass")).hexdigest())
        if key in self._refused:
            return None
        found = syntax_problem(path, before, after)
        if found is not None:
            self._refused.add(key)
        return found


def is_checked(path: str) -> bool:
    """Whether the guard reads files of this name (Python and JSON)."""
    return _checker(path) is not None


def syntax_problem(path: str, before: str | None, after: str) -> str | None:
    """Why `after` cannot replace `before` at `path` (None: it can): the parser's complaint about `after`,
    when `before` (None for a new file) had none."""
    check = _checker(path)
    if check is None:
        return None
    if before is not None and check(before) is not None:
        return None
    found = check(after)
    if found is None:
        return None
    line, message = found
    return f"{_language(path)} cannot read the file as it would be: line {line}: {message}\n{_around(after, line)}"


Checker = Callable[[str], "tuple[int, str] | None"]


def _checker(path: str) -> Checker | None:
    name = path.rsplit("/", 1)[-1].lower()
    if name.endswith((".py", ".pyi")):
        return _python
    if name.endswith(".json"):
        return _json
    return None


def _language(path: str) -> str:
    if path.lower().endswith(".json"):
        return "JSON"
    return f"Python {sys.version_info.major}.{sys.version_info.minor}"


def _python(text: str) -> tuple[int, str] | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a SyntaxWarning (an odd escape) is not a broken file
            ast.parse(text)
    except SyntaxError as error:
        return error.lineno or 1, error.msg
    except ValueError as error:  # a NUL byte
        return 1, str(error)
    except (RecursionError, MemoryError):  # nested too deep for this parser: not a judgement on the file
        return None
    return None


def _json(text: str) -> tuple[int, str] | None:
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return error.lineno, error.msg
    except (RecursionError, MemoryError):  # nested too deep for this parser: not a judgement on the file
        return None
    return None


def _around(text: str, line: int) -> str:
    first = max(1, line - AROUND)
    return numbered(split_lines(text)[first - 1:line + AROUND], first)
