from orkeon_engine.domain.code_index.answers import IndexSnapshot
from orkeon_engine.domain.code_index.graph import (
    Edge,
    build_graph,
    find_cycles,
    package_map,
    package_of,
    summarize_package,
)
from orkeon_engine.domain.code_index.model import FileEntry, ImportRef, Symbol
from orkeon_engine.domain.code_index.modules import module_name


def _entry(path, imports=(), symbols=(), lines=10):
    module = module_name(path, "python")
    made = tuple(Symbol(n, f"{module}.{n}", k, path, 1, 2, 0, 1) for n, k in symbols)
    refs = tuple(ImportRef(m, 1, names) for m, names in imports)
    return FileEntry(path, "python", "h", 100, lines, module, symbols=made, imports=refs)


SNAPSHOT = IndexSnapshot("/r", {e.path: e for e in [
    _entry("app/cli.py", [("app.core.engine", ()), ("requests", ()), ("os", ())], [("main", "function")], 40),
    _entry("app/core/engine.py", [(".store", ("Store",)), ("requests", ())],
           [("Engine", "class"), ("_hidden", "function")], 120),
    _entry("app/core/store.py", [("app.cli", ())], [("Store", "class")], 60),
    _entry("setup.py", [("setuptools", ())], [], 5),
]})


def test_a_file_belongs_to_the_package_of_its_folder():
    assert package_of("app/core/engine.py") == "app/core"
    assert package_of("setup.py") == "."
    assert package_of("go/store/") == "go/store"


def test_imports_become_edges_between_files_and_between_packages():
    graph = build_graph(SNAPSHOT)

    assert Edge("app/core/engine.py", "app/core/store.py", 1) in graph.file_edges
    assert {(e.source, e.target) for e in graph.package_edges} == {("app", "app/core"), ("app/core", "app")}


def test_external_packages_are_counted_by_importing_files_and_the_standard_library_kept_apart():
    graph = build_graph(SNAPSHOT)

    assert graph.external[0] == ("requests", 2)
    assert ("os", 1) in graph.stdlib


def test_packages_that_import_each_other_form_a_cycle():
    graph = build_graph(SNAPSHOT)

    assert graph.cycles == (("app", "app/core"),)


def test_a_longer_cycle_is_found_and_a_chain_is_not():
    edges = (Edge("a", "b", 1), Edge("b", "c", 1), Edge("c", "a", 1), Edge("c", "d", 1))

    assert find_cycles(edges) == (("a", "b", "c"),)


def test_the_package_map_lists_the_largest_package_first():
    stats = package_map(SNAPSHOT)

    assert [s.package for s in stats] == ["app/core", "app", "."]
    assert stats[0].lines == 180


def test_a_package_summary_keeps_public_top_level_symbols_and_both_directions_of_use():
    graph = build_graph(SNAPSHOT)

    summary = summarize_package(SNAPSHOT, graph, "app/core")

    assert summary is not None
    names = [s.name for f in summary.files for s in f.top_level]
    assert names == ["Engine", "Store"]
    assert summary.used_by == (("app", 1),)
    assert summary.depends_on == (("app", 1),)
    assert summary.external == (("requests", 1),)


def test_a_package_that_holds_no_indexed_file_has_no_summary():
    assert summarize_package(SNAPSHOT, build_graph(SNAPSHOT), "nowhere") is None
