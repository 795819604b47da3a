"""A final reply that shows a change as code instead of making it.

A small model asked to fix a function often answers with the corrected function in a code block and
changes nothing (the eval's 1.5B did, in acceptEdits: no tool call, a reply ending with the code). When the
turn offers definition_rewrite (the core tool set: a small model), made no edit, and its final reply holds
a Python code block that defines a function or class, the tool loop tells the model once that a reply
changes no file, and asks it to make the change with a tool or to answer without one (`UNAPPLIED_NOTE`).
A reply whose code block defines nothing (a command, an expression, a snippet) is an answer as it is.

When the person's words name one of the definitions the reply shows, and one Python file is named (in
their words; when they name none, in the reply's own words: a reply that also says to run test_calc.py names
two), the note ends with the very call to make (`unapplied_note`): the
1.5B, asked to fix `total` in calc.py, twice gave the file back as the request had shown it, and a small
model follows an exact call better than a rule (as the edit redirect found). The words are the request's
prose: code blocks (the files and lines the turn put into it) are left out, so a name that only a shown file
holds is no lead.
"""

from __future__ import annotations

import json
import re

from orkeon_engine.domain.definition_rewrite import code_blocks, dedent, definitions_in, parses
from orkeon_engine.domain.virtual_paths import WORKSPACE

UNAPPLIED_NOTE = (
    "Your reply shows code, but no file changed: what a reply says reaches no file. If the request asks for "
    "this change, make it now with a tool call (definition_rewrite for a Python function or class, file_edit "
    "for other text); if it does not, give your final answer again."
)


_FENCED = re.compile(r"^[ \t]*```.*?^[ \t]*```[^\n]*$", re.DOTALL | re.MULTILINE)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PYTHON_PATH = re.compile(r"(?<![\w./-])(/?(?:[\w.-]+/)*[\w.-]+\.py)\b")


def shows_definition(reply: str) -> bool:
    """Whether a reply holds a fenced code block that parses as Python and defines a function or class."""
    return bool(_shown(reply))


def unapplied_note(reply: str, request: str) -> str:
    """UNAPPLIED_NOTE, ending with the definition_rewrite call to make when the request names one definition
    the reply shows and one Python file is named (the module docstring)."""
    prose = _FENCED.sub("", request)
    words = set(_WORD.findall(prose))
    names = {name for name in _shown(reply) if name.rsplit(".", 1)[-1] in words}
    paths = _python_paths(prose) or _python_paths(_FENCED.sub("", reply))
    if len(names) != 1 or len(paths) != 1:
        return UNAPPLIED_NOTE
    call = json.dumps({"path": paths.pop(), "name": names.pop()})
    return f"{UNAPPLIED_NOTE} Here that is: call definition_rewrite with {call}."


def _shown(reply: str) -> list[str]:
    """The dotted names of the definitions in the reply's Python code blocks."""
    return [each.name for code in map(dedent, code_blocks(reply)) if parses(code) is None
            for each in definitions_in(code)]


def _python_paths(text: str) -> set[str]:
    return {_relative(path) for path in _PYTHON_PATH.findall(text)}


def _relative(path: str) -> str:
    return path.removeprefix(WORKSPACE + "/").removeprefix("./")
