"""The node tools over FakeFiles and the real tree-sitter index (the file texts come from the Files port)."""

import pytest

from orkeon_engine.adapters.tree_sitter_code_index import TreeSitterCodeIndex
from orkeon_engine.domain.code_index.node_edit import EMPTY_BATCH_RULE
from orkeon_engine.tools.node_tools import (
    EditBatchTool,
    NodeOutlineTool,
    NodeReadTool,
    NodeReplaceTool,
    NodeWorkbench,
)
from tests.support.code_projects import FIXTURES, copy_project
from tests.support.doubles.fake_files import FakeFiles

MODELS = (FIXTURES / "polyglot/shop/models.py").read_text()
CHECKOUT = (FIXTURES / "polyglot/shop/checkout.py").read_text()
NEW_TOTAL = "def total(self) -> int:\n        return sum(item.price for item in self.items) + 1"


@pytest.fixture
def bench(tmp_path):
    root = copy_project(tmp_path)
    files = FakeFiles({"shop/models.py": MODELS, "shop/checkout.py": CHECKOUT})
    return NodeWorkbench(files, TreeSitterCodeIndex(root, None))


async def _run(tool, **arguments):
    return await tool.run(tool.parse(arguments))


async def _read(bench, node, path="shop/models.py"):
    result = await _run(NodeReadTool(bench), path=path, node=node)
    return result.data["hash"]


async def test_the_outline_lists_every_symbol_with_its_line_range(bench):
    result = await _run(NodeOutlineTool(bench), path="/workspace/shop/models.py")

    assert "  28-29 method total  [shop.models.Cart.total]" in result.text


async def test_node_read_gives_the_node_text_and_its_hash(bench):
    result = await _run(NodeReadTool(bench), path="shop/models.py", node="Cart.total")

    assert result.text.startswith("method shop.models.Cart.total (shop/models.py:28-29)\nhash: ")
    assert result.text.endswith("def total(self) -> int:\n        return sum(item.price for item in self.items)")


async def test_node_replace_with_the_hash_node_read_gave_writes_the_file_and_reindexes_it(bench):
    digest = await _read(bench, "Cart.total")

    result = await _run(NodeReplaceTool(bench), path="shop/models.py", node="Cart.total", hash=digest,
                        text=NEW_TOTAL)

    assert not result.is_error, result.text
    assert bench.files.texts["/workspace/shop/models.py"] == MODELS.replace(
        "for item in self.items)\n", "for item in self.items) + 1\n")
    indexed = (await bench.index.snapshot()).files["shop/models.py"]
    assert indexed.size == len(bench.files.texts["/workspace/shop/models.py"].encode())


async def test_a_guessed_hash_is_refused_and_nothing_is_written(bench):
    result = await _run(NodeReplaceTool(bench), path="shop/models.py", node="Cart.total",
                        hash="abc123abc123abc1", text=NEW_TOTAL)

    assert result.is_error
    assert "node_replace refused; nothing was written" in result.text
    assert "never gave 'abc123abc123abc1' for shop.models.Cart.total" in result.text
    assert bench.files.writes == []


async def test_a_hash_read_before_the_node_changed_is_refused_as_stale(bench):
    digest = await _read(bench, "Cart.total")
    bench.files.texts["/workspace/shop/models.py"] = MODELS.replace("sum(item.price", "sum(item.price * 2")

    result = await _run(NodeReplaceTool(bench), path="shop/models.py", node="Cart.total", hash=digest,
                        text=NEW_TOTAL)

    assert result.is_error and "stale hash" in result.text
    assert bench.files.writes == []


async def test_the_new_hash_node_replace_gives_allows_a_follow_up_edit(bench):
    first = await _run(NodeReplaceTool(bench), path="shop/models.py", node="Cart.total",
                       hash=await _read(bench, "Cart.total"), text=NEW_TOTAL)
    digest = first.text.rsplit("hash ", 1)[1]

    second = await _run(NodeReplaceTool(bench), path="shop/models.py", node="Cart.total", hash=digest,
                        text="def total(self) -> int:\n        return 0")

    assert not second.is_error, second.text


