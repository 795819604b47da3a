"""What Python's own parser proves about a change to one .py file: that it only touches docs or layout, or that
it only renames names, and which renames are local to functions.

- **docs or layout**: the two files parse to the same syntax tree once the docstrings are taken out (comments,
  blank lines, line breaks, quotes and brackets are not in the tree); a changed encoding cookie is not.
- **renames**: the two trees (docstrings out) have the same shape, the same literals and operators, and differ
  only in identifiers, by one mapping applied to the WHOLE file, one-to-one: a name kept as it was in one
  place and replaced in another, or two names becoming one, is no rename (`f(a, b)` -> `f(b, a)` with `a`
  and `b` used elsewhere unchanged is a swap of arguments, a bug). Each renamed name is then placed:
  - *local*: every occurrence is a variable of a function body (`symtable`: local, not a parameter, never
    global), in a file that never reads variables by name (`locals()`, `vars()`, `eval`, `exec`, a frame);
  - *public*: a module or class name, a parameter, an imported name. It is a rename only when some changed
    file of the change defines it (`defines`), and the caller checks that nothing in the repository still
    says the old name (behaviour_neutral.settle).
  A name read as an attribute of an imported module (`channels.prepare`) is public too, and the module must
  be a changed file that defines it. Any other attribute (`x.name`) or a keyword argument (`f(name=...)`)
  may belong to code outside the repository, a builtin or a dunder name has a meaning of its own, and a
  public name spelled in a string of the file may be looked up by it (`getattr`, `__all__`): such a rename
  is not proven.

Nothing is run or imported: `ast.parse` and `symtable` only read the text. A file that does not parse, or
anything not understood, is not proven neutral.
"""

from __future__ import annotations

import ast
import builtins
import copy
import re
import symtable
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from orkeon_engine.domain.review.renames import Rename

Position = Literal["name", "definition", "parameter", "attribute", "keyword", "import", "alias", "declaration"]

_IDENTIFIER_FIELDS: dict[type[ast.AST], dict[str, Position]] = {
    ast.Name: {"id": "name"},
    ast.FunctionDef: {"name": "definition"},
    ast.AsyncFunctionDef: {"name": "definition"},
    ast.ClassDef: {"name": "definition"},
    ast.arg: {"arg": "parameter"},
    ast.Attribute: {"attr": "attribute"},
    ast.keyword: {"arg": "keyword"},
    ast.alias: {"name": "import", "asname": "alias"},
    ast.Global: {"names": "declaration"},
    ast.Nonlocal: {"names": "declaration"},
    ast.ExceptHandler: {"name": "name"},
    ast.MatchAs: {"name": "name"},
    ast.MatchStar: {"name": "name"},
    ast.MatchMapping: {"rest": "name"},
}
_UNPROVEN_POSITIONS: frozenset[Position] = frozenset({"attribute", "keyword"})
_BUILTINS = frozenset(dir(builtins))
_LOCALS_BY_NAME = frozenset({"locals", "vars", "eval", "exec", "_getframe", "currentframe", "f_locals"})
_CODING = re.compile(r"^[ \t\f]*#.*?coding[:=]", re.MULTILINE)


@dataclass(frozen=True)
class PythonChange:
    """What the parser proves: `layout` (same tree but for docstrings: `docs` says they or comments changed),
    or `renames` (empty and `layout` False when nothing is proven), and why not, when it is not."""

    layout: bool = False
    docs: bool = False
    renames: tuple[Rename, ...] = ()
    defines: frozenset[str] = frozenset()
    """Old names this file defines (a def, a class, a module or class variable, a parameter, an `as` name)."""
    module_uses: frozenset[tuple[str, str]] = frozenset()
    """(module, old name) for each renamed name read as an attribute of an imported module (`channels.prepare`):
    a changed file that is that module must define the name."""
    unproven: str = ""

    @property
    def proven(self) -> bool:
        return self.layout or bool(self.renames)


def python_change(old: str, new: str) -> PythonChange:
    """What can be proven of the change from `old` to `new` (both whole .py files)."""
    trees = _parse(old), _parse(new)
    if trees[0] is None or trees[1] is None:
        return PythonChange(unproven="one side does not parse as Python")
    bare = _without_docstrings(trees[0]), _without_docstrings(trees[1])
    if _coding(old) != _coding(new):
        return PythonChange(unproven="its encoding declaration changed")
    if ast.dump(bare[0]) == ast.dump(bare[1]):
        docs = ast.dump(trees[0]) != ast.dump(trees[1]) or _comments(old) != _comments(new)
        return PythonChange(layout=True, docs=docs)
    pairs: list[tuple[str, str, Position]] = []
    if not _align(bare[0], bare[1], pairs):
        return PythonChange(unproven="its code changed, not only names")
    return _renames(old, new, bare[0], pairs)


