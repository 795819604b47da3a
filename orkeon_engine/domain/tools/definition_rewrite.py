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
import io
import re
import tokenize
import warnings
from collections.abc import Sequence
from dataclasses import dataclass

_FENCE = re.compile(r"^[ \t]*```[^\n`]*\n(.*?)^[ \t]*```", re.DOTALL | re.MULTILINE)
_LONE_CR = re.compile(r"\r(?!\n)")
_Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
BOM = "\ufeff"
PYTHON_SUFFIXES = (".py", ".pyi")
"""The files definition_rewrite changes."""
MAX_LISTED = 12
"""At most this many of a file's definitions are named when the one asked for is not there."""


@dataclass(frozen=True)
class Located:
    """A definition of a file: its dotted name, and its first line (its first decorator's) and last line,
    1-based; the last is that of the comments that close its body, when some do."""

    name: str
    start: int
    end: int

    def text(self, source: str) -> str:
        """The definition's lines as the file has them (without carriage returns)."""
        lines = source.split("\n")[self.start - 1:self.end]
        return "\n".join(line.removesuffix("\r") for line in lines).removeprefix(BOM)


def code_blocks(reply: str) -> list[str]:
    """The contents of a reply's fenced code blocks, in order."""
    return _FENCE.findall(reply)


def rewritable(source: str) -> str | None:
    """None when a file can have a definition rewritten: Python this interpreter reads, its lines ended by
    line feeds (a lone carriage return, a line break to the parser and not to the splice, is refused)."""
    if _LONE_CR.search(source):
        return "it breaks lines with a lone carriage return; change it with file_edit"
    broken = parses(source)
    return None if broken is None else f"it does not parse as Python ({broken}); repair it with file_edit"


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
    found = definitions_in(source)
    wanted = name.strip().removesuffix("()")
    chosen = _named(found, wanted)
    if chosen is not None:
        return chosen
    leaf = _leaf(wanted)
    same = [each for each in found if _leaf(each.name) == leaf]
    if same:
        return f"`{leaf}` names {len(same)} definitions ({', '.join(each.name for each in same)}): give the dotted name"
    assigned = assignment_lines(source, wanted)
    if assigned:
        shown = "; ".join(f"line {number}: `{text}`" for number, text in assigned[:MAX_ASSIGNMENTS_SHOWN])
        return (f"`{wanted}` is not a function or class but a value set at module level ({shown}); "
                "definition_rewrite rewrites functions and classes only")
    names = ", ".join(each.name for each in found[:MAX_LISTED]) or "none"
    more = f" and {len(found) - MAX_LISTED} more" if len(found) > MAX_LISTED else ""
    return f"no function or class named `{wanted}` in it (its definitions: {names}{more})"


MAX_ASSIGNMENT_CHARACTERS = 200
MAX_ASSIGNMENTS_SHOWN = 3
"""A generated file may set one name thousands of times: the first few say what the value is."""


def assignment_lines(source: str, name: str) -> list[tuple[int, str]]:
    """The module-level statements that set `name` (`DEFAULT_PORT = 8731`, `LIMIT: int = 3`), as (line,
    first line's text): a small model asked definition_rewrite for a constant to read its value, and the
    refusal that listed the functions told it nothing of the value."""
    lines = source.removeprefix(BOM).split("\n")
    found: list[tuple[int, str]] = []
    for node in _parse(source).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        if any(isinstance(target, ast.Name) and target.id == name for target in targets):
            found.append((node.lineno, lines[node.lineno - 1].rstrip("\r").strip()[:MAX_ASSIGNMENT_CHARACTERS]))
    return found


def rewrite_prompt(path: str, source: str, located: Located, request: str,
                   unchanged: bool = False) -> tuple[str, str]:
    """The focused call's instructions and message: the file whole, the request, and the question; after a
    reply that gave the definition back unchanged (`unchanged`), a word that it did."""
    leaf = _leaf(located.name)
    system = "You are a careful Python programmer."
    user = (f"{path}:\n```python\n{source.removeprefix(BOM).rstrip()}\n```\n\n{request.strip()}\n\nFirst say in "
            f"one sentence what is wrong or missing in `{leaf}` for this request, then show the corrected `{leaf}` "
            "whole, in one python code block.")
    if unchanged:
        user += (f" An earlier answer showed `{leaf}` exactly as it is above, which changes nothing: the code you "
                 "show must have the correction made in it.")
    return system, user


def changes(original: str, rewrite: str) -> bool:
    """Whether a rewrite differs from the definition as it is, as the vote compares them."""
    return vote_key(rewrite) != vote_key(original)


def candidate(reply: str, located: Located, original: str) -> str | None:
    """The definition a reply's code blocks give for `located` (from the last block that parses and defines
    it, by its dotted name or by the one definition of its own name there), dedented, with the original's
    decorators and docstring put back when it dropped them; or None."""
    for block in reversed(code_blocks(reply)):
        code = dedent(block)
        try:
            chosen = _named(definitions_in(code), located.name)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        if chosen is None:
            continue
        piece = dedent(chosen.text(code))
        if parses(piece) is None:
            return with_docstring(with_decorators(piece, original), original)
    return None


def vote_key(definition: str) -> str:
    """What two rewrites are compared by: the syntax tree, without comments, layout or docstrings."""
    tree = _parse(dedent(definition))
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
    return Election(best[0], len(best), sum(len(each) for each in tally.values()))


