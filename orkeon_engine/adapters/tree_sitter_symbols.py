"""Symbols and imports of one source file, read with tree-sitter: the grammar chosen by the language, one
query per language run in C, and a single pass in Python that names each definition under its enclosing
one. The grammars load on first use, never at start-up. A change to what is extracted raises
EXTRACTOR_VERSION (adapters/code_index_cache.py), so the caches written before it are rebuilt."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from orkeon_engine.adapters.code_index_cache import content_hash
from orkeon_engine.domain.code_index.model import FileEntry, ImportRef, Symbol, SymbolKind
from orkeon_engine.domain.code_index.modules import module_name

if TYPE_CHECKING:
    from tree_sitter import Language, Node, Parser, Query, Tree

_CONTAINER_KINDS: frozenset[str] = frozenset({"class", "interface", "struct", "enum", "trait", "impl"})

_PYTHON_STATEMENTS: frozenset[str] = frozenset({
    "block", "if_statement", "elif_clause", "else_clause", "try_statement", "except_clause",
    "except_group_clause", "finally_clause", "with_statement", "for_statement", "while_statement",
    "match_statement", "case_clause", "ERROR",
})
"""The Python statements whose bodies may hold definitions or imports (walked into; expressions never
are), and the error nodes a syntax error wraps around code that still parses inside."""

_JS_COMMON = """
(class_declaration name: (_) @name) @def.class
(function_declaration name: (_) @name) @def.function
(generator_function_declaration name: (_) @name) @def.function
(method_definition name: (_) @name) @def.method
(program (lexical_declaration (variable_declarator name: (identifier) @name) @def.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name) @def.variable))
(program (export_statement
  declaration: (lexical_declaration (variable_declarator name: (identifier) @name) @def.variable)))
(program (export_statement
  declaration: (variable_declaration (variable_declarator name: (identifier) @name) @def.variable)))
