"""What the tokens of a JavaScript or TypeScript file prove of a change to it: that it only renames names, and
which renames are local to functions (behaviour_neutral.py cuts the tokens; js_reading.py finds the
brackets, scopes, exports and modules; this decides).

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

import re
from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.review.js_reading import (
    KEY_AFTER,
    KEYWORDS,
    Declaration,
    Reading,
    Token,
    previous_text,
    read_tokens,
)
from orkeon_engine.domain.review.renames import Rename

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
_NAME = re.compile(r"[^\W\d]\w*")


@dataclass(frozen=True)
class JsChange:
    """What the tokens prove: `renames` (empty when nothing is, `unproven` then says why), the old names the
    file defines at its top level, and (module path, old name) for each name read from a module."""

    renames: tuple[Rename, ...] = ()
    defines: frozenset[str] = frozenset()
    module_uses: frozenset[tuple[str, str]] = frozenset()
    unproven: str = ""


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
    reading = read_tokens(path, old)
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
        if name in KEYWORDS or name in _GLOBALS:
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
            and previous_text(tokens, index) != "from"
            and not (previous_text(tokens, index) == "(" and previous_text(tokens, index - 1) in ("require", "import"))]


def _placed(reading: Reading, name: str) -> tuple[bool, bool, set[str]] | str:
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
            defined = defined or (assigned and previous_text(tokens, index) == ".")  # `exports.name = ...`
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


def _place(reading: Reading, index: int, declaration: Declaration | None) -> str:
    """reference, export, module:<path>, or the position that is not proven (property, key)."""
    tokens = reading.tokens
    previous = previous_text(tokens, index)
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
                       or (reading.kinds.get(brace) == "object" and tokens[index - 1][1] in KEY_AFTER)):
        return "key"  # in a class body, anything but a nested bracket's content names a member or modifies it
    return "reference"


def _property(reading: Reading, index: int) -> str:
    tokens = reading.tokens
    owner = index - 2
    while owner >= 0 and tokens[owner][0] == "newline":
        owner -= 1
    word = tokens[owner][1] if owner >= 0 and tokens[owner][0] == "word" else ""
    before_owner = previous_text(tokens, owner) if owner > 0 else ""
    if word == "exports" and before_owner != "." and reading.opener[owner] == -1 and reading.commonjs:
        return "export"
    if word == "exports" and before_owner == "." and owner >= 2 and tokens[owner - 2] == ("word", "module") \
            and reading.opener[owner] == -1 and reading.commonjs:
        return "export"
    if word in reading.modules and before_owner != ".":
        return "module:" + reading.modules[word]
    return "property"
