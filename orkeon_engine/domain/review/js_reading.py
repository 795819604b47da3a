"""The structure of a JavaScript or TypeScript file's code tokens, for js_neutral.py: brackets matched, each
`{` told apart (a block, a function's body, a class body or an object), each declaration's scope (where the
name it declares can be said), the exports (`module.exports = {`, `export {`) and the modules read
(`require`, `import`) at the top level. Only what is sure is read: anything else is left out, so the rename
proof, which needs every place a name is said covered, refuses it.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from dataclasses import dataclass, field

Token = tuple[str, str]
"""(kind, text): kind is word, string, newline or other (a single character)."""

KEYWORDS = frozenset({
    "abstract", "accessor", "any", "arguments", "as", "async", "await", "bigint", "boolean", "break", "case",
    "catch", "class", "const", "constructor", "continue", "debugger", "declare", "default", "delete", "do", "else",
    "enum", "eval", "export", "extends", "false", "finally", "for", "from", "function", "get", "global", "if",
    "implements", "import", "in", "infer", "instanceof", "interface", "is", "keyof", "let", "meta", "module",
    "namespace", "never", "new", "null", "number", "object", "of", "out", "override", "package", "private",
    "protected", "public", "readonly", "require", "return", "satisfies", "set", "static", "string", "super",
    "switch", "symbol", "target", "this", "throw", "true", "try", "type", "typeof", "undefined", "unique",
    "unknown", "var", "void", "while", "with", "yield"
})
_OPENERS = {"(": ")", "[": "]", "{": "}"}
_BLOCK_AFTER = frozenset({")", "else", "try", "finally", "do", "catch"})
_MEMBER_MODIFIERS = frozenset({"get", "set", "async", "static", "readonly", "public", "private", "protected",
                               "abstract", "override", "declare", "accessor", "*"})
KEY_AFTER = frozenset({"{", ",", ";", "}", "\n"}) | _MEMBER_MODIFIERS
_STATEMENT_START = frozenset({"{", "}", ";", "export", "default"})


@dataclass
class Declaration:
    at: int
    start: int
    end: int
    local: bool
    top: bool = False
    allows_colon: bool = False


@dataclass
class Reading:
    """The structure of the old file's tokens."""

    tokens: Sequence[Token]
    match: dict[int, int] = field(default_factory=dict)
    opened: dict[int, int] = field(default_factory=dict)
    depth: list[int] = field(default_factory=list)
    opener: list[int] = field(default_factory=list)
    """The innermost open bracket around each token (-1 at the top level)."""
    kinds: dict[int, str] = field(default_factory=dict)
    """Each `{`: block, function (a function's or arrow's body), class or object."""
    declarations: dict[str, list[Declaration]] = field(default_factory=dict)
    exports: set[int] = field(default_factory=set)
    """The braces of `module.exports = {` and `export {`."""
    imports: dict[int, str] = field(default_factory=dict)
    """The braces of `import { } from 'm'` and `const { } = require('m')`, each to its module."""
    modules: dict[str, str] = field(default_factory=dict)
    """The names bound to a whole module (`const lib = require('m')`), each to its module."""
    commonjs: bool = False
    """Whether `module` and `exports` are CommonJS's own (never declared or assigned in the file)."""

def previous_text(tokens: Sequence[Token], index: int) -> str:
    """The text of the token before `index`, line breaks skipped."""
    index -= 1
    while index >= 0 and tokens[index][0] == "newline":
        index -= 1
    return tokens[index][1] if index >= 0 else ""

def read_tokens(path: str, tokens: Sequence[Token]) -> Reading | None:
    reading = Reading(tokens)
    stack: list[int] = []
    for index, (kind, value) in enumerate(tokens):
        if kind == "other" and value in (")", "]", "}"):
            if not stack or _OPENERS[tokens[stack[-1]][1]] != value:
                return None
            opening = stack.pop()
            reading.match[opening] = index
            reading.opened[index] = opening
        reading.opener.append(stack[-1] if stack else -1)
        reading.depth.append(len(stack))
        if kind == "other" and value in _OPENERS:
            stack.append(index)
        elif kind == "other" and value == "/" and index + 1 < len(tokens) and tokens[index + 1][1] == ">":
            return None  # a JSX element closing itself: its text and attributes are not code
    if stack:
        return None
    for index, (kind, value) in enumerate(tokens):
        if kind == "other" and value == "{":
            reading.kinds[index] = _brace(tokens, index)
    _classes(reading)
    _functions(reading)
    _variables(reading)
    _modules(reading, path)
    return reading


