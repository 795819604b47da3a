"""What the tokens of a JavaScript or TypeScript file prove of a change to it: that it only renames names, and
which renames are local to functions (behaviour_neutral.py cuts the tokens; this reads them).

The two token streams (comments out, spaces out, runs of line breaks made one) must have the same shape and
differ only in word tokens, by ONE mapping applied to the whole file, one-to-one (a name kept in one place
and replaced in another, or two names becoming one, is no rename), the new name absent from the old file and
the old one from the new. Each renamed name must then be, in every place the old file says it:
- a **reference** (a variable read, written or spread: `...a`), never a property (after `.` or `?.`), a
  private field (`#x`), a key (right before `:`, but for `let x: T` and a parameter's type; at the start of
  a member of an object literal, an import or export list: `{ a }`, `{ a, b }`, `{ a = 1 }`, `{ a() {} }`;
  anywhere directly in a class body), nor next to a `$` (which JavaScript reads as part of a name);
- inside the scope of a declaration the old file makes of it: the block of a `let`, `const` or `class`, the
  loop of a `for (let ...)`, the body of the function a `var` or `function` declaration stands in directly,
  the parameters and body of a function's, arrow's or method's parameter (`function f(a)`, `(a) => {...}`,
  `a => a`, `add(a) {...}` where a member starts), the block of a `catch (e)`, the body of a named function
  or class expression, the whole file for a top-level one;
- no keyword or well-known global (`this`, `arguments`, `length`, `prototype`, `require`, `module`,
  `console`, ...), and spelled in no string or template of the file (it may be looked up by it);
- in a file that never says `eval` or `with` (they read variables by name), spells no name with an escape
  (`\u0061`) and nests no template in another (the tokenizer would read its text as code).
A function's or class's own name (`f.name`, a stack trace) is not counted as behaviour, as in Python.

A name all of whose declarations are inside functions or blocks is **local**: nothing more is needed. A
top-level one is **public**: the file `defines` it, and it is a rename only when settled across the change
(behaviour_neutral.settle): some changed file defines it, no file of the repository still says the old name,
and none but the files renaming to it says the new one (a module's export keys and its users' property
reads are one namespace). A public name may also be said:
- as a key of the top-level `module.exports = { ... }` object, of an `export { ... }` list, or after
  `exports.` or `module.exports.` (what the file exports; `exports.name = ...` defines it);
- as a property of a module (`lib.name`, `lib` a top-level `const lib = require('./lib')` or
  `import * as lib from './lib'`, said nowhere else but before a `.`), or a key of a top-level
  `import { name } from './lib'` or `const { name } = require('./lib')`: the module is recorded
  (`module_uses`, its path resolved from the file's folder) and must be a changed file that defines the name.
  `module`, `exports` and `require` count only when the file never declares or assigns them, and a
  `require(...)` only when it ends its statement (`require('./lib').part` is another object).
Anything else (JSX, a bracket that does not balance, a name in any other place) is not proven.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from orkeon_engine.domain.renames import Rename

Token = tuple[str, str]
"""(kind, text): kind is word, string, newline or other (a single character)."""

_KEYWORDS = frozenset({
    "abstract", "accessor", "any", "arguments", "as", "async", "await", "bigint", "boolean", "break", "case",
    "catch", "class", "const", "constructor", "continue", "debugger", "declare", "default", "delete", "do", "else",
    "enum", "eval", "export", "extends", "false", "finally", "for", "from", "function", "get", "global", "if",
    "implements", "import", "in", "infer", "instanceof", "interface", "is", "keyof", "let", "meta", "module",
    "namespace", "never", "new", "null", "number", "object", "of", "out", "override", "package", "private",
    "protected", "public", "readonly", "require", "return", "satisfies", "set", "static", "string", "super",
    "switch", "symbol", "target", "this", "throw", "true", "try", "type", "typeof", "undefined", "unique",
    "unknown", "var", "void", "while", "with", "yield"
})
_GLOBALS = frozenset({
    "Array", "ArrayBuffer", "BigInt", "Boolean", "Buffer", "DataView", "Date", "Error", "EvalError", "Function",
    "Infinity", "Intl", "JSON", "Map", "Math", "NaN", "Number", "Object", "Promise", "Proxy", "RangeError",
    "ReferenceError", "Reflect", "RegExp", "Set", "String", "Symbol", "SyntaxError", "TypeError", "URIError", "URL",
    "WeakMap", "WeakRef", "WeakSet", "__dirname", "__filename", "__proto__", "atob", "btoa", "clearInterval",
    "clearTimeout", "console", "constructor", "crypto", "document", "exports", "fetch", "globalThis",
    "hasOwnProperty", "isFinite", "isNaN", "length", "navigator", "parseFloat", "parseInt", "process", "prototype",
    "queueMicrotask", "self", "setImmediate", "setInterval", "setTimeout", "structuredClone", "then", "toJSON",
    "toString", "valueOf", "window"
})
_READS_BY_NAME = frozenset({"eval", "with"})
_OPENERS = {"(": ")", "[": "]", "{": "}"}
_BLOCK_AFTER = frozenset({")", "else", "try", "finally", "do", "catch"})
_MEMBER_MODIFIERS = frozenset({"get", "set", "async", "static", "readonly", "public", "private", "protected",
                               "abstract", "override", "declare", "accessor", "*"})
_KEY_AFTER = frozenset({"{", ",", ";", "}", "\n"}) | _MEMBER_MODIFIERS
_STATEMENT_START = frozenset({"{", "}", ";", "export", "default"})
_NAME = re.compile(r"[^\W\d]\w*")


@dataclass(frozen=True)
class JsChange:
    """What the tokens prove: `renames` (empty when nothing is, `unproven` then says why), the old names the
    file defines at its top level, and (module path, old name) for each name read from a module."""

    renames: tuple[Rename, ...] = ()
    defines: frozenset[str] = frozenset()
    module_uses: frozenset[tuple[str, str]] = frozenset()
    unproven: str = ""


@dataclass
class _Declaration:
    at: int
    start: int
    end: int
    local: bool
    top: bool = False
    allows_colon: bool = False


@dataclass
class _Reading:
    """The structure of the old file's tokens."""

    tokens: Sequence[Token]
    match: dict[int, int] = field(default_factory=dict)
    opened: dict[int, int] = field(default_factory=dict)
    depth: list[int] = field(default_factory=list)
    opener: list[int] = field(default_factory=list)
    """The innermost open bracket around each token (-1 at the top level)."""
    kinds: dict[int, str] = field(default_factory=dict)
    """Each `{`: block, function (a function's or arrow's body), class or object."""
    declarations: dict[str, list[_Declaration]] = field(default_factory=dict)
    exports: set[int] = field(default_factory=set)
    """The braces of `module.exports = {` and `export {`."""
    imports: dict[int, str] = field(default_factory=dict)
    """The braces of `import { } from 'm'` and `const { } = require('m')`, each to its module."""
    modules: dict[str, str] = field(default_factory=dict)
    """The names bound to a whole module (`const lib = require('m')`), each to its module."""
    commonjs: bool = False
    """Whether `module` and `exports` are CommonJS's own (never declared or assigned in the file)."""


