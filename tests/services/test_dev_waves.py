import asyncio
from pathlib import Path

import git
import pytest

from orkeon_engine.domain.dev.waves import parse_waves
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.services.dev_waves import recover_waves, run_wave, state_file
from tests.support.dev_waves import BATCH_FILES, PLACE, START_FILES, WaveRig, kill_at, wave_batch
from tests.support.doubles.fake_batch_runner import FakeBatchRunner
from tests.support.doubles.fake_project_checks import FakeProjectChecks
from tests.support.git_repo import commit_files, init_repo, isolate_git

F1, F2 = wave_batch("F1", test="tests/test_save.py"), wave_batch("F2", test="tests/test_restore.py")


@pytest.fixture
def repo(tmp_path, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "home")
    repository = init_repo(tmp_path / "work")
    commit_files(repository, START_FILES, "chore: start")
    return repository


def root_of(repo: git.Repo) -> Path:
    return Path(repo.working_tree_dir)


def worktrees(repo: git.Repo) -> list[str]:
    listed = repo.git.worktree("list", "--porcelain").split("\n\n")
    return [block.splitlines()[0].removeprefix("worktree ") for block in listed[1:] if block.strip()]


def batch_branches(repo: git.Repo) -> list[str]:
    return [head.name for head in repo.heads if head.name.startswith("orkeon/")]


def project_changes(repo: git.Repo) -> list[str]:
    """What `git status` shows of the project besides the wave state file (the work folder is not ignored here)."""
    lines = repo.git.status("--porcelain", "--untracked-files=all").splitlines()
    return [line for line in lines if not line.endswith(state_file(PLACE))]


def state(repo: git.Repo) -> dict[str, str]:
    record = parse_waves((root_of(repo) / state_file(PLACE)).read_text())
    return {entry.batch: entry.state for entry in record.entries}


async def test_two_independent_batches_run_at_once_in_two_worktrees_and_both_merge_fast_forward(repo):
    rig = WaveRig(root_of(repo), FakeBatchRunner(BATCH_FILES, together=2))

    outcome = await run_wave(PLACE, [F1, F2], rig.ports())

    assert rig.runner.most_at_once == 2
    trees = f"{rig.root}/{PLACE.path}/trees"
    assert [root for _, root in rig.runner.runs] == [f"{trees}/F1", f"{trees}/F2"]
    assert [(landing.batch, landing.state) for landing in outcome.landings] == [("F1", "merged"), ("F2", "merged")]
    assert outcome.landings[1].files == ("shop/restore.py", "tests/test_restore.py")
    assert all((rig.root / path).exists() for files in BATCH_FILES.values() for path in files)
    assert [c.summary for c in repo.iter_commits("main")] == ["feat: batch F2", "feat: batch F1", "chore: start"]
    assert (worktrees(repo), batch_branches(repo), state(repo)) == ([], [], {"F1": "merged", "F2": "merged"})


async def test_a_batch_rebased_on_the_last_merged_one_runs_its_own_tests_again_in_its_worktree(repo):
    rig = WaveRig(root_of(repo), FakeBatchRunner(BATCH_FILES))

    await run_wave(PLACE, [F1, F2], rig.ports())

    assert rig.checked_at == [f"{rig.root}/{PLACE.path}/trees/F2"]
    assert rig.checks.runs == [("tests", ("tests/test_restore.py",))]


async def test_a_conflicting_pair_merges_the_first_and_stops_the_second_with_its_files(repo):
    files = {"F1": {"shop/cart.py": "TOTAL = 1\n"}, "F2": {"shop/cart.py": "TOTAL = 2\n"}}
    rig = WaveRig(root_of(repo), FakeBatchRunner(files))

    outcome = await run_wave(PLACE, [F1, F2], rig.ports())

    stopped = outcome.landings[1]
    assert (stopped.batch, stopped.state, stopped.files) == ("F2", "stopped", ("shop/cart.py",))
    assert "conflict in shop/cart.py" in stopped.message and f"{PLACE.path}/trees/F2 is kept" in stopped.message
    assert (rig.root / "shop/cart.py").read_text() == "TOTAL = 1\n" and project_changes(repo) == []
    assert worktrees(repo) == [f"{rig.root}/{PLACE.path}/trees/F2"]
    assert state(repo) == {"F1": "merged", "F2": "stopped"}


async def test_tests_failing_after_the_rebase_stop_the_batch_before_its_merge(repo):
    rig = WaveRig(root_of(repo), FakeBatchRunner(BATCH_FILES))
    rig.checks = FakeProjectChecks({"tests": "pytest"}, exit_codes={"tests": 1}, tails={"tests": ("1 failed",)})

    outcome = await run_wave(PLACE, [F1, F2], rig.ports())

    assert outcome.landings[1].state == "stopped"
    assert "its tests fail (`pytest tests/test_restore.py` exited 1: 1 failed)" in outcome.landings[1].message
    assert not (rig.root / "shop/restore.py").exists()


