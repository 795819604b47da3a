"""End to end: /dev-batches runs one batch through the real language server, in a real git repository with
a real pytest suite, the model played by the loopback stub: the sheet's inline review, RED (the new test
fails as the project's own pytest run shows), GREEN (it passes with the suite), the audit by the dev-auditor
child (its verdict in verdicts/F1.md), the commit of the batch's
files, its sheet marked done, and the batch's progress in `$/progress` with its cycle, RED/GREEN, tokens and
cost."""

from __future__ import annotations

import json

from tests.support.dev_batches import (
    SAVE_CODE,
    SAVE_TEST,
    WORK,
    commit_draft,
    head_files,
    log_subjects,
    python_path,
    shop_repository,
)
from tests.support.lsp_session import run_command
from tests.support.stub_openai_server import StubOpenAIServer


def _write(path: str, content: str) -> list[dict[str, object]]:
    return [{"tool_calls": [{"name": "file_write", "arguments": {"path": path, "content": content}}], "content": None},
            {"content": "done"}]


SCRIPT = [
    {"content": json.dumps({"findings": []})},
    *_write("tests/test_saved.py", SAVE_TEST),
    *_write("shop/saved.py", SAVE_CODE),
    {"content": json.dumps({"rows": [], "undecided": []})},  # the dev-auditor child finds no gap
    {"content": commit_draft()},
]


async def test_one_batch_runs_red_then_green_and_is_committed_through_the_language_server(start_server, workspace):
    shop_repository(workspace)
    with StubOpenAIServer(SCRIPT) as stub:
        client = await start_server(env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url,
                                         "PATH": python_path()})

        result = await run_command(client, "dev-batches", "cart-save", "F1")

    assert result["message"] == "batches cart-save: DONE — F1 closed", result
    assert log_subjects(workspace)[0] == "feat(cart): add saving a cart"
    assert sorted(head_files(workspace)) == ["shop/saved.py", "tests/test_saved.py"]
    assert "Status: done" in (workspace / WORK / "sheets" / "F1.md").read_text(encoding="utf-8")
    assert "# Verdict F1 of cart-save: VALID" in (workspace / WORK / "verdicts" / "F1.md").read_text(encoding="utf-8")
    state = (workspace / WORK / "batches-state.md").read_text(encoding="utf-8")
    assert "### F1 · done" in state and "RED failed as it must" in state
    messages = [getattr(r, "message", "") or "" for reports in client.progress_reports.values() for r in reports]
    assert any(m.startswith("F1 · cycle 1/1 · RED · 10 tokens in, 5 out, ") for m in messages), messages
    assert any(m.startswith("F1 · cycle 1/1 · GREEN · ") for m in messages)


def _batch_steps(mark: str, test: tuple[str, str], code: tuple[str, str], subject: str) -> list[dict[str, object]]:
    """One batch's steps, each answering only the calls about that batch (its test file in the brief)."""
    steps: list[dict[str, object]] = [
        {"content": json.dumps({"findings": []}), "together": 2},  # both reviews in flight at once
        *_write(*test), *_write(*code),
        {"content": json.dumps({"rows": [], "undecided": []})},
        {"content": commit_draft(subject)},
    ]
    return [{**step, "when": mark} for step in steps]


async def test_two_batches_run_at_once_in_worktrees_and_merge_through_the_language_server(start_server, workspace):
    from tests.support.dev_batches_waves import PRICE_CODE, PRICE_TEST, WAVE_PLAN

    shop_repository(workspace, WAVE_PLAN)
    script = [*_batch_steps("test_saved", ("tests/test_saved.py", SAVE_TEST), ("shop/saved.py", SAVE_CODE),
                            "add saving a cart"),
              *_batch_steps("test_price", ("tests/test_price.py", PRICE_TEST), ("shop/price.py", PRICE_CODE),
                            "add pricing a cart")]
    with StubOpenAIServer(script) as stub:
        client = await start_server(env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url,
                                         "PATH": python_path()})

        result = await run_command(client, "dev-batches", "cart-save", "--concurrency", "2")
        at_once = stub.most_at_once()

    assert result["message"] == "batches cart-save: DONE — plan cart-save: every batch closed", result
    assert at_once >= 2
    assert set(log_subjects(workspace)[:2]) == {"feat(cart): add saving a cart", "feat(cart): add pricing a cart"}
    assert (workspace / "shop/saved.py").exists() and (workspace / "shop/price.py").exists()
    assert not (workspace / WORK / "trees" / "F1").exists() and not (workspace / WORK / "trees" / "F2").exists()
    messages = [getattr(r, "message", "") or "" for reports in client.progress_reports.values() for r in reports]
    assert any(m.startswith("F2 · merged") for m in messages), messages
