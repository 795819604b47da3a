"""The mutation operators: each finds, by code, the places of a source file where it applies and the text of
the file with that one bug in it.

The ten operators: a flipped comparison, an off-by-one range, a dropped call (`.lower()`, `.strip()`...), a
wrong constant, swapped arguments, a removed empty or None guard, a wrong default, the wrong variable
returned, an inverted boolean, and a mutable default (Python only). Python is read with `ast` and
`tokenize`; JavaScript with patterns over the text with its strings, comments and regular expressions
blanked out, so neither ever changes a string. Every mutant changes one place; `line` is its first line.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import re
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from devtools.eval.projects import Project

OPERATORS = ("flipped comparison", "off-by-one range", "dropped call", "wrong constant", "swapped arguments",
             "removed guard", "wrong default", "wrong variable returned", "inverted boolean", "mutable default")
FLIPPED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "==", "===": "!==", "!==": "==="}
# The words that name each kind of bug in a review finding's title or detail (issue 52: found on its line
# "in words that name it"); a dropped call is also named by the call (`strip`), a swap by either name swapped.
BUG_WORDS: dict[str, tuple[str, ...]] = {
    "flipped comparison": ("comparison", "compare", "condition", "operator", "inverted", "reversed", "flipped",
                           "greater", "less", "threshold"),
    "off-by-one range": ("off-by-one", "off by one", "range", "bound", "boundary", "last", "skip", "index",
                         "slice", "page"),
    "dropped call": ("case", "whitespace", "normalis", "normaliz", "lowercase", "uppercase", "trim"),
    "wrong constant": ("constant", "wrong value", "incorrect value", "magic number", "limit"),
    "swapped arguments": ("swap", "order", "argument", "reversed", "transpos", "parameter"),
    "removed guard": ("guard", "check", "missing", "empty", "none", "null", "exist", "validat"),
    "wrong default": ("default",),
    "wrong variable returned": ("return",),
    "inverted boolean": ("true", "false", "invert", "negat", "boolean", "opposite"),
    "mutable default": ("mutable", "shared", "default"),
}
DROPPABLE = {"lower", "upper", "strip", "lstrip", "rstrip", "title", "casefold", "trim", "toLowerCase",
             "toUpperCase"}


@dataclass(frozen=True)
class Edit:
    """Replace the characters start..end of a text by `text`."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Mutant:
    """One bug put in one file of a project."""

    project: str
    path: str
    operator: str
    line: int
    function: str
    """The function (or method) the bug is in, by name; "" at module level."""
    original: str
    mutated: str

    @property
    def key(self) -> str:
        """Unique in a project: two mutants of one line differ in the digest of their text."""
        digest = hashlib.sha256(self.mutated.encode()).hexdigest()[:6]
        return f"{self.project}/{self.path}:{self.line}:{self.operator}:{digest}"


def apply(text: str, edits: list[Edit]) -> str:
    for edit in sorted(edits, key=lambda e: e.start, reverse=True):
        text = text[: edit.start] + edit.text + text[edit.end:]
    return text


def mutants(project: Project) -> list[Mutant]:
    """Every mutant of every source file of `project`, in file and operator order, none repeated."""
    found: list[Mutant] = []
    seen: set[tuple[str, str]] = set()
    defined = defined_names(project)
    for path in project.sources:
        text = project.files[path]
        finder = _python_edits if project.language == "python" else _javascript_edits
        for operator, edits in finder(text, defined):
            mutated = apply(text, edits)
            if mutated == text or (path, mutated) in seen:
                continue
            seen.add((path, mutated))
            line = text.count("\n", 0, min(e.start for e in edits)) + 1
            function = (_python_function if project.language == "python" else _javascript_function)(text, line)
            found.append(Mutant(project.name, path, operator, line, function, text, mutated))
    return found


# --- Python -------------------------------------------------------------------------------------------------


