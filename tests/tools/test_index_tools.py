from orkeon_engine.domain.code_index.answers import TextHit
from orkeon_engine.domain.code_index.model import FileEntry, ImportRef, Symbol
from orkeon_engine.tools.index_tools import (
    CodebaseMapTool,
    CodebaseSearchTool,
    DependencyGraphTool,
    IncrementalReindexTool,
    IndexCodebaseTool,
    IndexStatusTool,
    PackageSummaryTool,
)
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_files import FakeFiles


def _symbol(name, qualified, kind, path, line, parent=None):
    return Symbol(name, qualified, kind, path, line, line + 3, 0, 10, parent)


MODELS = FileEntry("shop/models.py", "python", "h1", 400, 29, "shop.models", symbols=(
    _symbol("Cart", "shop.models.Cart", "class", "shop/models.py", 19),
    _symbol("add", "shop.models.Cart.add", "method", "shop/models.py", 23, "shop.models.Cart"),
))
CHECKOUT = FileEntry("shop/checkout.py", "python", "h2", 300, 15, "shop.checkout",
                     symbols=(_symbol("checkout", "shop.checkout.checkout", "function", "shop/checkout.py", 8),),
                     imports=(ImportRef("json", 3), ImportRef("shop.models", 5, ("Cart",))))
CLI = FileEntry("cli.py", "python", "h3", 100, 9, "cli", imports=(ImportRef("shop.checkout", 1),))


def _index():
    return FakeCodeIndex([MODELS, CHECKOUT, CLI])


async def _run(tool, **arguments):
    return await tool.run(tool.parse(arguments))


async def test_index_status_reports_an_unbuilt_index_without_building_it():
    index = _index()

    result = await _run(IndexStatusTool(index))

    assert "not built yet" in result.text
    assert index.builds == []


async def test_index_codebase_builds_and_says_what_it_parsed():
    index = _index()

    result = await _run(IndexCodebaseTool(index), force=True)

    assert index.builds == [True]
    assert result.text.startswith("Indexed 3 files: 3 parsed")


async def test_incremental_reindex_passes_workspace_relative_paths():
    index = _index()

    await _run(IncrementalReindexTool(FakeFiles(), index), paths=["/workspace/shop/models.py", "cli.py"])

    assert index.refreshed == [(("shop/models.py", "cli.py"), {})]


async def test_incremental_reindex_refuses_a_path_outside_the_workspace():
    result = await _run(IncrementalReindexTool(FakeFiles(), _index()), paths=["/tmp/x.py"])

    assert result.is_error and "only files under /workspace are indexed" in result.text


async def test_the_map_refreshes_the_index_then_lists_packages_and_files():
    index = _index()

    result = await _run(CodebaseMapTool(FakeFiles(), index))

    assert index.refreshed == [((), {})]
    assert "shop: 2 files, 44 lines, 3 symbols (python)" in result.text
    assert "shop/models.py (python, 29 lines): class Cart" in result.text


async def test_the_graph_shows_imports_between_packages_and_the_standard_library():
    result = await _run(DependencyGraphTool(FakeFiles(), _index()))

    assert ". -> shop" in result.text
    assert "Standard library: json 1" in result.text


async def test_a_file_level_graph_focused_on_a_file_keeps_the_edges_touching_it():
    result = await _run(DependencyGraphTool(FakeFiles(), _index()), level="file", focus="/workspace/cli.py")

    assert "cli.py -> shop/checkout.py" in result.text
    assert "shop/checkout.py -> shop/models.py" not in result.text


async def test_a_package_summary_names_its_public_symbols_and_users():
    result = await _run(PackageSummaryTool(FakeFiles(), _index()), package="shop")

    assert "class shop.models.Cart" in result.text
    assert "Used by: . (1)." in result.text


async def test_a_package_without_indexed_files_is_refused_with_the_known_packages():
    result = await _run(PackageSummaryTool(FakeFiles(), _index()), package="web")

    assert result.is_error and "packages: shop, ." in result.text


async def test_search_ranks_symbols_and_adds_text_lines_not_on_them():
    index = _index()
    index.text_hits = [TextHit("shop/models.py", 23, "    def add(self, item):"),
                       TextHit("shop/checkout.py", 14, "    cart.add(Item('pen', 3))")]

    result = await _run(CodebaseSearchTool(FakeFiles(), index), query="add")

    lines = result.text.splitlines()
    assert lines[1] == "method shop.models.Cart.add (shop/models.py:23-26)"
    assert "shop/checkout.py:14: cart.add(Item('pen', 3))" in lines
    assert "shop/models.py:23:" not in result.text


