from orkeon_engine.crews.analyze.harvest import (
    build_harvest,
    dependency_graph,
    map_packages,
    render_harvest,
    summarize_largest,
)
from orkeon_engine.domain.code_index.answers import IndexReport, IndexSnapshot
from orkeon_engine.domain.code_index.model import FileEntry, ImportRef, Symbol


def _entry(path, module, symbols=(), imports=(), lines=10, error=""):
    made = tuple(Symbol(n, f"{module}.{n}", k, path, 1, 2, 0, 1) for n, k in symbols)
    return FileEntry(path, "python", "h", 1, lines, module, symbols=made,
                     imports=tuple(ImportRef(m, 1) for m in imports), error=error)


SNAPSHOT = IndexSnapshot("/repo", {e.path: e for e in [
    _entry("app/engine.py", "app.engine", [("Engine", "class")], ["app.store.db", "requests"], 200),
    _entry("app/store/db.py", "app.store.db", [("Database", "class")], [], 90),
    _entry("tools/gen.py", "tools.gen", [("main", "function")], ["..nowhere"], 20, error="syntax errors at line 3"),
]})
REPORT = IndexReport(seen=3, parsed=("app/engine.py",), unchanged=2, unsupported={".md": 4}, ignored=7)


def _harvest(count=5):
    packages = map_packages(SNAPSHOT)
    graph = dependency_graph(SNAPSHOT)
    return build_harvest(REPORT, SNAPSHOT, packages, graph, summarize_largest(SNAPSHOT, packages, graph, count))


def test_the_harvest_summarises_the_largest_packages_first():
    harvest = _harvest(count=2)

    assert [s.package for s in harvest.summaries] == ["app", "app/store"]


def test_the_harvest_says_what_it_leaves_out():
    harvest = _harvest(count=2)

    notes = "\n".join(harvest.left_out)
    assert "names, kinds, qualified names and line ranges only" in notes
    assert "Files in languages the index does not parse: .md 4." in notes
    assert "7 files in vendored or generated folders" in notes
    assert "1 file with syntax errors, whose symbols may be incomplete: tools/gen.py." in notes
    assert "1 package beyond the 2 largest is described by their size only." in notes
    assert "1 relative import that points at no indexed file." in notes


def test_the_rendered_harvest_holds_every_section_and_the_qualified_names():
    text, cut = render_harvest(_harvest())

    assert not cut
    for heading in ("## Index", "## Package map", "## Dependency graph", "## The 3 largest packages",
                    "## What this harvest leaves out"):
        assert heading in text
    assert "class app.engine.Engine" in text
    assert "app -> app/store" in text


def test_a_harvest_too_long_is_cut_saying_so_and_keeps_its_limits_section():
    text, cut = render_harvest(_harvest(), max_chars=900)

    assert cut
    assert "[harvest cut:" in text
    assert text.rstrip().endswith("cut to fit the model's input.")