def js_renames(path: str, old: Sequence[Token], new: Sequence[Token]) -> JsChange:
    """What can be proven of the change from `old` to `new`, the code tokens of the file at `path`."""
    old, new = list(old), list(new)
    if len(old) != len(new):
        return JsChange(unproven="its code changed, not only names")
    forward: dict[str, str] = {}
    backward: dict[str, str] = {}
    for (kind, before), (other, after) in zip(old, new, strict=True):
        if kind != other or (kind != "word" and before != after):
            return JsChange(unproven="its code changed, not only names")
        if kind == "word" and (forward.setdefault(before, after) != after
                               or backward.setdefault(after, before) != before):
            return JsChange(unproven=f"`{before}` is not replaced by one name throughout the file")
    changed = {before: after for before, after in forward.items() if before != after}
    if not changed:
        return JsChange(unproven="its code changed, not only names")
    words = {value for kind, value in old if kind == "word"} | {value for kind, value in new if kind == "word"}
    if words & _READS_BY_NAME:
        return JsChange(unproven="it says `eval` or `with`, which read variables by name")
    if ("other", "\\") in old or any(kind == "string" and value.startswith("`")
                                      and value.count("{") != value.count("}") for kind, value in old):
        return JsChange(unproven="a name is spelled with an escape, or a template nests another")
    reading = _read(path, old)
    if reading is None:
        return JsChange(unproven="its brackets cannot be read (they do not balance, or it holds JSX)")
    renames, defines, uses = [], set(), set()
    for before, after in sorted(changed.items()):
        why = _unproven_name(before, after, old, new)
        if why:
            return JsChange(unproven=why)
        found = _placed(reading, before)
        if isinstance(found, str):
            return JsChange(unproven=found)
        local, top, modules = found
        defines |= {before} if top else set()
        uses |= {(module, before) for module in modules}
        renames.append(Rename(before, after, local))
    return JsChange(renames=tuple(renames), defines=frozenset(defines), module_uses=frozenset(uses))


