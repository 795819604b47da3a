"""The batch loop over the scripted model in a real repository with a real pytest suite, its audit played by
a FakeBatchAuditor: a GAPS verdict relaunches the batch with its rows appended as a correction step, the third
GAPS since the last VALID goes to the person, `--audit` audits a batch as it stands (on GAPS
relaunching nothing), `--close` closes a batch alone on its VALID verdict, and a verdict's rows reach the
findings board on the lines they cite."""

from __future__ import annotations

import dataclasses

import pytest

from orkeon_engine.commands.dev.batch_wiring import batches_ports
from orkeon_engine.crews.dev_batches.run import run_dev_batches
from orkeon_engine.domain.dev.batches_state import parse_batches_state
from orkeon_engine.domain.dev.verdict import Verdict, render_verdict
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.ports.batch_audit import AuditRow, AuditVerdict
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.dev_batches import (
    PLAN,
    SAVE_CODE,
    SAVE_TEST,
    WORK,
    batch_turns,
    commit_draft,
    log_subjects,
    saved,
    shop_engine,
    shop_repository,
)
from tests.support.doubles.fake_batch_auditor import FakeBatchAuditor
from tests.support.scripted_chat_model import ScriptedChatModel

F1_TURNS = batch_turns(("tests/test_saved.py", SAVE_TEST), ("shop/saved.py", SAVE_CODE), audited=False)
"""F1 run once, its audit played by a FakeBatchAuditor."""
GAP = AuditVerdict("GAPS", (AuditRow("Major", "shop/saved.py:1", "save keeps no copy of the lines"),
                            AuditRow("Minor", "shop/saved.py:2", "a name could be clearer")))


async def _batches(root, model, auditor, only="F1", audit_only=False, close_only=False):
    from orkeon_engine.commands.dev.dev_batches import _request

    engine = await shop_engine(root, model)
    try:
        deps = engine.deps.for_run("dev-batches")
        folder = await WorkFolder.open(deps.config, deps.files)
        request = await _request(folder, folder.place(PLAN.code), only, audit_only)
        request = dataclasses.replace(request, close_only=close_only)
        outcome = await run_dev_batches(request, await batches_ports(deps, folder, auditor))
        return outcome, await engine.deps.findings.for_path("shop/saved.py")
    finally:
        engine.close()


async def test_a_gaps_verdict_relaunches_the_batch_with_its_rows_as_a_correction_step(tmp_path):
    root = shop_repository(tmp_path / "shop")
    model = ScriptedChatModel([*F1_TURNS[:-1], "settled: save copies the lines", commit_draft()])
    auditor = FakeBatchAuditor([GAP, AuditVerdict("VALID")])

    outcome, _ = await _batches(root, model, auditor)

    correction = next(r.last_user_text for r in model.requests if "audited with gaps" in r.last_user_text)
    assert "Correction: settle Major · shop/saved.py:1 · save keeps no copy of the lines" in correction
    assert "a name could be clearer" not in correction  # a Minor row is no correction
    assert outcome.status == "DONE" and len(auditor.requests) == 2
    record = parse_batches_state(saved(root, f"{WORK}/batches-state.md")).record("F1")
    assert (record.state, record.launches, record.rounds) == ("done", 2, 0)
    assert log_subjects(root)[0] == "feat(cart): add saving a cart"


async def test_the_third_gaps_since_the_last_valid_goes_to_the_person(tmp_path):
    root = shop_repository(tmp_path / "shop")
    model = ScriptedChatModel([*F1_TURNS[:-1], "tried", "tried again"])
    auditor = FakeBatchAuditor([GAP, GAP, GAP])

    outcome, _ = await _batches(root, model, auditor)

    assert outcome.status == "WAITING" and "waits for you" in outcome.message
    record = parse_batches_state(saved(root, f"{WORK}/batches-state.md")).record("F1")
    assert (record.state, record.rounds, record.launches) == ("waiting", 3, 3)
    assert log_subjects(root) == ["first"]
    assert model.remaining == 0


async def test_a_waiting_batch_audited_again_as_it_stands_closes_on_valid(tmp_path):
    root = shop_repository(tmp_path / "shop")
    await _batches(root, ScriptedChatModel([*F1_TURNS[:-1], "tried", "tried again"]), FakeBatchAuditor([GAP] * 3))

    outcome, _ = await _batches(root, ScriptedChatModel([commit_draft()]), FakeBatchAuditor(), audit_only=True)

    assert outcome.status == "DONE"
    assert parse_batches_state(saved(root, f"{WORK}/batches-state.md")).record("F1").state == "done"
    assert "Status: done" in saved(root, f"{WORK}/sheets/F1.md")


async def test_a_verdicts_rows_are_findings_on_the_lines_they_cite(tmp_path):
    root = shop_repository(tmp_path / "shop")
    model = ScriptedChatModel([*F1_TURNS[:-1],
                               "tried", "tried again"])

    _, findings = await _batches(root, model, FakeBatchAuditor([GAP] * 3))

    assert [(f.line, f.quote, f.severity) for f in findings] == [(1, "def save(lines):", "high"),
                                                                 (2, "return tuple(lines)", "low")]
    assert findings[0].title == "F1 audit: save keeps no copy of the lines"


async def test_an_audit_alone_that_finds_gaps_keeps_the_correction_and_relaunches_nothing(tmp_path):
    root = shop_repository(tmp_path / "shop")
    model = ScriptedChatModel([])

    outcome, _ = await _batches(root, model, FakeBatchAuditor([GAP]), audit_only=True)

    assert outcome.status == "GAPS" and "not relaunched" in outcome.message
    assert not any("relaunched with" in line for line in outcome.lines) and model.requests == []
    text = saved(root, f"{WORK}/batches-state.md")
    record = parse_batches_state(text).record("F1")
    assert (record.state, record.rounds, record.launches) == ("gaps", 1, 0)
    assert record.corrections == ("Major · shop/saved.py:1 · save keeps no copy of the lines",)
    assert "F1 · audit 1 GAPS: 1 row kept as the correction of its next launch" in text


async def test_close_alone_commits_a_batch_whose_verdict_is_valid_without_auditing_it(tmp_path):
    root = shop_repository(tmp_path / "shop")
    (root / "shop" / "saved.py").write_text(SAVE_CODE, encoding="utf-8")
    (root / "tests" / "test_saved.py").write_text(SAVE_TEST, encoding="utf-8")
    (root / WORK / "verdicts").mkdir()
    (root / WORK / "verdicts" / "F1.md").write_text(render_verdict(Verdict(PLAN.code, "F1", "VALID")), encoding="utf-8")
    auditor = FakeBatchAuditor()

    outcome, _ = await _batches(root, ScriptedChatModel([commit_draft()]), auditor, close_only=True)

    assert (outcome.status, outcome.message) == ("DONE", "F1 closed") and auditor.requests == []
    assert log_subjects(root)[0] == "feat(cart): add saving a cart"
    assert parse_batches_state(saved(root, f"{WORK}/batches-state.md")).record("F1").state == "done"


async def test_close_alone_refuses_a_batch_without_a_verdict_naming_the_file(tmp_path):
    root = shop_repository(tmp_path / "shop")

    with pytest.raises(CommandFailedError, match=f"F1 has no verdict yet \\({WORK}/verdicts/F1.md\\)"):
        await _batches(root, ScriptedChatModel([]), FakeBatchAuditor(), close_only=True)

    assert log_subjects(root) == ["first"]
