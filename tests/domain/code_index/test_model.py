from orkeon_engine.domain.code_index.model import FileEntry, Symbol


def _symbol(name, parent=None, kind="function", path="a.py"):
    qualified = f"{parent or 'a'}.{name}"
    return Symbol(name, qualified, kind, path, 1, 3, 0, 10, parent)


def test_a_file_lists_its_top_level_symbols_without_their_members():
    entry = FileEntry("a.py", "python", "h", 10, 3, "a",
                      symbols=(_symbol("K", kind="class"), _symbol("m", parent="a.K", kind="method")))

    top = entry.top_level()

    assert [s.name for s in top] == ["K"]


def test_a_symbol_says_where_it_is():
    symbol = Symbol("f", "a.f", "function", "src/a.py", 4, 9, 0, 1)

    assert symbol.location() == "src/a.py:4-9"