class _Source:
    """A Python text with its tree and the offsets of its lines."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tree = ast.parse(text)
        self.starts = [0]
        for line in text.splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))

    def offset(self, line: int, column: int) -> int:
        return self.starts[line - 1] + column

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (self.offset(node.lineno, node.col_offset),  # type: ignore[attr-defined]
                self.offset(node.end_lineno, node.end_col_offset))  # type: ignore[attr-defined]

    def segment(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.text[start:end]

    def lines_of(self, node: ast.stmt) -> Edit:
        """The whole lines of a statement, for taking it out."""
        return Edit(self.starts[node.lineno - 1], self.starts[node.end_lineno or node.lineno], "")


def defined_names(project: Project) -> set[str]:
    """The functions and classes the project's sources define, by name (a call of one is the project's own)."""
    if project.language == "javascript":
        return {name for path in project.sources for name, _ in _JS_FUNCTION.findall(project.files[path])}
    return {node.name for path in project.sources for node in ast.walk(ast.parse(project.files[path]))
            if isinstance(node, ast.FunctionDef | ast.ClassDef)}


def _python_edits(text: str, defined: set[str]) -> Iterator[tuple[str, list[Edit]]]:
    source = _Source(text)
    for operator, finder in _PYTHON.items():
        for edits in finder(source, defined):
            yield operator, edits


def _flipped_comparisons(source: _Source, defined: set[str]) -> Iterator[list[Edit]]:
    for token in tokenize.generate_tokens(io.StringIO(source.text).readline):
        if token.type == tokenize.OP and token.string in FLIPPED:
            (row, column), (_, end) = token.start, token.end
            yield [Edit(source.offset(row, column), source.offset(row, end), FLIPPED[token.string])]


def _off_by_one_ranges(source: _Source, defined: set[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(source.tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range" and node.args:
            stop = node.args[0] if len(node.args) == 1 else node.args[1]
            end = source.span(stop)[1]
            yield [Edit(end, end, " - 1")]


def _dropped_calls(source: _Source, defined: set[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(source.tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in DROPPABLE
                and not node.args and not node.keywords):
            start, end = source.span(node)
            yield [Edit(start, end, source.segment(node.func.value))]


def _in_index_or_range(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.Subscript | ast.Slice):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
            return True
    return False


def _wrong_constants(source: _Source, defined: set[str]) -> Iterator[list[Edit]]:
    parents = {child: parent for parent in ast.walk(source.tree) for child in ast.iter_child_nodes(parent)}
    defaults = {id(value) for node in ast.walk(source.tree) if isinstance(node, ast.arguments)
                for value in [*node.defaults, *node.kw_defaults] if value is not None}
    for node in ast.walk(source.tree):
        if (isinstance(node, ast.Constant) and type(node.value) is int and node.value not in (0, 1)
                and id(node) not in defaults and not _in_index_or_range(node, parents)
                and not isinstance(parents.get(node), ast.keyword)):
            start, end = source.span(node)
            yield [Edit(start, end, str(node.value + 1))]


def _called_name(call: ast.Call) -> str:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return ""


def _swapped_arguments(source: _Source, defined: set[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(source.tree):
        if (isinstance(node, ast.Call) and _called_name(node) in defined and len(node.args) >= 2
                and not any(isinstance(arg, ast.Starred) for arg in node.args[:2])):
            first, second = node.args[0], node.args[1]
            if source.segment(first) != source.segment(second):
                (a_start, a_end), (b_start, b_end) = source.span(first), source.span(second)
                yield [Edit(a_start, a_end, source.segment(second)), Edit(b_start, b_end, source.segment(first))]


def _is_empty_or_none_test(test: ast.expr) -> bool:
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return True
    if isinstance(test, ast.BoolOp):
        return any(_is_empty_or_none_test(value) for value in test.values)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        right = test.comparators[0]
        if isinstance(test.ops[0], ast.Is) and isinstance(right, ast.Constant) and right.value is None:
            return True
        is_len = isinstance(test.left, ast.Call) and _called_name(test.left) == "len"
        return isinstance(test.ops[0], ast.Eq) and is_len and isinstance(right, ast.Constant) and right.value == 0
    return False


def _removed_guards(source: _Source, defined: set[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(source.tree):
        if (isinstance(node, ast.If) and not node.orelse and len(node.body) == 1
                and isinstance(node.body[0], ast.Return | ast.Raise | ast.Assign)
                and _is_empty_or_none_test(node.test)):
            yield [source.lines_of(node)]


def _other_value(value: object) -> str | None:
    if type(value) is int or type(value) is float:
        return repr(value + 1)  # type: ignore[operator]
    if isinstance(value, str):
        return json.dumps(value[::-1] if len(set(value)) > 1 else value + "x")
    return None


def _is_environment_read(node: ast.AST) -> bool:
    """`os.environ.get(...)` or `os.getenv(...)`."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    on = node.func.value
    return (node.func.attr == "get" and isinstance(on, ast.Attribute) and on.attr == "environ") \
        or node.func.attr == "getenv"