async def test_search_can_keep_one_kind_under_one_folder():
    result = await _run(CodebaseSearchTool(FakeFiles(), _index()), query="c", kind="class", under="shop",
                        text=False)

    assert result.data["symbols"] == ["shop.models.Cart"]


async def test_a_search_for_a_files_name_lists_the_file_to_read():
    result = await _run(CodebaseSearchTool(FakeFiles(), _index()), query="shop.models.py")

    assert result.text.splitlines()[:2] == ["Files named 'shop.models.py' (read one with file_read):",
                                            "shop/models.py (29 lines)"]
    assert result.data["files"] == ["shop/models.py"]


SETTINGS_TEXT = ('"""Where the service listens."""\nimport os\n\nDEFAULT_PORT = 8731\nHOST = "0.0.0.0"\n\n\n'
                 'def port():\n    return int(os.environ.get("INVENTORY_PORT", DEFAULT_PORT))\n')
SETTINGS = FileEntry("inventory/settings.py", "python", "h4", len(SETTINGS_TEXT), 9, "inventory.settings", symbols=(
    Symbol("DEFAULT_PORT", "inventory.settings.DEFAULT_PORT", "constant", "inventory/settings.py", 4, 4, 0, 1),
    Symbol("HOST", "inventory.settings.HOST", "constant", "inventory/settings.py", 5, 5, 0, 1),
    Symbol("port", "inventory.settings.port", "function", "inventory/settings.py", 8, 9, 0, 1),
))


async def test_a_text_hit_using_a_constant_of_its_file_brings_the_line_that_sets_it():
    index = FakeCodeIndex([SETTINGS])
    index.text_hits = [TextHit("inventory/settings.py", 9, '    return int(os.environ.get("INVENTORY_PORT", '
                                                           'DEFAULT_PORT))')]
    files = FakeFiles({"/workspace/inventory/settings.py": SETTINGS_TEXT})

    result = await _run(CodebaseSearchTool(files, index), query="INVENTORY_PORT")

    assert result.text.splitlines()[-2:] == ["Where those lines' names are set, in the same file:",
                                             "inventory/settings.py:4: DEFAULT_PORT = 8731"]
    assert "HOST" not in result.text


async def test_a_file_gone_since_it_was_indexed_brings_no_line():
    index = FakeCodeIndex([SETTINGS])
    index.text_hits = [TextHit("inventory/settings.py", 9, "    return DEFAULT_PORT")]

    result = await _run(CodebaseSearchTool(FakeFiles(), index), query="return")

    assert "DEFAULT_PORT = " not in result.text and "set, in the same file" not in result.text


async def test_the_line_that_sets_a_name_is_counted_by_line_feeds_only():
    text = SETTINGS_TEXT.replace('"""Where the service listens."""', '"""Where\x0cthe service listens."""')
    index = FakeCodeIndex([SETTINGS])
    index.text_hits = [TextHit("inventory/settings.py", 9, "    return DEFAULT_PORT")]
    files = FakeFiles({"/workspace/inventory/settings.py": text})

    result = await _run(CodebaseSearchTool(files, index), query="return")

    assert result.text.splitlines()[-1] == "inventory/settings.py:4: DEFAULT_PORT = 8731"


async def test_a_line_that_no_longer_names_the_symbol_is_left_out():
    index = FakeCodeIndex([SETTINGS])
    index.text_hits = [TextHit("inventory/settings.py", 9, "    return DEFAULT_PORT")]
    files = FakeFiles({"/workspace/inventory/settings.py": "# rewritten\n" * 9})

    result = await _run(CodebaseSearchTool(files, index), query="return")

    assert "set, in the same file" not in result.text


async def test_a_search_under_the_root_searches_the_whole_index_and_other_mounts_are_refused():
    everywhere = await _run(CodebaseSearchTool(FakeFiles(), _index()), query="add", under="/", text=False)
    outside = await _run(CodebaseSearchTool(FakeFiles(), _index()), query="add", under="/tmp", text=False)

    assert everywhere.data["symbols"] == ["shop.models.Cart.add"] and not everywhere.is_error
    assert outside.is_error and "only files under /workspace are indexed" in outside.text
