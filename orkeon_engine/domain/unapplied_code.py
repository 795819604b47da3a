"""A final reply that shows a change as code instead of making it.

A small model asked to fix a function often answers with the corrected function in a code block and
changes nothing (the eval's 1.5B did, in acceptEdits: no tool call, a reply ending with the code). When the
turn offers definition_rewrite (the core tool set: a small model), made no edit, and its final reply holds
a Python code block that defines a function or class, the tool loop tells the model once that a reply
changes no file, and asks it to make the change with a tool or to answer without one (`UNAPPLIED_NOTE`).
A reply whose code block defines nothing (a command, an expression, a snippet) is an answer as it is.
"""

from __future__ import annotations

import ast
import re
import warnings

_FENCE = re.compile(r"^[ \t]*```[^\n`]*\n(.*?)^[ \t]*```", re.DOTALL | re.MULTILINE)
UNAPPLIED_NOTE = (
    "Your reply shows code, but no file changed: what a reply says reaches no file. If the request asks for "
    "this change, make it now with a tool call (definition_rewrite for a Python function or class, file_edit "
    "for other text); if it does not, give your final answer again."
)


def shows_definition(reply: str) -> bool:
    """Whether a reply holds a fenced code block that parses as Python and defines a function or class."""
    for block in _FENCE.findall(reply):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                tree = ast.parse(_dedented(block))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        if any(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) for node in ast.walk(tree)):
            return True
    return False


def _dedented(block: str) -> str:
    lines = block.split("\n")
    opener = next((line for line in lines if line.strip()), "")
    prefix = opener[:len(opener) - len(opener.lstrip())]
    return "\n".join(line.removeprefix(prefix) for line in lines)