(import_statement source: (string) @import.source)
(export_statement source: (string) @import.source)
(call_expression function: (identifier) @_require arguments: (arguments . (string) @import.source)
  (#eq? @_require "require"))
"""

_TYPESCRIPT = _JS_COMMON + """
(abstract_class_declaration name: (_) @name) @def.class
(interface_declaration name: (_) @name) @def.interface
(type_alias_declaration name: (_) @name) @def.type
(enum_declaration name: (_) @name) @def.enum
(abstract_method_signature name: (_) @name) @def.method
(method_signature name: (_) @name) @def.method
(internal_module name: (_) @name) @def.module
"""

_GO = """
(package_clause (package_identifier) @package)
(function_declaration name: (identifier) @name) @def.function
(method_declaration receiver: (parameter_list) @receiver name: (field_identifier) @name) @def.method
(type_spec name: (type_identifier) @name type: (_) @type) @def.type
(type_alias name: (type_identifier) @name) @def.type
(source_file (const_declaration (const_spec name: (identifier) @name) @def.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @def.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @def.variable)))
(import_spec path: (_) @import.source)
"""

_RUST = """
(function_item name: (identifier) @name) @def.function
(function_signature_item name: (identifier) @name) @def.function
(struct_item name: (type_identifier) @name) @def.struct
(union_item name: (type_identifier) @name) @def.struct
(enum_item name: (type_identifier) @name) @def.enum
(trait_item name: (type_identifier) @name) @def.trait
(impl_item type: (_) @name) @def.impl
(mod_item name: (identifier) @name) @def.module
(const_item name: (identifier) @name) @def.constant
(static_item name: (identifier) @name) @def.constant
(type_item name: (type_identifier) @name) @def.type
(use_declaration argument: (_) @import.rust)
(mod_item name: (identifier) @import.mod !body)
"""

_JAVA = """
(package_declaration (_) @package)
(class_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(record_declaration name: (identifier) @name) @def.class
(annotation_type_declaration name: (identifier) @name) @def.interface
(method_declaration name: (identifier) @name) @def.method
(constructor_declaration name: (identifier) @name) @def.method
(import_declaration) @import.java
"""


def _load_python() -> object:
    import tree_sitter_python

    return tree_sitter_python.language()


def _load_javascript() -> object:
    import tree_sitter_javascript

    return tree_sitter_javascript.language()


def _load_typescript() -> object:
    import tree_sitter_typescript

    return tree_sitter_typescript.language_typescript()


def _load_tsx() -> object:
    import tree_sitter_typescript

    return tree_sitter_typescript.language_tsx()


def _load_go() -> object:
    import tree_sitter_go

    return tree_sitter_go.language()


def _load_rust() -> object:
    import tree_sitter_rust

    return tree_sitter_rust.language()


def _load_java() -> object:
    import tree_sitter_java

    return tree_sitter_java.language()


_GRAMMARS: dict[str, tuple[Callable[[], object], str]] = {
    "python": (_load_python, ""),
    "javascript": (_load_javascript, _JS_COMMON),
    "typescript": (_load_typescript, _TYPESCRIPT),
    "tsx": (_load_tsx, _TYPESCRIPT),
    "go": (_load_go, _GO),
    "rust": (_load_rust, _RUST),
    "java": (_load_java, _JAVA),
}


class _Grammar:
    """A language's grammar and queries, shared by every thread, and a parser per thread (a tree-sitter
    parser must not be used by two threads at once)."""

    def __init__(self, language: Language, query: Query | None, errors: Query) -> None:
        self.language = language
        self.query = query
        """None for Python, read by a walk over its statements instead (a fraction of a query's cost)."""
        self.errors = errors
        self._local = threading.local()

    @property
    def parser(self) -> Parser:
        parser: Parser | None = getattr(self._local, "parser", None)
        if parser is None:
            from tree_sitter import Parser

            parser = self._local.parser = Parser(self.language)
        return parser


_LOADED: dict[str, _Grammar] = {}
_LOADING = threading.Lock()


def supported_languages() -> tuple[str, ...]:
    return tuple(_GRAMMARS)


def grammar(language: str) -> _Grammar:
    """The grammar and queries of a language, built on first use (KeyError for an unknown language)."""
    loaded = _LOADED.get(language)
    if loaded is None:
        with _LOADING:
            loaded = _LOADED.get(language)
            if loaded is None:
                from tree_sitter import Language, Query

                load, source = _GRAMMARS[language]
                lang = Language(load())
                query = Query(lang, source) if source else None
                loaded = _Grammar(lang, query, Query(lang, "(ERROR) @error (MISSING) @missing"))
                _LOADED[language] = loaded
    return loaded


def parse_tree(language: str, data: bytes) -> Any:
    """The raw tree-sitter parse of `data` (what the benchmark compares the index against)."""
    return grammar(language).parser.parse(data)


def count_lines(data: bytes) -> int:
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


@dataclass
class _Definition:
    name: str
    kind: SymbolKind
    start_byte: int
    end_byte: int
    start_line: int
    end_line: int
    owner: str = ""
    """A Go method's receiver type: its parent, whatever encloses it."""


def extract_file(path: str, language: str, data: bytes) -> FileEntry:
    """Parse one file's bytes into its FileEntry: symbols in source order, imports, syntax error lines."""
    return extract_tree(path, language, data, grammar(language).parser.parse(data))


def reparse(language: str, data: bytes, previous: tuple[bytes, Tree] | None) -> Tree:
    """Parse `data`, reusing the tree of the file's previous text when there is one: tree-sitter then
    reparses only around the one span where the two texts differ."""
    parser = grammar(language).parser
    if previous is None:
        return parser.parse(data)
    old, kept = previous
    tree = kept.copy()
    start, old_end, new_end = changed_span(old, data)
    tree.edit(start, old_end, new_end, _point(old, start), _point(old, old_end), _point(data, new_end))
    return parser.parse(data, tree)


def changed_span(old: bytes, new: bytes) -> tuple[int, int, int]:
    """(start, old end, new end) of the one span that turns `old` into `new`: the text outside it is the
    common prefix and suffix (found by bisection, each comparison a memcmp)."""
    shortest = min(len(old), len(new))
    low, high = 0, shortest
    while low < high:
        middle = (low + high + 1) // 2
        if old[:middle] == new[:middle]:
            low = middle
        else:
            high = middle - 1
    prefix = low
    low, high = 0, shortest - prefix
    while low < high:
        middle = (low + high + 1) // 2
        if old[len(old) - middle:] == new[len(new) - middle:]:
            low = middle
        else:
            high = middle - 1
    return prefix, len(old) - low, len(new) - low


def _point(data: bytes, offset: int) -> tuple[int, int]:
    return data.count(b"\n", 0, offset), offset - (data.rfind(b"\n", 0, offset) + 1)


def extract_tree(path: str, language: str, data: bytes, tree: Tree) -> FileEntry:
    """The FileEntry of `data` from its parse tree."""
    from tree_sitter import QueryCursor

    loaded = grammar(language)
    root = tree.root_node
    definitions: list[_Definition] = []
    imports: list[ImportRef] = []
    package = ""
    if loaded.query is None:
        _walk_python(root, definitions, imports)
    for _, captures in QueryCursor(loaded.query).matches(root) if loaded.query is not None else ():
        defined = next((key for key in captures if key.startswith("def.")), None)
        if defined is not None:
            definition = _definition(language, defined[4:], captures)
            if definition is not None:
                definitions.append(definition)
            continue
        if "package" in captures:
            package = _text(captures["package"][0]).strip()
            continue
        for key, nodes in captures.items():
            if key.startswith("import."):
                imports.extend(_imports(key[7:], nodes[0]))
    module = module_name(path, language, package)
    error = _syntax_errors(loaded, root) if root.has_error else ""
    return FileEntry(
        path=path,
        language=language,
        content_hash=content_hash(data),
        size=len(data),
        line_count=count_lines(data),
        module=module,
        symbols=_name_symbols(path, module, definitions),
        imports=tuple(imports),
        error=error,
    )


def _walk_python(root: Node, definitions: list[_Definition], imports: list[ImportRef]) -> None:
    """Definitions and imports of a Python module: its statements, the bodies of its classes and functions
    and of its compound statements, never an expression."""
    stack = [root]
    while stack:
        container = stack.pop()
        at_module = container.type == "module"
        for node in container.named_children:
            kind = node.type
            span = node
            if kind == "decorated_definition":
                inner = node.child_by_field_name("definition")
                if inner is None:
                    continue
                node, kind = inner, inner.type
            if kind in ("class_definition", "function_definition"):
                name = node.child_by_field_name("name")
                if name is not None:
                    definitions.append(_span(_text(name), "class" if kind == "class_definition" else "function",
                                             span))
                body = node.child_by_field_name("body")
                if body is not None:
                    stack.append(body)
            elif kind in ("import_statement", "import_from_statement"):
                imports.extend(_python_imports(node, node.start_point.row + 1))
            elif kind in _PYTHON_STATEMENTS:
                stack.append(node)
            elif at_module and kind == "expression_statement":
                assignment = node.named_children[0] if node.named_child_count else None
                target = assignment.child_by_field_name("left") if assignment is not None and \
                    assignment.type == "assignment" else None
                if target is not None and target.type == "identifier":
                    name_text = _text(target)
                    definitions.append(_span(name_text, "constant" if name_text.isupper() else "variable", node))


def _span(name: str, kind: SymbolKind, span: Node, owner: str = "") -> _Definition:
    start = span.start_point
    end = span.end_point
    end_line = end.row + 1 if end.column > 0 or end.row == start.row else end.row
    return _Definition(name, kind, span.start_byte, span.end_byte, start.row + 1, end_line, owner)


def _text(node: Node) -> str:
    raw = node.text
    return raw.decode("utf-8", errors="replace") if raw is not None else ""


def _definition(language: str, kind_name: str, captures: dict[str, list[Node]]) -> _Definition | None:
    node = captures[f"def.{kind_name}"][0]
    names = captures.get("name")
    if not names:
        return None
    name = _text(names[0])
    kind: SymbolKind = kind_name  # type: ignore[assignment]
    owner = ""
    span = node
    if language in ("javascript", "typescript", "tsx"):
        kind, span = _js_definition(kind, node)
    elif language == "go":
        kind, span, owner = _go_definition(kind, node, captures)
    elif language == "rust" and kind == "impl":
        name = name.split("<", 1)[0].strip()
    if not name:
        return None
    return _span(name, kind, span, owner)


def _js_definition(kind: SymbolKind, node: Node) -> tuple[SymbolKind, Node]:
    span = node
    if kind == "variable":
        value = node.child_by_field_name("value")
        declaration = node.parent
        if value is not None and value.type in ("arrow_function", "function_expression", "function",
                                                "generator_function"):
            kind = "function"
        elif declaration is not None and _declares_const(declaration):
            kind = "constant"
        if declaration is not None and declaration.named_child_count == 1:
            span = declaration
    parent = span.parent
    if parent is not None and parent.type == "export_statement":
        span = parent
    return kind, span


def _declares_const(declaration: Node) -> bool:
    first = declaration.child(0)
    return declaration.type == "lexical_declaration" and first is not None and first.type == "const"


def _go_definition(kind: SymbolKind, node: Node, captures: dict[str, list[Node]]) -> tuple[SymbolKind, Node, str]:
    span = node
    owner = ""
    if kind == "type":
        shape = captures.get("type")
        shape_type = shape[0].type if shape else ""
        kind = "struct" if shape_type == "struct_type" else "interface" if shape_type == "interface_type" else "type"
    if kind == "method":
        receiver = captures.get("receiver")
        owner = _go_receiver(receiver[0]) if receiver else ""
    if kind in ("type", "struct", "interface", "constant", "variable"):
        parent = node.parent
        if parent is not None and parent.type.endswith("_declaration") and parent.named_child_count == 1:
            span = parent
    return kind, span, owner


def _go_receiver(receiver: Node) -> str:
    stack = [receiver]
    while stack:
        current = stack.pop()
        if current.type == "type_identifier":
            return _text(current)
        stack.extend(reversed(current.named_children))
    return ""


def _name_symbols(path: str, module: str, definitions: list[_Definition]) -> tuple[Symbol, ...]:
    definitions.sort(key=lambda d: (d.start_byte, -d.end_byte))
    symbols: list[Symbol] = []
    open_scopes: list[tuple[int, Symbol]] = []
    for definition in definitions:
        while open_scopes and open_scopes[-1][0] < definition.end_byte:
            open_scopes.pop()
        if definition.owner:
            parent_name: str | None = f"{module}.{definition.owner}"
            enclosing_kind = "struct"
        elif open_scopes:
            parent_name = open_scopes[-1][1].qualified_name
            enclosing_kind = open_scopes[-1][1].kind
        else:
            parent_name, enclosing_kind = None, ""
        kind = definition.kind
        if kind == "function" and enclosing_kind in _CONTAINER_KINDS:
            kind = "method"
        qualified = f"{parent_name or module}.{definition.name}"
        symbol = Symbol(
            name=definition.name,
            qualified_name=qualified,
            kind=kind,
            path=path,
            start_line=definition.start_line,
            end_line=max(definition.end_line, definition.start_line),
            start_byte=definition.start_byte,
            end_byte=definition.end_byte,
            parent=parent_name,
        )
        symbols.append(symbol)
        open_scopes.append((definition.end_byte, symbol))
    return tuple(symbols)


def _imports(form: str, node: Node) -> list[ImportRef]:
    line = node.start_point.row + 1
    if form == "python":
        return _python_imports(node, line)
    if form == "source":
        spec = _text(node).strip().strip("\"'`")
        return [ImportRef(spec, line)] if spec else []
    if form == "rust":
        return [_rust_import(_text(node), line)]
    if form == "mod":
        return [ImportRef(f"self::{_text(node)}", line)]
    if form == "java":
        text = _text(node).strip().removeprefix("import").strip().removesuffix(";").strip()
        text = text.removeprefix("static").strip()
        return [ImportRef(text, line)] if text else []
    return []


def _python_imports(node: Node, line: int) -> list[ImportRef]:
    if node.type == "import_statement":
        found: list[ImportRef] = []
        for child in node.named_children:
            target = child.child_by_field_name("name") if child.type == "aliased_import" else child
            if target is not None:
                found.append(ImportRef(_text(target), line))
        return found
    module_node = node.child_by_field_name("module_name")
    if module_node is None:
        return []
    names: list[str] = []
    for child in node.children_by_field_name("name"):
        target = child.child_by_field_name("name") if child.type == "aliased_import" else child
        if target is not None:
            names.append(_text(target))
    return [ImportRef(_text(module_node).replace(" ", ""), line, tuple(names))]


def _rust_import(text: str, line: int) -> ImportRef:
    text = " ".join(text.split())
    head, brace, rest = text.partition("::{")
    if brace:
        names = tuple(part.strip() for part in rest.rstrip("}").split(",") if part.strip())
        return ImportRef(head, line, names)
    head = head.split(" as ", 1)[0].removesuffix("::*")
    return ImportRef(head, line)


def _syntax_errors(loaded: _Grammar, root: Node) -> str:
    from tree_sitter import QueryCursor

    rows: set[int] = set()
    for nodes in QueryCursor(loaded.errors).captures(root).values():
        rows.update(node.start_point.row + 1 for node in nodes)
    if not rows:
        return "syntax errors"
    listed = sorted(rows)
    shown = ", ".join(str(row) for row in listed[:10]) + (" ..." if len(listed) > 10 else "")
    return f"syntax errors at line{'s' if len(listed) > 1 else ''} {shown}"