def _renames(old: str, new: str, old_tree: ast.AST, pairs: list[tuple[str, str, Position]]) -> PythonChange:
    forward: dict[str, str] = {}
    backward: dict[str, str] = {}
    positions: dict[str, set[Position]] = {}
    for before, after, position in pairs:
        if forward.setdefault(before, after) != after or backward.setdefault(after, before) != before:
            return PythonChange(unproven=f"`{before}` is not replaced by one name throughout the file")
        positions.setdefault(before, set()).add(position)
    changed = {before: after for before, after in forward.items() if before != after}
    if not changed:
        return PythonChange(unproven="its code changed, not only names")
    old_scopes, new_scopes = _scopes(old), _scopes(new)
    if old_scopes is None or new_scopes is None:
        return PythonChange(unproven="its scopes cannot be read")
    old_strings, new_strings = _strings(old_tree), _strings(_parse(new) or ast.Module(body=[], type_ignores=[]))
    renames = []
    modules = _module_aliases(old_tree, old_scopes)
    uses: set[tuple[str, str]] = set()
    for before, after in sorted(changed.items()):
        owners = _owners(old_tree, before, modules) if "attribute" in positions[before] else set()
        why = _unproven_name(before, after, positions[before] - ({"attribute"} if owners else set()))
        if why:
            return PythonChange(unproven=why)
        uses |= {(module, before) for module in owners}
        local = _only_local(before, old_scopes) and _only_local(after, new_scopes)
        if local and _looks_up_locals(old_tree):
            return PythonChange(unproven=f"`{before}` is a local of a file that reads its locals by name "
                                         "(locals(), vars(), eval, exec or a frame)")
        if not local and (_said_in(before, old_strings) or _said_in(after, new_strings)):
            return PythonChange(unproven=f"`{before}` or `{after}` is spelled in a string of the file, which "
                                         "may look it up by name")
        renames.append(Rename(before, after, local))
    return PythonChange(renames=tuple(renames), defines=_defined(old_tree, old_scopes, set(changed)),
                        module_uses=frozenset(uses))


def _unproven_name(before: str, after: str, positions: set[Position]) -> str:
    for name in (before, after):
        if name in _BUILTINS or (name.startswith("__") and name.endswith("__")):
            return f"`{name}` has a meaning of its own in Python"
    outside = positions & _UNPROVEN_POSITIONS
    if outside:
        return f"`{before}` is renamed in {' and '.join(sorted(outside))} position, which may name code " \
               "outside the repository"
    return ""


def _module_aliases(tree: ast.AST, scopes: list[symtable.SymbolTable]) -> dict[str, str]:
    """The names the module binds to imported modules only (`import a.b as x`, `from a import b`), each to
    its dotted path (a relative import's dots kept), when no scope assigns them or makes them local."""
    aliases: dict[str, str] = {}
    for node in getattr(tree, "body", []):
        if isinstance(node, ast.Import):
            aliases |= {alias.asname or alias.name: alias.name for alias in node.names
                        if alias.asname or "." not in alias.name}
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            aliases |= {alias.asname or alias.name: f"{base}.{alias.name}".lstrip(".") if node.level == 0
                        else f"{base}.{alias.name}" for alias in node.names if alias.name != "*"}
    return {name: module for name, module in aliases.items() if _only_imported(name, scopes)}


def _only_imported(name: str, scopes: list[symtable.SymbolTable]) -> bool:
    for table in scopes:
        if name not in table.get_identifiers():
            continue
        symbol = table.lookup(name)
        if symbol.is_assigned() or symbol.is_parameter() or (table.get_type() != "module" and symbol.is_local()):
            return False
    return True


