"""/dev-batches over the scripted model in a real temporary git repository with a real pytest suite: each
cycle's RED must fail and its GREEN pass with the suite, as the project's own tests say; a VALID batch is
committed and its sheet marked done; a GAPS verdict relaunches it; the third GAPS waits for the person; a
stopped run goes on where it stopped; a review that cannot run blocks the batch before its launch."""

from __future__ import annotations

import pytest

from orkeon_engine.domain.dev.batches_state import parse_batches_state
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.view import CommandView
from tests.support.dev_batches import (
    RESTORE_CODE,
    RESTORE_TEST,
    SAVE_CODE,
    SAVE_TEST,
    WORK,
    all_closed,
    batch_turns,
    commit_draft,
    dev_batches,
    head_files,
    log_subjects,
    review,
    saved,
    shop_engine,
    shop_repository,
    write,
)
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.github_api_server import GitHubApiServer
from tests.support.scripted_chat_model import ScriptedChatModel
from tests.support.temp_git import git

F1_TURNS = batch_turns(("tests/test_saved.py", SAVE_TEST), ("shop/saved.py", SAVE_CODE))
F2_TURNS = batch_turns(("tests/test_restore.py", RESTORE_TEST), ("shop/saved.py", RESTORE_CODE),
                       subject="add restoring a cart")


def _state(root):
    return parse_batches_state(saved(root, f"{WORK}/batches-state.md"))


async def _run(root, model, *words, progress=None, **engine) -> CommandView:
    running = await shop_engine(root, model, progress=progress, **engine)
    try:
        return await dev_batches(running, "cart-save", *words)
    finally:
        running.close()


async def test_red_then_green_closes_each_batch_with_a_commit_and_the_plan_with_one_push(tmp_path):
    root = shop_repository(tmp_path / "shop")
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(root, "remote", "add", "origin", str(remote))
    model = ScriptedChatModel([*F1_TURNS, *F2_TURNS])

    result = await _run(root, model, user_settings={"dev.prAuto": True})  # the person's own: it waits for no trust

    assert result.data["status"] == "DONE"
    assert log_subjects(root)[:2] == ["feat(cart): add restoring a cart", "feat(cart): add saving a cart"]
    assert sorted(head_files(root)) == ["shop/saved.py", "tests/test_restore.py"]
    assert "Status: done" in saved(root, f"{WORK}/sheets/F1.md")
    state = _state(root)
    assert [(b.id, b.state, b.cycles_done, b.cycles) for b in state.batches] == [("F1", "done", 1, 1),
                                                                                 ("F2", "done", 1, 1)]
    assert any("RED failed as it must" in line for line in state.log)
    assert model.remaining == 0
    assert state.closed == "pushed main, no pull request: main is the default branch"
    assert git(remote, "rev-parse", "main") == git(root, "rev-parse", "HEAD")


async def test_a_cycle_whose_red_does_not_fail_is_refused_before_any_production_change(tmp_path):
    root = shop_repository(tmp_path / "shop")
    passing = "def test_save():\n    assert True\n"
    model = ScriptedChatModel([review(), *write("tests/test_saved.py", passing), "still passes"])

    result = await _run(root, model)

    assert result.data["status"] == "STOPPED"
    assert "RED refused" in result.message or any("RED refused" in line for line in result.lines)
    assert not (root / "shop" / "saved.py").exists()
    assert log_subjects(root) == ["first"]
    assert _state(root).record("F1").state == "stopped"
    assert "the test must fail first" in model.requests[-1].last_user_text


async def test_a_red_that_changes_a_production_file_is_refused(tmp_path):
    root = shop_repository(tmp_path / "shop")
    model = ScriptedChatModel([review(), *write("shop/saved.py", SAVE_CODE)])

    result = await _run(root, model)

    assert any("RED refused: it changed shop/saved.py" in line for line in result.lines)
    assert _state(root).record("F1").state == "stopped"


async def test_a_review_major_row_ends_the_first_red_and_green_prompts_as_a_stale_line(tmp_path):
    root = shop_repository(tmp_path / "shop")
    major = {"severity": "Major", "target": "F1", "cites": f"{WORK}/sheets/F1.md:12",
             "question": "Does saving keep the lines' order, yes or no?"}
    model = ScriptedChatModel(batch_turns(("tests/test_saved.py", SAVE_TEST), ("shop/saved.py", SAVE_CODE),
                                          reviewed=review(major)))

    await _run(root, model, "F1")

    prompts = [r.last_user_text for r in model.requests]
    stale = f"stale: Does saving keep the lines' order, yes or no? — {WORK}/sheets/F1.md:12"
    assert prompts[1].rstrip().endswith(stale)
    assert len({p for p in prompts if stale in p}) == 2
    assert _state(root).record("F1").review == "FINDINGS (0 Blocking, 1 Major)"


async def test_a_review_that_cannot_run_blocks_the_batch_before_its_launch(tmp_path):
    root = shop_repository(tmp_path / "shop")
    model = ScriptedChatModel(["I looked around and it seems fine.", "not json", "not json either"])

    result = await _run(root, model)

    assert result.data["status"] == "BLOCKED"
    record = _state(root).record("F1")
    assert record.state == "blocked" and record.review.startswith("BLOCKED — review not run (")
    assert not (root / "tests" / "test_saved.py").exists()