def _brace(tokens: Sequence[Token], index: int) -> str:
    previous = previous_text(tokens, index)
    if previous == ">" and index >= 2 and previous_text(tokens, index - 1) == "=":
        return "function"
    return "block" if previous in _BLOCK_AFTER else "object"


def _declare(reading: Reading, at: int, start: int, end: int, *, local: bool, top: bool = False,
             allows_colon: bool = False) -> None:
    name = reading.tokens[at][1]
    reading.declarations.setdefault(name, []).append(Declaration(at, start, end, local, top, allows_colon))


def _word(tokens: Sequence[Token], index: int) -> bool:
    return 0 <= index < len(tokens) and tokens[index][0] == "word" and tokens[index][1] not in KEYWORDS


def _body(reading: Reading, start: int) -> int:
    """The `{` that opens the body of the function or class whose header goes on at `start`: the first at
    the depth of `start`, -1 when a `;`, a `,`, a line break, a declaration or the group's end comes first (a
    TypeScript signature, `function f(a: T): R;`, has no body, and must not take the next one's)."""
    depth = reading.depth[start]
    for index in range(start + 1, len(reading.tokens)):
        if reading.depth[index] < depth:
            return -1
        if reading.depth[index] == depth:
            kind, value = reading.tokens[index]
            if value == "{" and kind == "other":
                return index
            if value in (";", ",", "\n", "function", "class", "let", "const", "var"):
                return -1
    return -1


def _statement_start(tokens: Sequence[Token], index: int) -> bool:
    """Whether the keyword at `index` starts a statement (a declaration), not an expression: after `{`, `}`,
    `;`, `export`, `default`, the start of the file, or a line break that ends a complete expression (a
    name, a number, a string or `]`: no expression goes on with `function` or `class`)."""
    if index > 0 and tokens[index - 1][1] == "async":
        index -= 1
    previous = previous_text(tokens, index)
    if previous in _STATEMENT_START or previous == "":
        return True
    if index == 0 or tokens[index - 1][0] != "newline":
        return False
    last = index - 1
    while tokens[last][0] == "newline":
        last -= 1
    kind, value = tokens[last]
    return kind == "string" or value == "]" or (kind == "word" and value not in KEYWORDS)


def _scope(reading: Reading, index: int) -> tuple[int, int, bool]:
    """(start, end, top) of the block `index` stands in directly: its braces, or the whole file."""
    brace = reading.opener[index]
    if brace < 0:
        return 0, len(reading.tokens), True
    return brace, reading.match[brace], False


def _classes(reading: Reading) -> None:
    tokens = reading.tokens
    for index, token in enumerate(tokens):
        if token != ("word", "class") or previous_text(tokens, index) == ".":
            continue
        body = _body(reading, index)
        if body < 0:
            continue
        reading.kinds[body] = "class"
        if not _word(tokens, index + 1) or tokens[index + 1][1] in ("extends", "implements"):
            continue
        if _statement_start(tokens, index):
            start, end, top = _scope(reading, index)
            if reading.opener[index] < 0 or tokens[reading.opener[index]][1] == "{":
                _declare(reading, index + 1, start, end, local=not top, top=top)
        else:
            _declare(reading, index + 1, index, reading.match[body], local=True)


def _functions(reading: Reading) -> None:
    tokens = reading.tokens
    for index, token in enumerate(tokens):
        if token == ("word", "function") and previous_text(tokens, index) != ".":
            _function(reading, index)
        elif token == ("other", "=") and index + 1 < len(tokens) and tokens[index + 1] == ("other", ">"):
            _arrow(reading, index)
        elif token == ("other", "(") and reading.kinds.get(reading.opener[index]) in ("class", "object") \
                and index > 1 and tokens[index - 1][0] == "word" and tokens[index - 2][1] in KEY_AFTER:
            _method(reading, index)
        elif token == ("word", "catch") and tokens[index + 1:index + 2] == [("other", "(")]:
            _catch(reading, index + 1)


