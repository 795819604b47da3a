"""definition_rewrite's pure half: find a Python function or class, ask for it rewritten, take the rewrite
from a plain reply, elect one among several, and splice it into the file.

Why it exists (docs/models.md, "the off-by-one"): a 1.5B model that is asked to fix a loop writes the
corrected function right most times when it answers in plain text, and almost never when it must put the
code inside a tool call's JSON. So with the core tool set the model may name the definition to change
(`definition_rewrite {"path": "calc.py", "name": "total"}`), and a focused call without tools writes it:
the file, the person's request, and the question what is wrong in that definition, then the corrected
definition in one code block. Such a model is right about three times in four and wrong in many different
ways, so several replies are asked for and the one that most of them agree on (their syntax trees compared,
comments and the docstring aside) is written: self-consistency, as sampling-and-voting is known. A reply
that only repeats the definition as it is counts for nothing.
"""

from __future__ import annotations

import ast
import re
import textwrap
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.file_lines import split_lines

_FENCE = re.compile(r"^[ \t]*```[^\n`]*\n(.*?)^[ \t]*```", re.DOTALL | re.MULTILINE)
_Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
MAX_LISTED = 12
"""At most this many of a file's definitions are named when the one asked for is not there."""


@dataclass(frozen=True)
class Located:
    """A definition of a file: its dotted name, and its first line (its first decorator's) and last line,
    1-based."""

    name: str
    start: int
    end: int

    def text(self, source: str) -> str:
        """The definition's lines as the file has them."""
        return "\n".join(split_lines(source)[self.start - 1:self.end])


def parses(source: str) -> str | None:
    """None when `source` is Python this interpreter reads, else the parser's line and message."""
    try:
        _parse(source)
    except SyntaxError as error:
        return f"line {error.lineno}: {error.msg}"
    except (ValueError, RecursionError, MemoryError) as error:  # a NUL byte, nesting past the parser
        return str(error) or type(error).__name__
    return None


def locate(source: str, name: str) -> Located | str:
    """The definition `name` names in `source` (which parses): by its dotted name (`Basket.add`), else by its
    own name when one definition has it; else the problem, naming the definitions there are."""
    found = _definitions(_parse(source))
    wanted = name.strip().removesuffix("()")
    exact = [each for each in found if each.name == wanted]
    if exact:
        return exact[0]
    leaf = wanted.rsplit(".", 1)[-1]
    same = [each for each in found if each.name.rsplit(".", 1)[-1] == leaf]
    if len(same) == 1:
        return same[0]
    if same:
        return f"`{leaf}` names {len(same)} definitions ({', '.join(each.name for each in same)}): give the dotted name"
    names = ", ".join(each.name for each in found[:MAX_LISTED]) or "none"
    more = f" and {len(found) - MAX_LISTED} more" if len(found) > MAX_LISTED else ""
    return f"no function or class named `{wanted}` in it (its definitions: {names}{more})"


def rewrite_prompt(path: str, source: str, located: Located, request: str) -> tuple[str, str]:
    """The focused call's instructions and message: the file whole, the request, and the question."""
    leaf = located.name.rsplit(".", 1)[-1]
    system = "You are a careful Python programmer."
    user = (f"{path}:\n```python\n{source.rstrip()}\n```\n\n{request.strip()}\n\nFirst say in one sentence what is "
            f"wrong or missing in `{leaf}` for this request, then show the corrected `{leaf}` whole, in one python "
            "code block.")
    return system, user


def candidate(reply: str, located: Located) -> str | None:
    """The definition a reply's code blocks give for `located` (the last block that parses and defines it,
    dedented, decorators included), or None."""
    leaf = located.name.rsplit(".", 1)[-1]
    for block in reversed(_FENCE.findall(reply)):
        code = textwrap.dedent(block)
        try:
            tree = _parse(code)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        nodes = [node for node in ast.walk(tree) if isinstance(node, _Definition) and node.name == leaf]
        if nodes:
            return textwrap.dedent(_segment(code, nodes[0]))
    return None


def vote_key(definition: str) -> str:
    """What two rewrites are compared by: the syntax tree, without comments, layout or docstrings."""
    tree = _parse(textwrap.dedent(definition))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, _Definition | ast.Module) and body and _is_docstring(body[0]):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