def with_decorators(rewrite: str, original: str) -> str:
    """The rewrite under the original's decorators when it has none: a reply that only left out a
    `@property` would otherwise count as a change."""
    code = dedent(original)
    node = _parse(code).body[0]
    if not isinstance(node, _Definition) or not node.decorator_list:
        return rewrite
    new = _parse(rewrite).body[0]
    if not isinstance(new, _Definition) or new.decorator_list:
        return rewrite
    start = min(each.lineno for each in node.decorator_list)
    return "\n".join([*code.split("\n")[start - 1:node.lineno - 1], rewrite])


def with_docstring(rewrite: str, original: str) -> str:
    """The rewrite with the original's docstring put back when the rewrite dropped it: a docstring is never
    what a rewrite changes (the vote does not see it), so losing it would be a change nobody asked for."""
    kept = _docstring_lines(original)
    if kept is None or _docstring(rewrite) is not None:
        return rewrite
    node = _parse(rewrite).body[0]
    lines = rewrite.split("\n")
    if not isinstance(node, _Definition):
        return rewrite
    first = node.body[0]
    at = first.lineno - 1
    indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
    if len(indent) != first.col_offset:  # the body shares a line with the signature: no line to put it on
        return rewrite
    return "\n".join([*lines[:at], *((indent + line) if line.strip() else line for line in kept), *lines[at:]])


def spliced(source: str, located: Located, rewrite: str) -> str:
    """`source` with the definition's lines replaced by `rewrite`, indented as the definition was (a multi-line
    string's inner lines as they are), in the file's line endings; every other byte as it was."""
    lines = source.split("\n")
    opener = lines[located.start - 1].removesuffix("\r")
    bom = BOM if opener.startswith(BOM) else ""
    opener = opener.removeprefix(BOM)
    new = _indented(rewrite.strip("\n"), opener[:len(opener) - len(opener.lstrip())])
    ending = "\r" if "\r\n" in source else ""
    last = "\r" if lines[located.end - 1].endswith("\r") else ""
    new = [line + (ending if index < len(new) - 1 else last) for index, line in enumerate(new)]
    new[0] = bom + new[0]
    return "\n".join([*lines[:located.start - 1], *new, *lines[located.end:]])


def _parse(source: str) -> ast.Module:
    with warnings.catch_warnings():  # an invalid escape in the file is its own business
        warnings.simplefilter("ignore")
        return ast.parse(source.removeprefix(BOM))


def definitions_in(source: str) -> list[Located]:
    """Every definition of `source`, by dotted name, its span closing over the comments that end its body."""
    lines = source.split("\n")
    found: list[Located] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _Definition):
                name = f"{prefix}{child.name}"
                first = min([child.lineno, *(each.lineno for each in child.decorator_list)])
                end = _closing_comments(lines, child.end_lineno or child.lineno, child.col_offset)
                found.append(Located(name, first, end))
                visit(child, f"{name}.")
            elif not isinstance(child, ast.expr):
                visit(child, prefix)

    visit(_parse(source), "")
    return found


def _closing_comments(lines: list[str], end: int, column: int) -> int:
    """The last line of the comments, indented past the definition's own column, that follow its last
    statement (blank lines between them allowed), or `end`."""
    last = end
    for index in range(end, len(lines)):
        line = lines[index].removesuffix("\r")
        if not line.strip():
            continue
        if not line.lstrip().startswith("#") or len(line) - len(line.lstrip()) <= column:
            break
        last = index + 1
    return last


def _named(found: list[Located], name: str) -> Located | None:
    """The definition of that dotted name, else the one definition of its own name, else None."""
    exact = [each for each in found if each.name == name]
    if exact:
        return exact[0]
    same = [each for each in found if _leaf(each.name) == _leaf(name)]
    return same[0] if len(same) == 1 else None


def _leaf(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def _inner_string_lines(code: str) -> set[int]:
    """The 0-based lines that lie inside a string begun on an earlier line (their indentation is the
    string's content), as far as the tokenizer can tell."""
    inner: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            if token.type == tokenize.STRING and token.end[0] > token.start[0]:
                inner.update(range(token.start[0], token.end[0]))
    except (tokenize.TokenError, SyntaxError):
        return inner
    return inner


def dedent(code: str) -> str:
    """`code` without its first line's indentation on every line that has it, a string's inner lines and
    lines without it left alone (textwrap.dedent gives up on a string that runs back to column 0)."""
    lines = code.split("\n")
    opener = next((line for line in lines if line.strip()), "")
    prefix = opener[:len(opener) - len(opener.lstrip())]
    inner = _inner_string_lines(code)
    return "\n".join(line if index in inner else "" if not line.strip() else line.removeprefix(prefix)
                     for index, line in enumerate(lines))


def _indented(code: str, prefix: str) -> list[str]:
    """The lines of `code` under `prefix`, a string's inner lines as they are and blank lines empty."""
    inner = _inner_string_lines(code)
    return [line if index in inner else (prefix + line) if line.strip() else ""
            for index, line in enumerate(code.split("\n"))]


def _docstring(definition: str) -> str | None:
    tree = _parse(dedent(definition))
    node = tree.body[0] if tree.body else None
    return ast.get_docstring(node, clean=False) if isinstance(node, _Definition) else None


def _docstring_lines(definition: str) -> list[str] | None:
    """The docstring statement's lines of a definition, without the body's indentation, or None."""
    code = dedent(definition)
    node = _parse(code).body[0]
    if not isinstance(node, _Definition) or not _is_docstring(node.body[0]):
        return None
    first = node.body[0]
    lines = code.split("\n")[first.lineno - 1:first.end_lineno or first.lineno]
    return [line.removeprefix(" " * first.col_offset) for line in lines]


def _is_docstring(statement: ast.stmt) -> bool:
    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str))
