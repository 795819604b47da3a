from orkeon_engine.domain.code_index.model import FileEntry, IndexReport, IndexSnapshot, Symbol


def _symbol(name, parent=None, kind="function", path="a.py"):
    qualified = f"{parent or 'a'}.{name}"
    return Symbol(name, qualified, kind, path, 1, 3, 0, 10, parent)


def test_a_file_lists_its_top_level_symbols_without_their_members():
    entry = FileEntry("a.py", "python", "h", 10, 3, "a",
                      symbols=(_symbol("K", kind="class"), _symbol("m", parent="a.K", kind="method")))

    top = entry.top_level()

    assert [s.name for s in top] == ["K"]


def test_a_snapshot_counts_files_by_language_most_first():
    files = {p: FileEntry(p, lang, "h", 1, 1, p) for p, lang in
             [("a.py", "python"), ("b.py", "python"), ("c.go", "go")]}

    languages = IndexSnapshot("/r", files).languages()

    assert list(languages.items()) == [("python", 2), ("go", 1)]


def test_a_report_counts_parsed_and_removed_files_as_changed():
    report = IndexReport(seen=3, parsed=("a.py",), removed=("b.py", "c.py"))

    assert report.changed == 3


def test_a_symbol_says_where_it_is():
    symbol = Symbol("f", "a.f", "function", "src/a.py", 4, 9, 0, 1)

    assert symbol.location() == "src/a.py:4-9"