def _wrong_defaults(source: _Source, defined: set[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(source.tree):
        values: list[ast.expr] = []
        if isinstance(node, ast.arguments):
            values = [value for value in [*node.defaults, *node.kw_defaults] if value is not None]
        elif _is_environment_read(node) and len(node.args) == 2:  # type: ignore[attr-defined]
            values = [node.args[1]]  # type: ignore[attr-defined]
        for value in values:
            other = _other_value(value.value) if isinstance(value, ast.Constant) else None
            if other is not None and not isinstance(value.value, bool):  # type: ignore[attr-defined]
                start, end = source.span(value)
                yield [Edit(start, end, other)]


def _local_names(function: ast.FunctionDef) -> list[str]:
    """The function's parameters and the names it assigns, in the order they first appear."""
    names = [arg.arg for arg in [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]]
    for node in ast.walk(function):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign | ast.For | ast.comprehension):
            targets = [node.target]
        names += [target.id for target in targets if isinstance(target, ast.Name)]
    ordered: list[str] = []
    for name in names:
        if name not in ordered and name not in ("self", "cls"):
            ordered.append(name)
    return ordered


def _wrong_variables_returned(source: _Source, defined: set[str]) -> Iterator[list[Edit]]:
    for function in ast.walk(source.tree):
        if not isinstance(function, ast.FunctionDef):
            continue
        names = _local_names(function)
        for node in ast.walk(function):
            if isinstance(node, ast.Return) and isinstance(node.value, ast.Name):
                others = [name for name in names if name != node.value.id]
                if others:
                    start, end = source.span(node.value)
                    yield [Edit(start, end, others[0])]


def _inverted_booleans(source: _Source, defined: set[str]) -> Iterator[list[Edit]]:
    for node in ast.walk(source.tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            start, end = source.span(node)
            yield [Edit(start, end, str(not node.value))]
        elif isinstance(node, ast.If | ast.While) and isinstance(node.test, ast.UnaryOp) \
                and isinstance(node.test.op, ast.Not):
            start, _ = source.span(node.test)
            operand_start, _ = source.span(node.test.operand)
            yield [Edit(start, operand_start, "")]


EMPTY_CALLS = {"list": "[]", "dict": "{}", "set": "set()"}


def _empty_literal(value: ast.expr) -> str | None:
    if isinstance(value, ast.List) and not value.elts:
        return "[]"
    if isinstance(value, ast.Dict) and not value.keys:
        return "{}"
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and not value.args:
        return EMPTY_CALLS.get(value.func.id)
    return None


def _mutable_defaults(source: _Source, defined: set[str]) -> Iterator[list[Edit]]:
    for function in ast.walk(source.tree):
        if not isinstance(function, ast.FunctionDef):
            continue
        positional = function.args.args[len(function.args.args) - len(function.args.defaults):]
        for arg, default in zip(positional, function.args.defaults, strict=True):
            if not (isinstance(default, ast.Constant) and default.value is None):
                continue
            for statement in function.body:
                if (isinstance(statement, ast.If) and isinstance(statement.test, ast.Compare)
                        and isinstance(statement.test.left, ast.Name) and statement.test.left.id == arg.arg
                        and isinstance(statement.test.ops[0], ast.Is) and len(statement.body) == 1
                        and isinstance(statement.body[0], ast.Assign)):
                    literal = _empty_literal(statement.body[0].value)
                    if literal is not None:
                        start, end = source.span(default)
                        yield [Edit(start, end, literal), source.lines_of(statement)]


_PYTHON: dict[str, Callable[[_Source, set[str]], Iterator[list[Edit]]]] = {
    "flipped comparison": _flipped_comparisons,
    "off-by-one range": _off_by_one_ranges,
    "dropped call": _dropped_calls,
    "wrong constant": _wrong_constants,
    "swapped arguments": _swapped_arguments,
    "removed guard": _removed_guards,
    "wrong default": _wrong_defaults,
    "wrong variable returned": _wrong_variables_returned,
    "inverted boolean": _inverted_booleans,
    "mutable default": _mutable_defaults,
}


def _python_function(text: str, line: int) -> str:
    """The innermost function whose lines hold `line`."""
    holding = [node for node in ast.walk(ast.parse(text))
               if isinstance(node, ast.FunctionDef) and node.lineno <= line <= (node.end_lineno or node.lineno)]
    return max(holding, key=lambda node: node.lineno).name if holding else ""


# --- JavaScript ---------------------------------------------------------------------------------------------

_REGEX_BEFORE = set("(,=:[!&|?{};")


def _starts_regex(text: str, index: int, previous: str) -> bool:
    """Whether the `/` at `index` opens a regular expression (after an operator or `return`), not a division."""
    return previous in _REGEX_BEFORE or text[:index].rstrip().endswith("return")


def blank_javascript(text: str) -> str:
    """The text with the insides of strings, template literals, comments and regular expressions blanked
    (same length, newlines kept), so a pattern over it matches code only."""
    out = list(text)
    index, previous = 0, ""
    while index < len(text):
        char = text[index]
        pair = text[index:index + 2]
        end = -1
        if pair == "//":
            end = text.find("\n", index)
            end = len(text) if end < 0 else end
        elif pair == "/*":
            end = text.find("*/", index + 2) + 2
        elif char in "'\"`" or (char == "/" and _starts_regex(text, index, previous)):
            close = "/" if char == "/" else char
            end = index + 1
            while end < len(text) and text[end] != close:
                end += 2 if text[end] == "\\" else 1
            end += 1
        if end > index:
            depth = 0
            for position in range(index + 1, end - 1 if pair != "//" else end):
                # A template literal's ${...} is code: it stays.
                if char == "`" and text.startswith("${", position):
                    depth += 1
                if depth:
                    depth -= text[position] == "}"
                    continue
                if out[position] != "\n":
                    out[position] = " "
            index, previous = end, "x"
            continue
        if not char.isspace():
            previous = char
        index += 1
    return "".join(out)


_JS_FUNCTION = re.compile(r"^function (\w+)\(([^)]*)\) \{$", re.MULTILINE)


def _javascript_edits(text: str, defined: set[str]) -> Iterator[tuple[str, list[Edit]]]:
    code = blank_javascript(text)
    for operator, finder in _JAVASCRIPT.items():
        for edits in finder(code, text, defined):
            yield operator, edits


def _js_flipped_comparisons(code: str, text: str, defined: set[str]) -> Iterator[list[Edit]]:
    for match in re.finditer(r"(?<![=!<>])(===|!==|<=|>=|<|>)(?![=>])", code):
        yield [Edit(match.start(), match.end(), FLIPPED[match.group(1)])]


def _js_off_by_one_ranges(code: str, text: str, defined: set[str]) -> Iterator[list[Edit]]:
    for match in re.finditer(r"for \(let (\w+) = \d+; \1 <=? ([^;]+);", code):
        yield [Edit(match.end(2), match.end(2), " - 1")]


def _js_dropped_calls(code: str, text: str, defined: set[str]) -> Iterator[list[Edit]]:
    for match in re.finditer(r"\.(\w+)\(\)", code):
        if match.group(1) in DROPPABLE:
            yield [Edit(match.start(), match.end(), "")]


def _js_wrong_constants(code: str, text: str, defined: set[str]) -> Iterator[list[Edit]]:
    for match in re.finditer(r"^const [A-Z][A-Z0-9_]* = (\d+);", code, re.MULTILINE):
        yield [Edit(match.start(1), match.end(1), str(int(match.group(1)) + 1))]


def _js_swapped_arguments(code: str, text: str, defined: set[str]) -> Iterator[list[Edit]]:
    for match in re.finditer(r"\b(\w+)\(", code):
        if match.group(1) in defined and not code[:match.start()].endswith("function "):
            arguments = _split_arguments(code, match.end())
            if len(arguments) >= 2:
                (a_start, a_end), (b_start, b_end) = arguments[0], arguments[1]
                yield [Edit(a_start, a_end, text[b_start:b_end]), Edit(b_start, b_end, text[a_start:a_end])]


def _js_removed_guards(code: str, text: str, defined: set[str]) -> Iterator[list[Edit]]:
    guard = r"^[ \t]*if \((!\w+|\w+(\.length)? === (0|null|undefined))\) \{\n[ \t]*return [^;\n]*;\n[ \t]*\}\n"
    for match in re.finditer(guard, code, re.MULTILINE):
        yield [Edit(match.start(), match.end(), "")]


def _js_wrong_defaults(code: str, text: str, defined: set[str]) -> Iterator[list[Edit]]:
    for header in _JS_FUNCTION.finditer(code):
        for match in re.finditer(r"\w+ = (\d+)", header.group(2)):
            start = header.start(2) + match.start(1)
            yield [Edit(start, start + len(match.group(1)), str(int(match.group(1)) + 1))]


def _js_wrong_variables_returned(code: str, text: str, defined: set[str]) -> Iterator[list[Edit]]:
    for match in re.finditer(r"\breturn (\w+);", code):
        if match.group(1) in ("true", "false", "null", "undefined", "this"):
            continue
        others = [name for name in _javascript_locals(code, match.start()) if name != match.group(1)]
        if others:
            yield [Edit(match.start(1), match.end(1), others[0])]


def _js_inverted_booleans(code: str, text: str, defined: set[str]) -> Iterator[list[Edit]]:
    for match in re.finditer(r"\b(true|false)\b", code):
        yield [Edit(match.start(), match.end(), "false" if match.group(1) == "true" else "true")]


# JavaScript has no mutable default: a default value is made anew at each call.
_JAVASCRIPT: dict[str, Callable[[str, str, set[str]], Iterator[list[Edit]]]] = {
    "flipped comparison": _js_flipped_comparisons,
    "off-by-one range": _js_off_by_one_ranges,
    "dropped call": _js_dropped_calls,
    "wrong constant": _js_wrong_constants,
    "swapped arguments": _js_swapped_arguments,
    "removed guard": _js_removed_guards,
    "wrong default": _js_wrong_defaults,
    "wrong variable returned": _js_wrong_variables_returned,
    "inverted boolean": _js_inverted_booleans,
}


def _split_arguments(code: str, start: int) -> list[tuple[int, int]]:
    """The spans of a call's top-level arguments, the call's "(" just before `start`."""
    spans, depth, begin = [], 0, start
    for index in range(start, len(code)):
        char = code[index]
        if char in "([{":
            depth += 1
        elif char in ")]}" and depth:
            depth -= 1
        elif char in ",)" and depth == 0:
            piece = code[begin:index]
            if piece.strip():
                spans.append((begin + len(piece) - len(piece.lstrip()), index - (len(piece) - len(piece.rstrip()))))
            begin = index + 1
            if char == ")":
                return spans
    return spans


def _javascript_locals(code: str, position: int) -> list[str]:
    """The parameters and the let/const names of the function around `position`, in order."""
    headers = [header for header in _JS_FUNCTION.finditer(code) if header.start() < position]
    if not headers:
        return []
    header = headers[-1]
    names = [part.split("=")[0].strip() for part in header.group(2).split(",") if part.strip()]
    names += re.findall(r"\b(?:let|const) (\w+)", code[header.end():position])
    return list(dict.fromkeys(names))


def _javascript_function(text: str, line: int) -> str:
    code = blank_javascript(text)
    position = sum(len(row) + 1 for row in text.split("\n")[: line - 1])
    headers = [header.group(1) for header in _JS_FUNCTION.finditer(code) if header.start() <= position]
    return headers[-1] if headers else ""