async def test_a_run_stopped_in_the_second_batch_goes_on_there_when_typed_again(tmp_path):
    root = shop_repository(tmp_path / "shop")
    stopping = FakeProgress(cancel_after=25)  # the 25th report is F2's GREEN: the person stops it there
    first = ScriptedChatModel([*F1_TURNS, review(), *write("tests/test_restore.py", RESTORE_TEST)])

    stopped = await _run(root, first, progress=stopping)
    after_stop = _state(root)
    second = ScriptedChatModel(F2_TURNS[1:])
    resumed = await _run(root, second)

    assert stopped.data["status"] == "STOPPED" and after_stop.record("F2").state == "stopped"
    assert after_stop.record("F1").state == "done"
    assert resumed.data["status"] == "DONE"
    state = _state(root)
    assert (state.record("F1").launches, state.record("F2").launches) == (1, 2)
    assert "RED: the test must fail first. Batch F2" in second.requests[0].last_user_text
    assert log_subjects(root)[:2] == ["feat(cart): add restoring a cart", "feat(cart): add saving a cart"]


async def test_an_assumption_is_recorded_once_per_batch(tmp_path):
    root = shop_repository(tmp_path / "shop")
    model = ScriptedChatModel(batch_turns(("tests/test_saved.py", SAVE_TEST), ("shop/saved.py", SAVE_CODE),
                                          red_answer="Written.\nAssumption: a cart holds names\n"
                                                     "Assumption: a cart holds names"))

    await _run(root, model, "F1")

    assert _state(root).record("F1").assumptions == ("a cart holds names",)


async def test_a_batch_whose_dependencies_have_not_closed_is_refused(tmp_path):
    root = shop_repository(tmp_path / "shop")

    with pytest.raises(CommandFailedError, match="F2 runs after F1"):
        await _run(root, ScriptedChatModel(), "F2")


async def test_a_plan_that_is_not_written_is_refused_with_what_to_do(tmp_path):
    root = shop_repository(tmp_path / "shop")
    (root / WORK / "plan.md").unlink()

    with pytest.raises(CommandFailedError, match="/dev-plan cart-save writes it first"):
        await _run(root, ScriptedChatModel())



async def test_without_dev_pr_auto_the_plans_close_pushes_nothing_and_names_the_commands(tmp_path):
    root = shop_repository(tmp_path / "shop")
    git(root, "switch", "-q", "-c", "cart-save")
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(root, "remote", "add", "origin", str(remote))
    all_closed(root)

    result = await _run(root, ScriptedChatModel())

    assert result.data["status"] == "DONE" and result.data["closed"] == "no"
    assert ("every batch is committed on cart-save; dev.prAuto is off, so nothing was pushed: `git push -u origin "
            "cart-save`, then `gh pr create --base main --head cart-save`") in result.lines
    assert git(remote, "branch", "--list") == ""


async def test_with_dev_pr_auto_the_plans_close_pushes_once_and_opens_one_pull_request(tmp_path):
    root = shop_repository(tmp_path / "shop")
    git(root, "switch", "-q", "-c", "cart-save")
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(root, "remote", "add", "origin", "https://github.com/acme/rocket.git")
    git(root, "remote", "set-url", "--push", "origin", str(remote))
    all_closed(root)

    with GitHubApiServer(token="ghp_test") as api:
        result = await _run(root, ScriptedChatModel(), user_settings={"github.apiUrl": api.url, "dev.prAuto": True},
                            env={"GITHUB_TOKEN": "ghp_test"})
        again = await _run(root, ScriptedChatModel(), user_settings={"github.apiUrl": api.url, "dev.prAuto": True},
                           env={"GITHUB_TOKEN": "ghp_test"})

    (created,) = [r for r in api.requests if r.method == "POST"]
    assert created.path == "/repos/acme/rocket/pulls"
    assert (created.body["head"], created.body["base"], created.body["title"]) == ("cart-save", "main",
                                                                                 "Save a cart for later")
    assert result.data["closed"].startswith("pull request http")
    assert git(remote, "rev-parse", "cart-save") == git(root, "rev-parse", "HEAD")
    assert again.data["closed"] == result.data["closed"] and len(api.requests) == len([created])


async def test_gate_only_names_one_batch_and_audits_it_by_code_alone(tmp_path):
    from orkeon_engine.domain.ui.args import ArgumentError

    root = shop_repository(tmp_path / "shop")
    model = ScriptedChatModel([*F1_TURNS[:5]])  # F1's review, RED and GREEN: stopped at its audit
    await _run(root, model, "F1", progress=FakeProgress(cancel_after=10))

    with pytest.raises(ArgumentError, match="--gate-only audits one batch: name it"):
        await _run(root, ScriptedChatModel(), "--gate-only")
    result = await _run(root, ScriptedChatModel([commit_draft()]), "F1", "--gate-only")

    verdict = saved(root, f"{WORK}/verdicts/F1.md")
    assert "Auditor: code alone (--gate-only)" in verdict and result.data["verdicts"][0]["verdict"] == "VALID"


@pytest.mark.parametrize(("words", "said"), [
    (("--close",), "--close closes one batch: name it"),
    (("F1", "--close", "--audit"), "--close and --audit are two ways to end a batch"),
    (("F1", "--close", "--gate-only"), "--close and --gate-only are two ways to end a batch"),
])
async def test_close_names_one_batch_and_goes_with_no_audit(tmp_path, words, said):
    from orkeon_engine.domain.ui.args import ArgumentError

    root = shop_repository(tmp_path / "shop")

    with pytest.raises(ArgumentError, match=said):
        await _run(root, ScriptedChatModel(), *words)

    assert not (root / WORK / "batches-state.md").exists()