@dataclass(frozen=True)
class Election:
    """The rewrite most replies agreed on and by how many votes, or None when no reply changed anything."""

    winner: str | None
    votes: int
    changed: int
    """How many of the replies gave a rewrite that differs from the definition as it is."""


def elect(original: str, rewrites: Sequence[str]) -> Election:
    """The most common rewrite that differs from `original` (the earliest on a tie)."""
    unchanged = vote_key(original)
    tally: dict[str, list[str]] = {}
    for rewrite in rewrites:
        key = vote_key(rewrite)
        if key != unchanged:
            tally.setdefault(key, []).append(rewrite)
    if not tally:
        return Election(None, 0, 0)
    best = max(tally.values(), key=len)  # max keeps the first of equals: the earliest rewrite wins a tie
    kept = _docstring(original)  # of the agreeing rewrites, one that keeps the docstring as it was
    winner = next((each for each in best if _docstring(each) == kept), best[0])
    return Election(winner, len(best), sum(len(each) for each in tally.values()))


def with_docstring(rewrite: str, original: str) -> str:
    """The rewrite with the original's docstring put back when the rewrite dropped it: a docstring is never
    what a rewrite changes (the vote does not see it), so losing it would be a change nobody asked for."""
    kept = _docstring_lines(original)
    if kept is None or _docstring(rewrite) is not None:
        return rewrite
    node = _parse(rewrite).body[0]
    if not isinstance(node, _Definition) or node.body[0].lineno == node.lineno:  # `def f(): return 1`
        return rewrite
    lines = rewrite.split("\n")
    at = node.body[0].lineno - 1
    indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
    return "\n".join([*lines[:at], *((indent + line) if line.strip() else line for line in kept), *lines[at:]])


def _docstring_lines(definition: str) -> list[str] | None:
    """The docstring statement's lines of a definition, without the body's indentation, or None."""
    code = textwrap.dedent(definition)  # a method's lines keep their class's indentation
    node = _parse(code).body[0]
    if not isinstance(node, _Definition) or not _is_docstring(node.body[0]):
        return None
    first = node.body[0]
    lines = code.split("\n")[first.lineno - 1:first.end_lineno or first.lineno]
    cut = first.col_offset
    return [line[cut:] if not line[:cut].strip() else line for line in lines]


def spliced(source: str, located: Located, rewrite: str) -> str:
    """`source` with the definition's lines replaced by `rewrite`, indented as the definition was, in the
    file's line endings; every other byte as it was."""
    lines = source.split("\n")
    opener = lines[located.start - 1]
    indent = opener[:len(opener) - len(opener.lstrip())]
    ending = "\r" if opener.endswith("\r") else ""
    new = [(indent + line + ending) if line.strip() else ending for line in rewrite.strip("\n").split("\n")]
    return "\n".join([*lines[:located.start - 1], *new, *lines[located.end:]])


def _parse(source: str) -> ast.Module:
    with warnings.catch_warnings():  # an invalid escape in the file is its own business
        warnings.simplefilter("ignore")
        return ast.parse(source)


def _definitions(tree: ast.Module) -> list[Located]:
    found: list[Located] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _Definition):
                name = f"{prefix}{child.name}"
                first = min([child.lineno, *(each.lineno for each in child.decorator_list)])
                found.append(Located(name, first, child.end_lineno or child.lineno))
                visit(child, f"{name}.")
            elif not isinstance(child, ast.expr):
                visit(child, prefix)

    visit(tree, "")
    return found


def _segment(code: str, node: _Definition) -> str:
    first = min([node.lineno, *(each.lineno for each in node.decorator_list)])
    lines = code.split("\n")[first - 1:node.end_lineno or node.lineno]
    return "\n".join(lines)


def _docstring(definition: str) -> str | None:
    tree = _parse(textwrap.dedent(definition))
    node = tree.body[0] if tree.body else None
    return ast.get_docstring(node, clean=False) if isinstance(node, _Definition) else None


def _is_docstring(statement: ast.stmt) -> bool:
    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str))
