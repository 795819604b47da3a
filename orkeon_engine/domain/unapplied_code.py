"""A final reply that shows a change as code instead of making it.

A small model asked to fix a function often answers with the corrected function in a code block and
changes nothing (the eval's 1.5B did, in acceptEdits: no tool call, a reply ending with the code). When the
turn offers definition_rewrite (the core tool set: a small model), made no edit, and its final reply holds
a Python code block that defines a function or class, the tool loop tells the model once that a reply
changes no file, and asks it to make the change with a tool or to answer without one (`UNAPPLIED_NOTE`).
A reply whose code block defines nothing (a command, an expression, a snippet) is an answer as it is.

When the person's request names one of the definitions the reply shows, and one Python file is named (in
the request; when it names none, in the reply's own words outside its code), the note ends with the very
call to make (`unapplied_note`): the 1.5B, asked to fix `total` in calc.py, twice gave the file back as the
request had shown it, and a small model follows an exact call better than a rule (as the edit redirect
found). Only the person's words count, as the assistant's turn has them (crews/main_loop passes them to the
tool loop; a loop given none, as a crew's or a child's, gets the note without the call):
the files, lines and history the turn put into the prompt are no lead, so a file's text does not steer it.
When the reply comes back with code again after that note, and the call is known, a second note gives the
call alone as the line to write (`AGAIN_NOTE`): the 1.5B twice gave back its reply word for word after the
first, and a small model copies a line it is given well; the line is read as a call (text_tool_calls) and
meets the gate as any.
"""

from __future__ import annotations

import json
import re
from typing import Any

from orkeon_engine.domain.context.request_material import named_paths
from orkeon_engine.domain.model_replies.fences import prose_lines
from orkeon_engine.domain.tools.definition_rewrite import PYTHON_SUFFIXES, code_blocks, dedent, definitions_in, parses
from orkeon_engine.domain.tools.tool_sets import DEFINITION_REWRITE
from orkeon_engine.domain.workspace.virtual_paths import WORKSPACE

AGAIN_NOTE = ("Your reply came back with the code again, and still no file changed. Reply with only this line, "
              "nothing before or after it, and the change will be made:\n")
UNAPPLIED_NOTE = (
    "Your reply shows code, but no file changed: what a reply says reaches no file. If the request asks for "
    "this change, make it now with a tool call (definition_rewrite for a Python function or class, file_edit "
    "for other text); if it does not, give your final answer again."
)


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def shows_definition(reply: str) -> bool:
    """Whether a reply holds a fenced code block that parses as Python and defines a function or class."""
    return bool(_shown(reply))


def unapplied_note(reply: str, request: str, again: bool = False) -> str | None:
    """UNAPPLIED_NOTE, ending with the definition_rewrite call to make when the person's `request` names one
    definition the reply shows and one Python file is named (the module docstring). `again` (the reply came
    back after that note): the call alone to write, when it is known; else None, the reply stands."""
    call = suggested_call(reply, request)
    if again:
        return None if call is None else AGAIN_NOTE + json.dumps(call)
    if call is None:
        return UNAPPLIED_NOTE
    return f"{UNAPPLIED_NOTE} Here that is: call definition_rewrite with {json.dumps(call['arguments'])}."


def suggested_call(reply: str, request: str) -> dict[str, Any] | None:
    """The definition_rewrite call for the one definition the reply shows that the request names, in the one
    Python file named, as a `{"name", "arguments"}` envelope; None when either is not one."""
    prose = "\n".join(prose_lines(request))
    words = set(_WORD.findall(prose))
    names = {name for name in _shown(reply) if name.rsplit(".", 1)[-1] in words}
    paths = _python_paths(prose) or _python_paths("\n".join(prose_lines(reply)))
    if len(names) != 1 or len(paths) != 1:
        return None
    return {"name": DEFINITION_REWRITE, "arguments": {"path": paths.pop(), "name": names.pop()}}


def _shown(reply: str) -> list[str]:
    """The dotted names of the definitions in the reply's Python code blocks."""
    return [each.name for code in map(dedent, code_blocks(reply)) if parses(code) is None
            for each in definitions_in(code)]


def _python_paths(text: str) -> set[str]:
    """The Python files `text` names, relative to /workspace (request_material reads them the same way)."""
    return {path.removeprefix(WORKSPACE + "/") for path in named_paths(text, ()) if path.endswith(PYTHON_SUFFIXES)}