def _unproven_name(before: str, after: str, old: Sequence[Token], new: Sequence[Token]) -> str:
    for name in (before, after):
        if not _NAME.fullmatch(name):
            return f"`{name}` is not a name"
        if name in _KEYWORDS or name in _GLOBALS:
            return f"`{name}` has a meaning of its own in JavaScript"
    word = re.compile(rf"(?<![\w$]){re.escape(before)}(?![\w$])")
    fresh = re.compile(rf"(?<![\w$]){re.escape(after)}(?![\w$])")
    if any(word.search(value) for value in _strings(old)) or any(fresh.search(value) for value in _strings(new)):
        return f"`{before}` or `{after}` is spelled in a string of the file, which may look it up by name"
    if any(kind == "word" and value == after for kind, value in old):
        return f"`{after}` is already said in the file"
    return ""


def _strings(tokens: Sequence[Token]) -> list[str]:
    """The strings and templates of the file but the paths of the modules it imports (`from './a'`,
    `require('./a')`, `import('./a')`), which name files, not variables."""
    return [value for index, (kind, value) in enumerate(tokens) if kind == "string"
            and _before(tokens, index) != "from"
            and not (_before(tokens, index) == "(" and _before(tokens, index - 1) in ("require", "import"))]


def _placed(reading: _Reading, name: str) -> tuple[bool, bool, set[str]] | str:
    """(local, defined at the top level, modules it is read from) for `name`, or why it is not proven."""
    tokens = reading.tokens
    declarations = reading.declarations.get(name, [])
    declared_at = {declaration.at: declaration for declaration in declarations}
    modules: set[str] = set()
    public = defined = False
    for index, (kind, value) in enumerate(tokens):
        if kind != "word" or value != name:
            continue
        previous = tokens[index - 1][1] if index else ""
        following = tokens[index + 1][1] if index + 1 < len(tokens) else ""
        if "$" in (previous, following) or previous == "#":
            return f"`{name}` is part of a longer name (`$` or `#`)"
        place = _place(reading, index, declared_at.get(index))
        if place == "export":
            public = True
            assigned = following == "=" and tokens[index + 2:index + 3] not in ([("other", "=")], [("other", ">")])
            defined = defined or (assigned and _before(tokens, index) == ".")  # `exports.name = ...`
            continue
        if place.startswith("module:"):
            modules.add(place.removeprefix("module:"))
            public = True
            continue
        if place != "reference":
            return f"`{name}` is renamed in {place} position, which may name code outside the file"
        if index not in declared_at and not any(d.start <= index < d.end for d in declarations):
            return f"`{name}` is said where no declaration of the file reaches"
    local = all(declaration.local for declaration in declarations) and not public and bool(declarations)
    top = defined or any(declaration.top for declaration in declarations)
    return local, top, modules


