from orkeon_engine.domain.code_index.answers import IndexReport, IndexSnapshot
from orkeon_engine.domain.code_index.model import FileEntry


def test_a_snapshot_counts_files_by_language_most_first():
    files = {p: FileEntry(p, lang, "h", 1, 1, p) for p, lang in
             [("a.py", "python"), ("b.py", "python"), ("c.go", "go")]}

    languages = IndexSnapshot("/r", files).languages()

    assert list(languages.items()) == [("python", 2), ("go", 1)]


def test_a_report_counts_parsed_and_removed_files_as_changed():
    report = IndexReport(seen=3, parsed=("a.py",), removed=("b.py", "c.py"))

    assert report.changed == 3