async def test_a_batch_is_applied_all_or_none(bench):
    total = await _read(bench, "Cart.total")
    operations = [
        {"op": "replace_node", "path": "shop/models.py", "node": "Cart.total", "hash": total, "text": NEW_TOTAL},
        {"op": "replace_node", "path": "shop/checkout.py", "node": "checkout", "hash": "0" * 16, "text": "x"},
    ]

    result = await _run(EditBatchTool(bench), operations=operations)

    assert result.is_error and "operation 2 (replace_node on shop/checkout.py): unknown hash" in result.text
    assert bench.files.writes == []


async def test_a_valid_batch_over_two_files_writes_both(bench):
    total = await _read(bench, "Cart.total")
    sample = await _read(bench, "sample_cart", path="shop/checkout.py")
    operations = [
        {"op": "replace_node", "path": "shop/models.py", "node": "Cart.total", "hash": total, "text": NEW_TOTAL},
        {"op": "delete_node", "path": "shop/checkout.py", "node": "sample_cart", "hash": sample},
        {"op": "replace_text", "path": "shop/checkout.py", "old": "import json", "new": "import json as j"},
    ]

    result = await _run(EditBatchTool(bench), operations=operations)

    assert not result.is_error, result.text
    assert [path for path, _ in bench.files.writes] == ["/workspace/shop/models.py", "/workspace/shop/checkout.py"]
    assert "sample_cart" not in bench.files.texts["/workspace/shop/checkout.py"]


async def test_a_batch_without_operations_is_refused_with_the_rule_spelled_out(bench):
    result = await _run(EditBatchTool(bench), operations=[])

    assert result.is_error and result.text == EMPTY_BATCH_RULE
    assert "needs at least one operation" in result.text and "validate" in result.text


async def test_validate_checks_a_batch_and_shows_its_diff_without_writing(bench):
    total = await _read(bench, "Cart.total")
    operations = [{"op": "replace_node", "path": "shop/models.py", "node": "Cart.total", "hash": total,
                   "text": NEW_TOTAL}]

    result = await _run(EditBatchTool(bench), operations=operations, validate=True)

    assert result.text.startswith("the batch validates (1 operations); nothing was written")
    assert "+        return sum(item.price for item in self.items) + 1" in result.text
    assert bench.files.writes == []


async def test_an_edit_that_breaks_the_syntax_is_refused(bench):
    total = await _read(bench, "Cart.total")

    result = await _run(NodeReplaceTool(bench), path="shop/models.py", node="Cart.total", hash=total,
                        text="def total(self:\n        return")

    assert result.is_error and "does not parse (syntax errors at line" in result.text
    assert bench.files.writes == []


async def test_when_the_editor_refuses_a_file_the_files_written_before_are_restored(bench):
    total = await _read(bench, "Cart.total")
    sample = await _read(bench, "sample_cart", path="shop/checkout.py")
    bench.files.refuse_edits.add("/workspace/shop/checkout.py")
    operations = [
        {"op": "replace_node", "path": "shop/models.py", "node": "Cart.total", "hash": total, "text": NEW_TOTAL},
        {"op": "delete_node", "path": "shop/checkout.py", "node": "sample_cart", "hash": sample},
    ]

    result = await _run(EditBatchTool(bench), operations=operations)

    assert result.is_error and "nothing was applied: writing /workspace/shop/checkout.py failed" in result.text
    assert bench.files.texts["/workspace/shop/models.py"] == MODELS


async def test_the_gate_sees_the_paths_and_a_diff_of_the_edit(bench):
    total = await _read(bench, "Cart.total")
    tool = NodeReplaceTool(bench)

    call = await tool.describe(tool.parse({"path": "shop/models.py", "node": "Cart.total", "hash": total,
                                           "text": NEW_TOTAL}))

    assert call.paths == ("/workspace/shop/models.py",)
    assert "+        return sum(item.price for item in self.items) + 1" in call.preview
    assert call.tool_class == "edit"
    assert call.edit.path == "/workspace/shop/models.py" and "self.items) + 1" in call.edit.new_text
    assert call.edit.old_text is not None and "self.items) + 1" not in call.edit.old_text