def _place(reading: _Reading, index: int, declaration: _Declaration | None) -> str:
    """reference, export, module:<path>, or the position that is not proven (property, key)."""
    tokens = reading.tokens
    previous = _before(tokens, index)
    following = tokens[index + 1][1] if index + 1 < len(tokens) else ""
    brace = reading.opener[index]
    if previous == "." and tokens[index - 3:index] != [("other", ".")] * 3:
        return _property(reading, index)
    if brace in reading.imports and previous in ("{", ","):
        return "module:" + reading.imports[brace]
    if brace in reading.exports and previous in ("{", ","):
        return "export"
    if following == ":" and not (declaration and declaration.allows_colon):
        return "key"
    if brace >= 0 and (reading.kinds.get(brace) == "class"
                       or (reading.kinds.get(brace) == "object" and tokens[index - 1][1] in _KEY_AFTER)):
        return "key"  # in a class body, anything but a nested bracket's content names a member or modifies it
    return "reference"


def _property(reading: _Reading, index: int) -> str:
    tokens = reading.tokens
    owner = index - 2
    while owner >= 0 and tokens[owner][0] == "newline":
        owner -= 1
    word = tokens[owner][1] if owner >= 0 and tokens[owner][0] == "word" else ""
    before_owner = _before(tokens, owner) if owner > 0 else ""
    if word == "exports" and before_owner != "." and reading.opener[owner] == -1 and reading.commonjs:
        return "export"
    if word == "exports" and before_owner == "." and owner >= 2 and tokens[owner - 2] == ("word", "module") \
            and reading.opener[owner] == -1 and reading.commonjs:
        return "export"
    if word in reading.modules and before_owner != ".":
        return "module:" + reading.modules[word]
    return "property"


def _before(tokens: Sequence[Token], index: int) -> str:
    """The text of the token before `index`, line breaks skipped."""
    index -= 1
    while index >= 0 and tokens[index][0] == "newline":
        index -= 1
    return tokens[index][1] if index >= 0 else ""


def _read(path: str, tokens: Sequence[Token]) -> _Reading | None:
    reading = _Reading(tokens)
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
    previous = _before(tokens, index)
    if previous == ">" and index >= 2 and _before(tokens, index - 1) == "=":
        return "function"
    return "block" if previous in _BLOCK_AFTER else "object"


def _declare(reading: _Reading, at: int, start: int, end: int, *, local: bool, top: bool = False,
             allows_colon: bool = False) -> None:
    name = reading.tokens[at][1]
    reading.declarations.setdefault(name, []).append(_Declaration(at, start, end, local, top, allows_colon))


def _word(tokens: Sequence[Token], index: int) -> bool:
    return 0 <= index < len(tokens) and tokens[index][0] == "word" and tokens[index][1] not in _KEYWORDS


def _body(reading: _Reading, start: int) -> int:
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
    previous = _before(tokens, index)
    if previous in _STATEMENT_START or previous == "":
        return True
    if index == 0 or tokens[index - 1][0] != "newline":
        return False
    last = index - 1
    while tokens[last][0] == "newline":
        last -= 1
    kind, value = tokens[last]
    return kind == "string" or value == "]" or (kind == "word" and value not in _KEYWORDS)


def _scope(reading: _Reading, index: int) -> tuple[int, int, bool]:
    """(start, end, top) of the block `index` stands in directly: its braces, or the whole file."""
    brace = reading.opener[index]
    if brace < 0:
        return 0, len(reading.tokens), True
    return brace, reading.match[brace], False


def _classes(reading: _Reading) -> None:
    tokens = reading.tokens
    for index, token in enumerate(tokens):
        if token != ("word", "class") or _before(tokens, index) == ".":
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


def _functions(reading: _Reading) -> None:
    tokens = reading.tokens
    for index, token in enumerate(tokens):
        if token == ("word", "function") and _before(tokens, index) != ".":
            _function(reading, index)
        elif token == ("other", "=") and index + 1 < len(tokens) and tokens[index + 1] == ("other", ">"):
            _arrow(reading, index)
        elif token == ("other", "(") and reading.kinds.get(reading.opener[index]) in ("class", "object") \
                and index > 1 and tokens[index - 1][0] == "word" and tokens[index - 2][1] in _KEY_AFTER:
            _method(reading, index)
        elif token == ("word", "catch") and tokens[index + 1:index + 2] == [("other", "(")]:
            _catch(reading, index + 1)


