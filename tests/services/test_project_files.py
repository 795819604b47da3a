from orkeon_engine.domain.code_index.model import FileEntry, ImportRef, Symbol
from orkeon_engine.services.project_files import (
    index_architecture,
    list_project_files,
    read_instruction_files,
    read_named_texts,
    read_workspace_text,
    top_layout,
)
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_files import FakeFiles

PROJECT = {
    "/workspace/pyproject.toml": "[project]\nname = 'shop'\n",
    "/workspace/Makefile": "test:\n\tpytest\n",
    "/workspace/src/shop/cart.py": "class Cart: ...\n",
    "/workspace/node_modules/left-pad/index.js": "module.exports = 1\n",
    "/workspace/.orkeon/config.json": "{}",
    "/workspace/AGENTS.md": "Run `make test`.\n",
    "/workspace/CLAUDE.md": "   \n",
}


async def test_a_file_that_is_absent_reads_as_none():
    files = FakeFiles(PROJECT)

    assert await read_workspace_text(files, "README.md") is None


async def test_every_file_is_listed_but_the_vendored_ones():
    files = FakeFiles(PROJECT)

    listed = await list_project_files(files)

    assert "src/shop/cart.py" in listed and "Makefile" in listed
    assert not any(path.startswith("node_modules/") for path in listed)


async def test_only_the_files_with_the_names_asked_for_are_read():
    files = FakeFiles(PROJECT)

    texts = await read_named_texts(files, await list_project_files(files), ("Makefile", "pyproject.toml"))

    assert sorted(texts) == ["Makefile", "pyproject.toml"]


async def test_an_instruction_file_holding_nothing_is_left_out():
    files = FakeFiles(PROJECT)

    found = await read_instruction_files(files)

    assert [source.path for source in found] == ["AGENTS.md"]


async def test_the_layout_hides_git_and_orkeon_folders():
    files = FakeFiles(PROJECT)

    layout = await top_layout(files)

    assert "src/" in layout and "Makefile" in layout
    assert not any(line.startswith(".orkeon") for line in layout)


async def test_the_architecture_names_the_packages_of_the_index():
    index = FakeCodeIndex([
        FileEntry("shop/cart.py", "python", "h", 10, 5, "shop.cart",
                  symbols=(Symbol("Cart", "shop.cart.Cart", "class", "shop/cart.py", 1, 5, 0, 10),),
                  imports=(ImportRef("shop.store", 1),)),
        FileEntry("shop/store.py", "python", "h", 10, 5, "shop.store"),
    ])

    architecture = await index_architecture(index)

    assert "shop" in architecture and index.builds == [False]


async def test_without_an_index_there_is_no_architecture():
    assert await index_architecture(None) == ""