def _method(reading: Reading, parameters: int) -> None:
    """A method of a class or object literal (`name(a, b) {` where a member starts, directly in its braces):
    its parameters."""
    body = _body(reading, reading.match[parameters])
    if body >= 0:
        reading.kinds[body] = "function"
        _parameters(reading, parameters, reading.match[body])


def _catch(reading: Reading, parameter: int) -> None:
    """`catch (e) {`: `e` is declared for the block."""
    tokens = reading.tokens
    closing = reading.match[parameter]
    if closing == parameter + 2 and _word(tokens, parameter + 1) and tokens[closing + 1:closing + 2] == [
            ("other", "{")]:
        _declare(reading, parameter + 1, parameter, reading.match[closing + 1], local=True)


def _function(reading: Reading, index: int) -> None:
    tokens = reading.tokens
    at = index + 1 + (tokens[index + 1:index + 2] == [("other", "*")])
    named = _word(tokens, at)
    parameters = at + 1 if named else at
    if parameters >= len(tokens) or tokens[parameters] != ("other", "("):
        return
    closing = reading.match[parameters]
    body = _body(reading, closing)
    if body < 0:
        return
    reading.kinds[body] = "function"
    end = reading.match[body]
    _parameters(reading, parameters, end)
    if not named:
        return
    if not _statement_start(tokens, index):
        _declare(reading, at, parameters, end, local=True)
        return
    start, stop, top = _scope(reading, index)
    directly = reading.opener[index]
    if top or reading.kinds.get(directly) == "function":
        _declare(reading, at, start, stop, local=not top, top=top)


def _arrow(reading: Reading, index: int) -> None:
    tokens = reading.tokens
    if index == 0:
        return
    body = index + 2
    if body < len(tokens) and tokens[body] == ("other", "{"):
        reading.kinds[body] = "function"
        end = reading.match[body]
    else:
        end = _expression_end(reading, index)
    head = index - 1
    if tokens[head] == ("other", ")"):
        _parameters(reading, reading.opened[head], end)
    elif _word(tokens, head) and previous_text(tokens, head) not in (".", ":", "#", "$"):
        _declare(reading, head, head, end, local=True)


def _expression_end(reading: Reading, index: int) -> int:
    """Where an arrow's expression body ends: a `,`, `;`, line break or `{` at its depth, or its group's end."""
    depth = reading.depth[index]
    for position in range(index + 2, len(reading.tokens)):
        if reading.depth[position] < depth:
            return position
        if reading.depth[position] == depth and reading.tokens[position][1] in (",", ";", "\n", "{"):
            return position
    return len(reading.tokens)


def _parameters(reading: Reading, opening: int, end: int) -> None:
    """Declare each plain parameter between the brackets at `opening` (`a`, `a = 1`, `a: T`, `a?: T`)."""
    tokens = reading.tokens
    depth = reading.depth[opening] + 1
    for index in range(opening + 1, reading.match[opening]):
        if reading.depth[index] == depth and _word(tokens, index) and tokens[index - 1][1] in ("(", ",") \
                and tokens[index + 1][1] in (",", ")", "=", ":", "?"):
            _declare(reading, index, opening, end, local=True, allows_colon=True)


def _variables(reading: Reading) -> None:
    tokens = reading.tokens
    for index, (kind, value) in enumerate(tokens):
        if kind != "word" or value not in ("let", "const", "var") or previous_text(tokens, index) == "." \
                or not _word(tokens, index + 1):
            continue
        opener = reading.opener[index]
        if opener >= 0 and tokens[opener][1] == "(":
            if previous_text(tokens, opener) != "for":
                continue
            if value == "var" and reading.kinds.get(reading.opener[opener]) != "function":
                continue  # a `var` of a loop belongs to the function (or the file) around it
            closing = reading.match[opener]
            after = closing + 1
            end = reading.match[after] if after < len(tokens) and tokens[after] == ("other", "{") else closing
            _declare(reading, index + 1, opener, end, local=True, allows_colon=True)
            continue
        start, end, top = _scope(reading, index)
        if value == "var" and not top and reading.kinds.get(opener) != "function":
            continue
        _declare(reading, index + 1, start, end, local=not top, top=top, allows_colon=True)


