from orkeon_engine.domain.code_index.answers import IndexReport, IndexSnapshot, Location, TextHit
from orkeon_engine.domain.code_index.graph import build_graph, summarize_package
from orkeon_engine.domain.code_index.model import FileEntry, IndexStatus, Symbol
from orkeon_engine.domain.code_index.ranking import RankedSymbol
from orkeon_engine.domain.code_index.render import (
    render_codebase_map,
    render_graph,
    render_locations,
    render_outline,
    render_package_summary,
    render_report,
    render_search,
    render_status,
)

CLASS = Symbol("Cart", "shop.models.Cart", "class", "shop/models.py", 3, 12, 10, 200)
METHOD = Symbol("add", "shop.models.Cart.add", "method", "shop/models.py", 5, 8, 40, 120, "shop.models.Cart")
ENTRY = FileEntry("shop/models.py", "python", "h", 200, 12, "shop.models", symbols=(CLASS, METHOD))
SNAPSHOT = IndexSnapshot("/r", {ENTRY.path: ENTRY})


def test_an_unbuilt_index_says_how_to_build_it():
    status = IndexStatus("/r", False, 0, 0, {}, "/r/.orkeon/local/code_index.db")

    assert "index_codebase builds it" in render_status(status)


def test_a_stale_index_names_the_changed_files_and_the_tool_that_refreshes_them():
    status = IndexStatus("/r", True, 3, 10, {"python": 3}, "cache", stale=("a.py",))

    text = render_status(status)

    assert "Stale: 1 file changed since indexed (a.py)" in text
    assert "incremental_reindex" in text


def test_a_report_says_what_was_parsed_and_what_has_no_grammar():
    report = IndexReport(seen=2, parsed=("a.py",), unchanged=1, unsupported={".md": 3})

    text = render_report(report)

    assert "1 parsed, 1 unchanged" in text
    assert "Not parsed (no grammar): .md 3." in text


def test_the_map_lists_files_with_their_top_level_symbols_only():
    text = render_codebase_map(SNAPSHOT)

    assert "shop/models.py (python, 12 lines): class Cart" in text
    assert "add" not in text


def test_a_map_under_a_folder_with_no_file_says_so():
    assert render_codebase_map(SNAPSHOT, under="web") == "No indexed file under web."


def test_the_outline_indents_members_under_their_class_with_line_ranges():
    text = render_outline(ENTRY)

    assert "3-12 class Cart  [shop.models.Cart]" in text
    assert "\n  5-8 method add  [shop.models.Cart.add]" in text


def test_search_results_list_symbols_then_text_lines():
    text = render_search("add", [RankedSymbol(METHOD, 100)], [TextHit("shop/checkout.py", 9, "  cart.add(x)")])

    assert text.splitlines() == [
        "Symbols matching 'add':",
        "method shop.models.Cart.add (shop/models.py:5-8)",
        "Text matching 'add':",
        "shop/checkout.py:9: cart.add(x)",
    ]


def test_long_lists_say_how_much_they_leave_out():
    snapshot = IndexSnapshot("/r", {f"m{i}.py": FileEntry(f"m{i}.py", "python", "h", 1, 1, f"m{i}")
                                    for i in range(5)})

    text = render_codebase_map(snapshot, max_files=2)

    assert text.endswith("... 3 more files not shown")


def test_the_graph_and_a_summary_render_without_edges():
    graph = build_graph(SNAPSHOT)
    summary = summarize_package(SNAPSHOT, graph, "shop")
    assert summary is not None

    assert render_graph(graph).startswith("Imports between packages: 0 edges.")
    assert "Uses: no other package." in render_package_summary(summary)


def test_a_location_outside_the_workspace_says_so():
    outside = Location(None, 183, 5, "dumps", "function", "json.dumps", module_path="/usr/lib/json/__init__.py")

    text = render_locations("definitions", [outside])

    assert "outside the workspace (/usr/lib/json/__init__.py) function json.dumps" in text