def _method(reading: _Reading, parameters: int) -> None:
    """A method of a class or object literal (`name(a, b) {` where a member starts, directly in its braces):
    its parameters."""
    body = _body(reading, reading.match[parameters])
    if body >= 0:
        reading.kinds[body] = "function"
        _parameters(reading, parameters, reading.match[body])


def _catch(reading: _Reading, parameter: int) -> None:
    """`catch (e) {`: `e` is declared for the block."""
    tokens = reading.tokens
    closing = reading.match[parameter]
    if closing == parameter + 2 and _word(tokens, parameter + 1) and tokens[closing + 1:closing + 2] == [
            ("other", "{")]:
        _declare(reading, parameter + 1, parameter, reading.match[closing + 1], local=True)


def _function(reading: _Reading, index: int) -> None:
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


def _arrow(reading: _Reading, index: int) -> None:
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
    elif _word(tokens, head) and _before(tokens, head) not in (".", ":", "#", "$"):
        _declare(reading, head, head, end, local=True)


def _expression_end(reading: _Reading, index: int) -> int:
    """Where an arrow's expression body ends: a `,`, `;`, line break or `{` at its depth, or its group's end."""
    depth = reading.depth[index]
    for position in range(index + 2, len(reading.tokens)):
        if reading.depth[position] < depth:
            return position
        if reading.depth[position] == depth and reading.tokens[position][1] in (",", ";", "\n", "{"):
            return position
    return len(reading.tokens)


def _parameters(reading: _Reading, opening: int, end: int) -> None:
    """Declare each plain parameter between the brackets at `opening` (`a`, `a = 1`, `a: T`, `a?: T`)."""
    tokens = reading.tokens
    depth = reading.depth[opening] + 1
    for index in range(opening + 1, reading.match[opening]):
        if reading.depth[index] == depth and _word(tokens, index) and tokens[index - 1][1] in ("(", ",") \
                and tokens[index + 1][1] in (",", ")", "=", ":", "?"):
            _declare(reading, index, opening, end, local=True, allows_colon=True)


def _variables(reading: _Reading) -> None:
    tokens = reading.tokens
    for index, (kind, value) in enumerate(tokens):
        if kind != "word" or value not in ("let", "const", "var") or _before(tokens, index) == "." \
                or not _word(tokens, index + 1):
            continue
        opener = reading.opener[index]
        if opener >= 0 and tokens[opener][1] == "(":
            if _before(tokens, opener) != "for":
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


def _modules(reading: _Reading, path: str) -> None:
    """The exports (`module.exports = {`, `export {`) and the modules read (`require`, `import`) at the top level."""
    tokens = reading.tokens
    texts = [value for _, value in tokens]
    reading.commonjs = _only(tokens, "module", after=".") and _only(tokens, "exports", after=".", before=".")
    trusted = _only(tokens, "require", after="(")
    for index, value in enumerate(texts):
        if value != "{" or reading.opener[index] != -1:
            continue
        exported = texts[max(0, index - 4):index] == ["module", ".", "exports", "="] \
            and _before(tokens, index - 4) != "." and reading.commonjs
        if exported or _before(tokens, index) == "export":
            reading.exports.add(index)
        elif _before(tokens, index) == "import":
            module = _source(path, texts[reading.match[index] + 1:reading.match[index] + 3], "from")
            if module:
                reading.imports[index] = module
        elif _before(tokens, index) in ("const", "let", "var"):
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
            if reading.opener[index] == brace and _word(tokens, index) and _before(tokens, index) in ("{", ",") \
                    and _after(tokens, index) in (",", "}"):
                _declare(reading, index, 0, len(tokens), local=False)


def _only(tokens: Sequence[Token], word: str, *, after: str, before: str = "") -> bool:
    """Whether every `word` of the file is followed by `after` (or preceded by `before`): never declared or
    assigned in the file, so it is the one CommonJS gives (`module`, `exports`, `require`)."""
    return all(tokens[index + 1:index + 2] == [("other", after)] or (before and _before(tokens, index) == before)
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
