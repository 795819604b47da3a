"""/dev-batches <code> --concurrency N in a real temporary git repository with a real pytest suite: the batches
whose dependencies closed run at once, each in its git worktree under the work folder, and merge fast-forward
in id order; a conflicting pair stops the second for the person, who mends it in its worktree; a run killed
in the middle of a wave is found and cleaned by the next one."""

from __future__ import annotations

import asyncio
import re

import pytest

from orkeon_engine.domain.dev.batches_state import parse_batches_state
from orkeon_engine.domain.dev.waves import parse_waves
from orkeon_engine.domain.ui.args import ArgumentError
from orkeon_engine.domain.ui.view import render_text
from tests.support.dev_batches import (
    RESTORE_CODE,
    RESTORE_TEST,
    SAVE_CODE,
    SAVE_TEST,
    WORK,
    batch_turns,
    log_subjects,
    saved,
    shop_repository,
)
from tests.support.dev_batches_waves import CART, WAVE_PLAN, cart_text, run_waves, wave_model
from tests.support.dev_waves import kill_at
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.routed_chat_model import RoutedChatModel
from tests.support.scripted_chat_model import ScriptedChatModel
from tests.support.temp_git import git

TREES = f"{WORK}/trees"


def worktrees(root) -> list[str]:
    listed = git(root, "worktree", "list", "--porcelain").split("\n\n")
    return [block.splitlines()[0].removeprefix("worktree ") for block in listed[1:] if block.strip()]


def batch_branches(root) -> list[str]:
    return [name for name in git(root, "branch", "--format=%(refname:short)").split() if name.startswith("orkeon/")]


def project_changes(root) -> list[str]:
    """What `git status` shows outside the work folder (which /dev-plan leaves uncommitted)."""
    return [line for line in git(root, "status", "--porcelain", "--untracked-files=all").splitlines()
            if not line[3:].startswith(".orkeon/")]


def _state(root):
    return parse_batches_state(saved(root, f"{WORK}/batches-state.md"))


async def test_two_independent_batches_run_at_once_in_two_worktrees_and_both_merge_fast_forward(tmp_path):
    root = shop_repository(tmp_path / "shop", WAVE_PLAN)
    model = wave_model(meet=2)  # each batch's first call waits for the other's
    progress = FakeProgress()

    result = await run_waves(root, model, "--concurrency", "2", progress=progress)

    assert result.data["status"] == "DONE", render_text(result)
    assert model.max_active == 2, "the two batches' calls were in flight at once"
    assert model.remaining == 0
    assert set(log_subjects(root)[:2]) == {"feat(cart): add batch F1", "feat(cart): add batch F2"}
    assert git(root, "rev-list", "--merges", "HEAD") == "", "fast-forward merges only"
    assert saved(root, "shop/price.py") and saved(root, "shop/saved.py")
    assert worktrees(root) == [] and batch_branches(root) == [] and project_changes(root) == []
    state = _state(root)
    assert [(b.id, b.state) for b in state.batches] == [("F1", "done"), ("F2", "done")]
    commits = set(git(root, "log", "--format=%h", "-2").split())
    assert {b.commit for b in state.batches} <= {c[:7] for c in commits}
    waves = parse_waves(saved(root, f"{WORK}/waves-state.md"))
    assert [(e.batch, e.state) for e in waves.entries] == [("F1", "merged"), ("F2", "merged")]
    reported = [message for kind, message in progress.events if kind == "report"]
    assert any(m.startswith("F1 · worktree") for m in reported) and any(m.startswith("F2 · worktree")
                                                                         for m in reported)
    assert "F2 · merged fast-forward" in render_text(result)


async def test_a_batch_works_in_its_worktree_and_the_main_tree_is_untouched_until_its_merge(tmp_path):
    root = shop_repository(tmp_path / "shop", WAVE_PLAN)
    seen: dict[str, bool] = {}
    model = wave_model()

    script = model.routes["test_saved"]
    draft = script.turns[-1]

    def look(request):  # F1's commit message is asked once its files are staged: in its worktree only
        seen["main has it"] = (root / "shop/saved.py").exists()
        seen["its worktree has it"] = (root / TREES / "F1/shop/saved.py").exists()
        return draft

    script.turns[-1] = look

    result = await run_waves(root, model, "--concurrency", "2")

    assert result.data["status"] == "DONE", render_text(result)
    assert seen == {"main has it": False, "its worktree has it": True}


