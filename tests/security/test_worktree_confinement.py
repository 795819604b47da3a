"""Attacks from a batch's worktree (`/dev-batches --concurrency N`) on the person's main working tree, each
stopped by the files a batch's tools get (the composition root's working-root opener, over a real repository
and a real worktree): a path climbing out of the worktree, a climb out of the shared work folder mount, and a
symlink the batch committed that leads back to the main tree. What the worktree's tools write stays in it; only
the work folder is the main tree's."""

from __future__ import annotations

import os

import pytest

from orkeon_engine.ports.files import FilesError
from tests.support.dev_batches import WORK, shop_engine, shop_repository
from tests.support.scripted_chat_model import ScriptedChatModel
from tests.support.temp_git import git

TREE = f"{WORK}/trees/F1"


@pytest.fixture
async def tree_files(tmp_path):
    """The files a batch of the shop gets in its worktree, and the shop's root."""
    root = shop_repository(tmp_path / "shop")
    git(root, "worktree", "add", "-q", "-b", "orkeon/cart-save/F1", str(root / TREE))
    engine = await shop_engine(root, ScriptedChatModel())
    assert engine.deps.working_root is not None
    opened = engine.deps.working_root(str(root / TREE), ".orkeon/work")
    try:
        yield opened.files, root
    finally:
        opened.close()
        engine.close()


@pytest.mark.parametrize("path", [
    "/workspace/../../../../shop/cart.py",
    "../../../../shop/cart.py",
    "/workspace/.orkeon/work/../../shop/cart.py",
    "/workspace/.orkeon/work/cart-save/../../../shop/cart.py",
])
async def test_a_path_climbing_out_of_the_worktree_cannot_reach_the_main_tree(tree_files, path):
    files, root = tree_files
    before = (root / "shop/cart.py").read_text(encoding="utf-8")

    with pytest.raises(FilesError):
        await files.write_text(path, "stolen = True\n")

    assert (root / "shop/cart.py").read_text(encoding="utf-8") == before


async def test_a_symlink_in_the_worktree_leading_to_the_main_tree_is_refused(tree_files):
    files, root = tree_files
    os.symlink(root / "shop", root / TREE / "escape")

    with pytest.raises(FilesError, match="symlink leads out"):
        await files.write_text("/workspace/escape/cart.py", "stolen = True\n")

    assert "stolen" not in (root / "shop/cart.py").read_text(encoding="utf-8")


async def test_a_relative_path_writes_in_the_worktree_and_the_work_folder_is_the_main_trees(tree_files):
    files, root = tree_files
    before = (root / "shop/cart.py").read_text(encoding="utf-8")

    await files.write_text("shop/cart.py", "in_the_worktree = True\n")
    await files.write_text(f"/workspace/{WORK}/notes.md", "one work folder\n")

    assert (root / TREE / "shop/cart.py").read_text(encoding="utf-8") == "in_the_worktree = True\n"
    assert (root / "shop/cart.py").read_text(encoding="utf-8") == before
    assert (root / WORK / "notes.md").read_text(encoding="utf-8") == "one work folder\n"
    assert not (root / TREE / WORK / "notes.md").exists()


@pytest.mark.parametrize("path", [f"/workspace/./{WORK}/notes.md", f"/workspace/shop/../{WORK}/notes.md",
                                  f"shop/../{WORK}/notes.md"])
async def test_the_work_folder_is_the_main_trees_however_its_path_is_spelt(tree_files, path):
    files, root = tree_files

    await files.write_text(path, "one work folder\n")

    assert (root / WORK / "notes.md").read_text(encoding="utf-8") == "one work folder\n"
    assert not (root / TREE / WORK / "notes.md").exists()
