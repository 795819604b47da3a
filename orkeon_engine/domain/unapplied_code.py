"""A final reply that shows a change as code instead of making it.

A small model asked to fix a function often answers with the corrected function in a code block and
changes nothing (the eval's 1.5B did, in acceptEdits: no tool call, a reply ending with the code). When the
turn offers definition_rewrite (the core tool set: a small model), made no edit, and its final reply holds
a Python code block that defines a function or class, the tool loop tells the model once that a reply
changes no file, and asks it to make the change with a tool or to answer without one (`UNAPPLIED_NOTE`).
A reply whose code block defines nothing (a command, an expression, a snippet) is an answer as it is.
"""

from __future__ import annotations

from orkeon_engine.domain.definition_rewrite import code_blocks, dedent, definitions_in, parses

UNAPPLIED_NOTE = (
    "Your reply shows code, but no file changed: what a reply says reaches no file. If the request asks for "
    "this change, make it now with a tool call (definition_rewrite for a Python function or class, file_edit "
    "for other text); if it does not, give your final answer again."
)


def shows_definition(reply: str) -> bool:
    """Whether a reply holds a fenced code block that parses as Python and defines a function or class."""
    return any(parses(code) is None and definitions_in(code) for code in map(dedent, code_blocks(reply)))