async def test_a_gaps_batch_keeps_its_worktree_and_a_failing_runner_reads_blocked(repo):
    runner = FakeBatchRunner(BATCH_FILES, verdicts={"F1": "GAPS"}, errors={"F2": RuntimeError("the review broke")})
    rig = WaveRig(root_of(repo), runner)

    outcome = await run_wave(PLACE, [F1, F2], rig.ports())

    assert [(landing.batch, landing.state) for landing in outcome.landings] == [("F1", "gaps"), ("F2", "blocked")]
    assert len(worktrees(repo)) == 2 and repo.head.commit.summary == "chore: start"
    assert "the review broke" in (rig.root / state_file(PLACE)).read_text()


async def test_a_relaunched_batch_goes_on_in_the_worktree_it_kept(repo):
    rig = WaveRig(root_of(repo), FakeBatchRunner(BATCH_FILES, verdicts={"F1": "GAPS"}))
    await run_wave(PLACE, [F1], rig.ports())
    rig.runner = FakeBatchRunner({"F1": {"shop/fix.py": "FIXED = 1\n"}})

    outcome = await run_wave(PLACE, [F1], rig.ports())

    assert outcome.landings[0].files == ("shop/fix.py", "shop/save.py", "tests/test_save.py")
    assert worktrees(repo) == []


async def test_the_worktrees_never_show_as_changes_of_the_project(repo):
    rig = WaveRig(root_of(repo), FakeBatchRunner(BATCH_FILES, verdicts={"F1": "GAPS", "F2": "GAPS"}))

    await run_wave(PLACE, [F1, F2], rig.ports())

    assert project_changes(repo) == [] and len(worktrees(repo)) == 2


async def test_a_detached_head_is_refused_before_any_worktree(repo):
    repo.git.checkout("--detach")
    rig = WaveRig(root_of(repo), FakeBatchRunner(BATCH_FILES))

    with pytest.raises(CommandFailedError, match="HEAD is detached: switch to a branch"):
        await run_wave(PLACE, [F1, F2], rig.ports())

    assert worktrees(repo) == []


async def test_a_repository_without_a_commit_is_refused_with_gits_reason(tmp_path, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "home")
    rig = WaveRig(root_of(init_repo(tmp_path / "empty")), FakeBatchRunner(BATCH_FILES))

    with pytest.raises(CommandFailedError, match="the batches of cart-save cannot run in worktrees: git rev-parse"):
        await run_wave(PLACE, [F1], rig.ports())


async def test_a_wave_state_that_does_not_read_is_named_and_nothing_runs(repo):
    (root_of(repo) / state_file(PLACE)).parent.mkdir(parents=True)
    (root_of(repo) / state_file(PLACE)).write_text("scribbled\n")
    rig = WaveRig(root_of(repo), FakeBatchRunner(BATCH_FILES))

    with pytest.raises(CommandFailedError, match=r"waves-state.md: the first line must be"):
        await run_wave(PLACE, [F1], rig.ports())

    assert rig.runner.runs == []


async def test_a_merge_left_pending_on_another_branch_is_not_made_on_the_branch_checked_out_now(repo):
    rig = WaveRig(root_of(repo), FakeBatchRunner(BATCH_FILES))
    (rig.root / state_file(PLACE)).parent.mkdir(parents=True)
    (rig.root / state_file(PLACE)).write_text("# Waves of cart-save\n\nBranch: main\n\n- F1 · merging\n")
    repo.git.switch("-c", "elsewhere")

    with pytest.raises(CommandFailedError, match="F1 of cart-save wait to merge into main, and elsewhere is "
                                                 "checked out: switch back to main"):
        await recover_waves(PLACE, rig.ports(), [F1])


@pytest.mark.parametrize(("stop", "expected_head"), [
    ("held", "chore: start"),
    ("F1 · merging", "chore: start"),
    ("F1 · merged", "feat: batch F1"),
    ("F2 · rebased", "feat: batch F1"),
])
async def test_a_wave_killed_at_any_step_leaves_main_before_or_after_a_batch_and_the_next_run_cleans_up(
        repo, stop, expected_head):
    start = repo.head.commit.hexsha
    await asyncio.to_thread(kill_at, "tests.support.dev_waves", root_of(repo), stop)
    killed_head = repo.head.commit.summary
    rig = WaveRig(root_of(repo), FakeBatchRunner(BATCH_FILES))

    recovery = await recover_waves(PLACE, rig.ports(), [F1, F2])
    outcome = await run_wave(PLACE, [F1, F2], rig.ports()) if worktrees(repo) else None

    assert killed_head == expected_head
    assert recovery.lines, "the recovery reports what it found"
    assert worktrees(repo) == [] and batch_branches(repo) == []
    assert [c.summary for c in repo.iter_commits("main")][-1] == "chore: start" and start in repo.git.rev_list("main")
    assert all((root_of(repo) / path).exists() for files in BATCH_FILES.values() for path in files)
    assert outcome is None or all(landing.state == "merged" for landing in outcome.landings)
    assert project_changes(repo) == []