async def test_a_conflicting_pair_merges_the_first_and_stops_the_second_until_the_person_mends_it(tmp_path):
    root = shop_repository(tmp_path / "shop", WAVE_PLAN)

    first = await run_waves(root, wave_model(clashing=True), "--concurrency", "2")

    assert first.data["status"] == "STOPPED"
    assert "F2 · stopped for you" in render_text(first) and CART in render_text(first)
    assert saved(root, CART) == cart_text("F1"), "F1 merged, F2 did not"
    assert worktrees(root) == [str(root / TREES / "F2")] and batch_branches(root) == ["orkeon/cart-save/F2"]
    assert "Status: done" in saved(root, f"{WORK}/sheets/F2.md")

    again = await run_waves(root, RoutedChatModel({}), "--concurrency", "2")  # no model call: its merge again

    assert again.data["status"] == "STOPPED" and CART in render_text(again)
    tree = root / TREES / "F2"
    git(tree, "rebase", "-X", "theirs", "main")  # the person keeps F2's shop/cart.py

    mended = await run_waves(root, RoutedChatModel({}), "--concurrency", "2")

    assert mended.data["status"] == "DONE", render_text(mended)
    assert saved(root, CART) == cart_text("F2")
    assert worktrees(root) == [] and batch_branches(root) == [] and project_changes(root) == []


async def test_a_run_killed_in_the_middle_of_a_wave_is_cleaned_and_finished_by_the_next_one(tmp_path):
    root = shop_repository(tmp_path / "shop", WAVE_PLAN)
    await asyncio.to_thread(kill_at, "tests.support.dev_batches_waves", root, "F1 · merging")
    assert len(worktrees(root)) == 2, "the killed run left both worktrees"

    result = await run_waves(root, RoutedChatModel({}), "--concurrency", "2")  # both were VALID: no model call

    assert result.data["status"] == "DONE", render_text(result)
    assert "its merge had not finished" in render_text(result)
    assert worktrees(root) == [] and batch_branches(root) == [] and project_changes(root) == []
    assert saved(root, "shop/price.py") and saved(root, "shop/saved.py")


async def test_a_sequential_run_after_a_wave_left_a_batch_in_its_worktree_says_how_to_go_on(tmp_path):
    root = shop_repository(tmp_path / "shop", WAVE_PLAN)
    await run_waves(root, wave_model(clashing=True), "--concurrency", "2")

    result = await run_waves(root, RoutedChatModel({}))

    assert result.data["status"] == "STOPPED"
    said = render_text(result)
    assert "F2 of cart-save go on in their worktrees" in said and "--concurrency 2" in said


@pytest.mark.parametrize(("words", "says"), [
    (("--concurrency", "9"), "--concurrency 9 is out of range"),
    (("--concurrency", "two"), "is not a number"),
    (("F1", "--concurrency", "2"), "it takes no batch (F1)"),
])
async def test_a_concurrency_it_cannot_use_is_refused_naming_the_flag(tmp_path, words, says):
    root = shop_repository(tmp_path / "shop", WAVE_PLAN)

    with pytest.raises(ArgumentError, match=re.escape(says)):
        await run_waves(root, RoutedChatModel({}), *words)
    assert worktrees(root) == []


async def test_a_batch_that_depends_on_another_runs_in_the_next_wave_from_the_merged_one(tmp_path):
    root = shop_repository(tmp_path / "shop")  # F2 restores what F1 saves: F2 runs after F1
    model = ScriptedChatModel([*batch_turns(("tests/test_saved.py", SAVE_TEST), ("shop/saved.py", SAVE_CODE)),
                               *batch_turns(("tests/test_restore.py", RESTORE_TEST), ("shop/saved.py", RESTORE_CODE),
                                            subject="add restoring a cart")])
    progress = FakeProgress()

    result = await run_waves(root, model, "--concurrency", "2", progress=progress)

    assert result.data["status"] == "DONE", render_text(result)
    assert log_subjects(root)[:2] == ["feat(cart): add restoring a cart", "feat(cart): add saving a cart"]
    reported = progress.messages()
    assert reported.index("F1 · merged") < next(i for i, m in enumerate(reported) if m.startswith("F2 · worktree"))
    assert worktrees(root) == [] and batch_branches(root) == []


async def test_the_persons_stop_ends_the_run_after_its_wave_and_the_next_run_goes_on(tmp_path):
    root = shop_repository(tmp_path / "shop")
    f1 = batch_turns(("tests/test_saved.py", SAVE_TEST), ("shop/saved.py", SAVE_CODE))
    f2 = batch_turns(("tests/test_restore.py", RESTORE_TEST), ("shop/saved.py", RESTORE_CODE),
                     subject="add restoring a cart")

    stopped = await run_waves(root, ScriptedChatModel(list(f1)), "--concurrency", "2",
                              progress=FakeProgress(cancel_after=4))

    assert stopped.data["status"] == "STOPPED", render_text(stopped)
    assert "stopped by you" in render_text(stopped)
    assert not (root / TREES / "F2").exists(), "no wave starts after the stop"
    assert worktrees(root) == [str(root / TREES / "F1")]

    model = ScriptedChatModel([*f1, *f2])
    again = await run_waves(root, model, "--concurrency", "2")

    assert again.data["status"] == "DONE", render_text(again)
    assert model.remaining == 0, "F1 runs again from its review in the worktree it kept"
    assert worktrees(root) == [] and batch_branches(root) == []
