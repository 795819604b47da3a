"""Symbols with kinds, qualified names and ranges, and imports, for each language of the fixture project."""

import pytest

from orkeon_engine.adapters.tree_sitter_symbols import changed_span, extract_file, extract_tree, reparse
from tests.support.code_projects import FIXTURES

PROJECT = FIXTURES / "polyglot"


def _extract(path, language):
    return extract_file(path, language, (PROJECT / path).read_bytes())


def _symbols(entry):
    return [(s.kind, s.qualified_name, s.start_line, s.end_line) for s in entry.symbols]


def test_python_classes_methods_and_constants_with_decorators_in_their_range():
    entry = _extract("shop/models.py", "python")

    assert _symbols(entry) == [
        ("constant", "shop.models.MAX_ITEMS", 5, 5),
        ("class", "shop.models.Item", 8, 16),
        ("method", "shop.models.Item.discounted", 15, 16),
        ("class", "shop.models.Cart", 19, 29),
        ("method", "shop.models.Cart.__init__", 20, 21),
        ("method", "shop.models.Cart.add", 23, 26),
        ("method", "shop.models.Cart.total", 28, 29),
    ]


def test_python_imports_keep_their_relative_level_and_names():
    entry = _extract("shop/checkout.py", "python")

    assert [(i.module, i.line, i.names) for i in entry.imports] == [("json", 3, ()), (".models", 5, ("Cart", "Item"))]


def test_typescript_interfaces_types_enums_functions_and_class_members():
    entry = _extract("web/src/util.ts", "typescript")

    assert _symbols(entry) == [
        ("interface", "web.src.util.Money", 1, 4),
        ("type", "web.src.util.Currency", 6, 6),
        ("enum", "web.src.util.Rounding", 8, 11),
        ("function", "web.src.util.format", 13, 15),
        ("class", "web.src.util.Ledger", 17, 23),
        ("method", "web.src.util.Ledger.add", 20, 22),
    ]


def test_tsx_components_as_functions_and_their_imports():
    entry = _extract("web/src/App.tsx", "tsx")

    assert _symbols(entry) == [("function", "web.src.App.App", 4, 6), ("function", "web.src.App.Badge", 8, 8)]
    assert [i.module for i in entry.imports] == ["react", "./util"]


def test_javascript_classes_functions_and_require_calls():
    entry = _extract("web/src/legacy.js", "javascript")

    assert [(k, q) for k, q, _, _ in _symbols(entry)] == [
        ("constant", "web.src.legacy.util"),
        ("class", "web.src.legacy.Widget"),
        ("method", "web.src.legacy.Widget.render"),
        ("function", "web.src.legacy.mount"),
    ]
    assert [i.module for i in entry.imports] == ["./helpers"]


def test_go_structs_interfaces_and_methods_named_under_their_receiver():
    entry = _extract("go/store/db.go", "go")

    assert _symbols(entry) == [
        ("struct", "go.store.DB", 5, 7),
        ("interface", "go.store.Reader", 9, 11),
        ("constant", "go.store.DefaultName", 13, 13),
        ("function", "go.store.Open", 15, 17),
        ("method", "go.store.DB.Read", 19, 21),
    ]
    assert entry.symbols[-1].parent == "go.store.DB"


def test_rust_traits_impls_and_their_methods():
    entry = _extract("rust/src/lib.rs", "rust")

    assert _symbols(entry) == [
        ("module", "rust.shapes", 1, 1),
        ("trait", "rust.Area", 5, 7),
        ("method", "rust.Area.area", 6, 6),
        ("impl", "rust.Circle", 9, 13),
        ("method", "rust.Circle.area", 10, 12),
        ("function", "rust.unit", 15, 17),
    ]
    assert [i.module for i in entry.imports] == ["self::shapes", "crate::shapes::Circle"]


def test_java_symbols_are_qualified_by_the_declared_package():
    entry = _extract("java/src/main/java/com/example/App.java", "java")

    assert _symbols(entry) == [
        ("class", "com.example.App", 5, 19),
        ("method", "com.example.App.App", 8, 10),
        ("method", "com.example.App.count", 12, 14),
        ("interface", "com.example.App.Greeter", 16, 18),
        ("method", "com.example.App.Greeter.greet", 17, 17),
    ]
    assert entry.module == "com.example"


def test_byte_ranges_cover_exactly_the_definition_text():
    data = (PROJECT / "shop/models.py").read_bytes()
    entry = extract_file("shop/models.py", "python", data)

    item = entry.symbols[1]

    assert data[item.start_byte:item.end_byte].startswith(b"@dataclass\nclass Item:")
    assert data[item.start_byte:item.end_byte].endswith(b"// 100")


def test_a_syntax_error_is_reported_with_its_line_and_the_rest_still_indexed():
    entry = extract_file("bad.py", "python", b"def ok():\n    pass\n\ndef broken(:\n    pass\n")

    assert entry.error == "syntax errors at line 4"
    assert entry.symbols[0].name == "ok"


@pytest.mark.parametrize(("old", "new", "span"), [
    (b"abcdef", b"abXYef", (2, 4, 4)),
    (b"abc", b"abc", (3, 3, 3)),
    (b"abc", b"abcd", (3, 3, 4)),
    (b"aaaa", b"aa", (2, 4, 2)),
])
def test_the_changed_span_is_what_lies_between_the_common_prefix_and_suffix(old, new, span):
    assert changed_span(old, new) == span


def test_an_incremental_reparse_gives_the_same_symbols_as_a_fresh_parse():
    old = (PROJECT / "shop/models.py").read_bytes()
    new = old.replace(b"    def total(self)", b"    def count(self) -> int:\n        return 0\n\n    def total(self)")
    previous = (old, reparse("python", old, None))
    fresh = extract_file("shop/models.py", "python", new)

    reused = extract_tree("shop/models.py", "python", new, reparse("python", new, previous))

    assert reused.symbols == fresh.symbols
