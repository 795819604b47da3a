"""The code tools in the run toolbox, and end to end over the real VFS and index: an edit is seen by the
next search."""

import pytest

from orkeon_engine.adapters.tree_sitter_code_index import TreeSitterCodeIndex
from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.domain.permissions.tools import BUILTIN_TOOLS
from orkeon_engine.tools.code_tools import CODE_EDIT_TOOL_NAMES, CODE_READ_TOOL_NAMES, CODE_TOOL_NAMES
from orkeon_engine.tools.toolbox import STANDARD_TOOL_NAMES
from tests.support.code_projects import copy_project
from tests.support.deps import make_deps
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_code_navigation import FakeCodeNavigation


async def test_with_a_code_index_the_toolbox_offers_the_code_tools_in_the_read_and_edit_classes():
    deps = await make_deps(code_index=FakeCodeIndex(), navigation=FakeCodeNavigation())

    box = deps.run_toolbox()

    assert box.catalogue.names() == [*STANDARD_TOOL_NAMES, *CODE_READ_TOOL_NAMES, *CODE_EDIT_TOOL_NAMES,
                                     "memory_recall"]
    classes = {tool.name: tool.tool_class for tool in box.catalogue if tool.name in CODE_TOOL_NAMES}
    assert {name for name, kind in classes.items() if kind == "edit"} == {"node_replace", "edit_batch"}
    assert {name for name, kind in classes.items() if kind == "read"} == set(CODE_READ_TOOL_NAMES)


async def test_without_a_code_index_the_toolbox_holds_no_code_tool():
    deps = await make_deps()

    box = deps.run_toolbox()

    assert box.catalogue.names() == [*STANDARD_TOOL_NAMES, "memory_recall"]


@pytest.fixture
def workspace(tmp_path):
    root = copy_project(tmp_path, git=True)
    local = root / ".orkeon" / "local"
    local.mkdir(parents=True)
    files = create_workspace_vfs(root, local)
    index = TreeSitterCodeIndex(root, local)
    yield files, index
    files.close()
    index.close()


async def test_an_edit_through_node_replace_is_found_by_the_next_search(workspace):
    files, index = workspace
    deps = await make_deps(vfs=files, code_index=index)
    read, replace, search = deps.run_toolbox().select(["node_read", "node_replace", "codebase_search"])
    await search.run(search.parse({"query": "total"}))
    digest = (await read.run(read.parse({"path": "shop/models.py", "node": "Cart.total"}))).data["hash"]
    await replace.run(replace.parse({"path": "shop/models.py", "node": "Cart.total", "hash": digest,
                                     "text": "def grand_total(self) -> int:\n        return 0"}))

    found = await search.run(search.parse({"query": "grand_total", "text": False}))

    assert found.data["symbols"] == ["shop.models.Cart.grand_total"]


async def test_every_code_tool_has_the_class_the_permission_table_gives_it():
    deps = await make_deps(code_index=FakeCodeIndex(), navigation=FakeCodeNavigation())

    tools = [tool for tool in deps.run_toolbox().catalogue if tool.name in CODE_TOOL_NAMES]

    assert {tool.name: tool.tool_class for tool in tools} == {name: BUILTIN_TOOLS[name] for name in CODE_TOOL_NAMES}