def _owners(tree: ast.AST, name: str, modules: dict[str, str]) -> set[str]:
    """The modules `name` is read from as an attribute (`channels.prepare`); empty when any attribute
    `name` belongs to something else than an imported module."""
    owners = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == name:
            if not isinstance(node.value, ast.Name) or node.value.id not in modules:
                return set()
            owners.add(modules[node.value.id])
    return owners


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _coding(text: str) -> tuple[str, ...]:
    """The encoding declaration lines (PEP 263: a comment in the first two lines naming a coding)."""
    return tuple(line.strip() for line in text.splitlines()[:2] if _CODING.match(line))


def _comments(text: str) -> tuple[str, ...]:
    """The comment texts, roughly (a `#` in a string counts too): only used to tell docs from layout."""
    return tuple(line.split("#", 1)[1].strip() for line in text.splitlines() if "#" in line)


def _without_docstrings(tree: ast.Module) -> ast.Module:
    """A copy of the tree with each module, class and function docstring taken out (a body left empty gets
    `pass`, which is what an empty docstring-only body does)."""
    copied = copy.deepcopy(tree)
    for node in ast.walk(copied):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return copied


def _align(a: object, b: object, pairs: list[tuple[str, str, Position]]) -> bool:
    """Whether `a` and `b` are the same tree but for identifiers, whose pairs are appended to `pairs`."""
    if type(a) is not type(b):
        return False
    if isinstance(a, ast.AST):
        names = _IDENTIFIER_FIELDS.get(type(a), {})
        for field in a._fields:
            left, right = getattr(a, field, None), getattr(b, field, None)
            position = names.get(field)
            if position is None:
                if not _align(left, right, pairs):
                    return False
            elif not _pair(left, right, position, pairs):
                return False
        return True
    if isinstance(a, list):
        assert isinstance(b, list)
        return len(a) == len(b) and all(_align(x, y, pairs) for x, y in zip(a, b, strict=True))
    return a == b and repr(a) == repr(b)


def _pair(left: object, right: object, position: Position, pairs: list[tuple[str, str, Position]]) -> bool:
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(_pair(x, y, position, pairs) for x, y in zip(left, right, strict=True))
    if left is None or right is None:
        return left is right
    if not isinstance(left, str) or not isinstance(right, str):
        return False
    if position == "import" and ("." in left or "." in right) and left != right:
        return False  # a module path, not a name
    pairs.append((left, right, position))
    return True


def _scopes(text: str) -> list[symtable.SymbolTable] | None:
    try:
        top = symtable.symtable(text, "<change>", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return list(_tables(top))


def _tables(table: symtable.SymbolTable) -> Iterator[symtable.SymbolTable]:
    yield table
    for child in table.get_children():
        yield from _tables(child)


def _only_local(name: str, scopes: list[symtable.SymbolTable]) -> bool:
    """Whether every scope that knows `name` is a function in which it is a plain local variable (or a
    closure over one), never a parameter, a global or a module or class name."""
    for table in scopes:
        if name not in table.get_identifiers():
            continue
        symbol = table.lookup(name)
        if table.get_type() != "function" or symbol.is_parameter() or symbol.is_global() \
                or symbol.is_declared_global() or symbol.is_imported():
            return False
        if not (symbol.is_local() or symbol.is_free()):
            return False
    return True


def _strings(tree: ast.AST) -> tuple[str, ...]:
    return tuple(node.value for node in ast.walk(tree)
                 if isinstance(node, ast.Constant) and isinstance(node.value, str))


def _looks_up_locals(tree: ast.AST) -> bool:
    """Whether the file may read a function's variables by their names (a string names one then)."""
    return any((isinstance(node, ast.Name) and node.id in _LOCALS_BY_NAME)
               or (isinstance(node, ast.Attribute) and node.attr in _LOCALS_BY_NAME) for node in ast.walk(tree))


def _said_in(name: str, strings: tuple[str, ...]) -> bool:
    word = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    return any(word.search(text) for text in strings)


def _defined(tree: ast.AST, scopes: list[symtable.SymbolTable], names: set[str]) -> frozenset[str]:
    """The names among `names` the file defines: a def or class, a parameter, an `as` name, or a variable
    assigned in the module or a class."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name in names:
            found.add(node.name)
        elif isinstance(node, ast.arg) and node.arg in names:
            found.add(node.arg)
        elif isinstance(node, ast.alias) and node.asname in names:
            found.add(node.asname)
    for table in scopes:
        if table.get_type() in ("module", "class"):
            found |= {name for name in names
                      if name in table.get_identifiers() and table.lookup(name).is_assigned()
                      and not table.lookup(name).is_imported()}
    return frozenset(found)
