from grimp import ImportGraph

from devtools.cycle_contract import NoCyclesContract, circles


def test_a_graph_without_a_circle_has_none():
    assert circles({"a": ["b"], "b": ["c"], "c": []}) == []


def test_two_modules_importing_each_other_are_a_circle():
    assert circles({"a": ["b"], "b": ["a"], "c": ["a"]}) == [["a", "b"]]


def test_a_long_circle_is_found_whole_and_apart_from_another():
    imports = {"a": ["b"], "b": ["c"], "c": ["a"], "x": ["y"], "y": ["x", "a"]}

    assert circles(imports) == [["a", "b", "c"], ["x", "y"]]


def test_a_module_importing_itself_is_a_circle():
    assert circles({"a": ["a"]}) == [["a"]]


def test_a_deep_chain_needs_no_recursion():
    chain = {f"m{i}": [f"m{i + 1}"] for i in range(5000)}
    chain["m5000"] = ["m0"]

    assert len(circles(chain)[0]) == 5001


def _graph(*imports):
    graph = ImportGraph()
    for number, (importer, imported) in enumerate(imports, start=1):
        graph.add_import(importer=importer, imported=imported, line_number=number,
                         line_contents=f"from {imported} import thing")
    return graph


def _contract():
    return NoCyclesContract(name="no circle", session_options={}, contract_options={"packages": ["pkg"]})


def test_the_contract_names_the_circle_and_the_lines_that_close_it():
    check = _contract().check(_graph(("pkg.server", "pkg.feature"), ("pkg.feature", "pkg.server")), verbose=False)

    assert not check.kept
    assert check.metadata["lines"] == [
        "a circle: pkg.feature, pkg.server",
        "  pkg.feature:2 from pkg.server import thing",
        "  pkg.server:1 from pkg.feature import thing",
    ]


def test_the_contract_is_kept_when_the_shared_type_moved_down():
    graph = _graph(("pkg.server", "pkg.feature"), ("pkg.feature", "pkg.api"), ("pkg.server", "pkg.api"))

    assert _contract().check(graph, verbose=False).kept


def test_a_circle_outside_the_packages_is_not_the_contract_s():
    graph = _graph(("other.a", "other.b"), ("other.b", "other.a"), ("pkg.a", "other.a"))

    assert _contract().check(graph, verbose=False).kept