def _modules(reading: Reading, path: str) -> None:
    """The exports (`module.exports = {`, `export {`) and the modules read (`require`, `import`) at the top level."""
    tokens = reading.tokens
    texts = [value for _, value in tokens]
    reading.commonjs = _only(tokens, "module", after=".") and _only(tokens, "exports", after=".", before=".")
    trusted = _only(tokens, "require", after="(")
    for index, value in enumerate(texts):
        if value != "{" or reading.opener[index] != -1:
            continue
        exported = texts[max(0, index - 4):index] == ["module", ".", "exports", "="] \
            and previous_text(tokens, index - 4) != "." and reading.commonjs
        if exported or previous_text(tokens, index) == "export":
            reading.exports.add(index)
        elif previous_text(tokens, index) == "import":
            module = _source(path, texts[reading.match[index] + 1:reading.match[index] + 3], "from")
            if module:
                reading.imports[index] = module
        elif previous_text(tokens, index) in ("const", "let", "var"):
            module = _required(path, texts[reading.match[index] + 1:reading.match[index] + 7]) if trusted else ""
            if module:
                reading.imports[index] = module
    for index, value in enumerate(texts):
        if reading.opener[index] != -1 or not _word(tokens, index + 1):
            continue
        name = texts[index + 1]
        module = ""
        if value == "const" and texts[index + 2:index + 3] == ["="]:
            module = _required(path, texts[index + 2:index + 8]) if trusted else ""
        elif value == "as" and texts[index - 2:index] == ["import", "*"]:
            module = _source(path, texts[index + 2:index + 4], "from")
        if module and all(texts[i + 1:i + 2] == ["."] for i, text in enumerate(texts)
                          if text == name and tokens[i][0] == "word" and i != index + 1):
            reading.modules[name] = module
    for brace in reading.imports:
        for index in range(brace + 1, reading.match[brace]):
            if reading.opener[index] == brace and _word(tokens, index) and previous_text(tokens, index) in ("{", ",") \
                    and _after(tokens, index) in (",", "}"):
                _declare(reading, index, 0, len(tokens), local=False)


def _only(tokens: Sequence[Token], word: str, *, after: str, before: str = "") -> bool:
    """Whether every `word` of the file is followed by `after` (or preceded by `before`): never declared or
    assigned in the file, so it is the one CommonJS gives (`module`, `exports`, `require`)."""
    return all(tokens[index + 1:index + 2] == [("other", after)] or (before and previous_text(tokens, index) == before)
               for index, token in enumerate(tokens) if token == ("word", word))


def _after(tokens: Sequence[Token], index: int) -> str:
    """The text of the token after `index`, line breaks skipped."""
    index += 1
    while index < len(tokens) and tokens[index][0] == "newline":
        index += 1
    return tokens[index][1] if index < len(tokens) else ""


def _required(path: str, texts: list[str]) -> str:
    """The module of `= require('./m')` ending its statement (the texts after a binding), or ""."""
    if len(texts) >= 5 and texts[:3] == ["=", "require", "("] and texts[4] == ")" \
            and texts[5:6] in ([], [";"], ["\n"], [","]):
        return _resolved(path, texts[3])
    return ""


def _source(path: str, texts: list[str], keyword: str) -> str:
    if len(texts) == 2 and texts[0] == keyword:
        return _resolved(path, texts[1])
    return ""


def _resolved(path: str, literal: str) -> str:
    """The repository path of a relative module named by a string literal (`'./lib'` beside `path`), or ""."""
    if len(literal) < 2 or literal[0] not in "'\"" or literal[-1] != literal[0] or "\\" in literal:
        return ""
    spec = literal[1:-1]
    if not spec.startswith(("./", "../")):
        return ""
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))
    return "" if resolved.startswith("..") else resolved
