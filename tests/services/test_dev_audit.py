import dataclasses
import json

from orkeon_engine.crews.dev_plan.prompt_catalogue import SAMPLE_PLAN, SAMPLE_PLAN_FILE
from orkeon_engine.domain.dev.sheet import render_sheet
from orkeon_engine.domain.dev.verdict import parse_verdict
from orkeon_engine.ports.chat_model import LlmFailure
from orkeon_engine.ports.git import GitError
from tests.support.dev_audits import (
    CAPTURE,
    COMMANDS,
    SHEET_FILE,
    VERDICT_FILE,
    audit,
    audit_deps,
    audit_project,
    delivered_git,
    row,
    rows,
)
from tests.support.doubles.fake_project_checks import FakeProjectChecks
from tests.support.scripted_chat_model import Call


def _checks(**changes):
    fields = {"commands": dict(COMMANDS), **changes}
    return FakeProjectChecks(**fields)


async def test_a_batch_the_auditor_finds_nothing_in_is_valid_and_its_verdict_written():
    deps = await audit_deps(rows())

    verdict = await audit(deps)

    (child,) = await deps.children.recent()
    assert (child.charter, child.step, child.mode) == ("dev-auditor", "dev-verify", "plan")
    assert verdict.verdict == "VALID" and verdict.auditor == child.title
    assert parse_verdict(deps.files.texts[f"/workspace/{VERDICT_FILE}"]) == verdict


async def test_the_gate_and_the_capture_run_the_build_the_batchs_tests_and_the_suite_each_written():
    checks = _checks()
    deps = await audit_deps(rows())

    await audit(deps, checks)

    assert checks.runs == [("build", ()), ("tests", ("tests/test_saved.py",)), ("suite", ())]
    texts = deps.files.texts
    assert texts[f"/workspace/{CAPTURE}/tests.txt"].startswith("$ python -m pytest tests/test_saved.py\n(exit code 0")
    assert "+++ b/shop/saved.py" in texts[f"/workspace/{CAPTURE}/diff.txt"]
    assert "--- a/shop/cart.py" in texts[f"/workspace/{CAPTURE}/diff.txt"]


async def test_the_auditors_brief_carries_codes_table_the_captures_the_sheet_and_the_changed_files():
    deps = await audit_deps(rows())

    await audit(deps)

    brief = (await deps.children.recent())[0].brief
    assert "- build: ok — `make build` passed (.orkeon/work/cart-save/capture/F1/build.txt)" in brief
    assert "- conventions: not checked — left to the auditor" in brief
    assert f"- {CAPTURE}/suite.txt" in brief and "- shop/saved.py" in brief
    assert f"## {SHEET_FILE}, with its line numbers" in brief


async def test_a_major_row_citing_a_line_that_exists_makes_the_verdict_gaps():
    deps = await audit_deps(rows(row("Major", cites="/workspace/shop/saved.py:3")))

    verdict = await audit(deps)

    assert verdict.verdict == "GAPS"
    assert [(r.severity, r.axis, r.cites) for r in verdict.rows] == [("Major", "code", "shop/saved.py:3")]
    assert verdict.correction == verdict.rows


async def test_a_cite_of_a_missing_file_or_past_the_end_is_refused_by_code():
    deps = await audit_deps(rows(row(cites="shop/missing.py:1"), row(cites="shop/saved.py:40"), row(cites="nowhere")))

    verdict = await audit(deps)

    assert verdict.verdict == "VALID" and verdict.rows == ()
    assert [reason.split(":")[0] for reason in verdict.dropped] == [
        "cite shop/missing.py", "cite shop/saved.py", "cite nowhere is neither a path"]


async def test_a_capture_file_is_a_cite_by_its_short_name_or_its_path_with_a_line():
    deps = await audit_deps(rows(row("Minor", "code", "suite.txt"), row("Minor", "code", "capture/F1/diff.txt:2")))

    verdict = await audit(deps)

    assert [r.cites for r in verdict.rows] == [f"{CAPTURE}/suite.txt", f"{CAPTURE}/diff.txt:2"]


async def test_a_row_on_an_axis_codes_checks_settled_ok_is_dropped():
    deps = await audit_deps(rows(row("Blocking", "tests", "shop/saved.py:1", "The tests do not pass.")))

    verdict = await audit(deps)

    assert verdict.verdict == "VALID"
    assert verdict.dropped == ("the tests axis is settled ok by code's checks: The tests do not pass.",)


async def test_a_failing_build_is_gaps_without_asking_the_model():
    deps = await audit_deps()
    checks = _checks(exit_codes={"build": 2}, tails={"build": ("error: shop/saved.py:3 undefined name",)})

    verdict = await audit(deps, checks)

    assert deps.llm.model.requests == [] and checks.runs[-1][0] == "tests"
    assert verdict.verdict == "GAPS" and verdict.auditor == "code alone (the gate failed)"
    (blocking,) = verdict.rows
    assert (blocking.severity, blocking.axis, blocking.cites) == ("Blocking", "build", f"{CAPTURE}/build.txt")
    assert "undefined name" in blocking.text


async def test_failing_batch_tests_are_gaps_without_asking_the_model_and_the_suite_not_run():
    deps = await audit_deps()
    checks = _checks(exit_codes={"tests": 1})

    verdict = await audit(deps, checks)

    assert deps.llm.model.requests == [] and [kind for kind, _ in checks.runs] == ["build", "tests"]
    assert verdict.verdict == "GAPS" and verdict.rows[0].axis == "tests"
    assert ("suite", "not checked") in [(c.axis, c.state) for c in verdict.checks]


async def test_gate_only_runs_the_gate_and_the_capture_without_the_model():
    deps = await audit_deps()

    verdict = await audit(deps, gate_only=True)

    assert deps.llm.model.requests == [] and await deps.children.recent() == []
    assert verdict.verdict == "VALID" and verdict.auditor == "code alone (--gate-only)"
    assert f"/workspace/{CAPTURE}/suite.txt" in deps.files.texts


async def test_a_failing_suite_is_a_major_row_carried_by_code_beside_the_auditors():
    deps = await audit_deps(rows(row("Minor")))

    verdict = await audit(deps, _checks(exit_codes={"suite": 1}, tails={"suite": ("FAILED tests/test_cart.py",)}))

    assert [(r.severity, r.axis) for r in verdict.rows] == [("Major", "suite"), ("Minor", "code")]
    assert verdict.verdict == "GAPS"


async def test_a_test_the_sheet_names_that_does_not_exist_is_a_major_row_citing_the_sheets_line():
    deps = await audit_deps(files=audit_project(**{"tests/test_saved.py": "def test_a_cart_is_saved():\n    pass\n"}))

    verdict = await audit(deps, gate_only=True)

    (major,) = verdict.rows
    sheet = deps.files.texts[f"/workspace/{SHEET_FILE}"].split("\n")
    line = int(major.cites.rsplit(":", 1)[1])
    assert major.axis == "sheet" and "test_a_cart_expires_after_thirty_days" in sheet[line - 1]


async def test_a_changed_file_the_sheet_does_not_anchor_is_a_minor_scope_row():
    deps = await audit_deps()

    verdict = await audit(deps, git=delivered_git("shop/checkout.py"), gate_only=True)

    assert [(r.severity, r.axis, r.cites) for r in verdict.rows] == [("Minor", "scope", f"{CAPTURE}/diff.txt")]
    assert "shop/checkout.py" in verdict.rows[0].text and verdict.verdict == "VALID"


async def test_a_diff_git_refuses_leaves_the_scope_not_checked():
    git = delivered_git()
    git.fail["status"] = GitError("git status", "not a repository")
    deps = await audit_deps()

    verdict = await audit(deps, git=git, gate_only=True)

    scope = next(c for c in verdict.checks if c.axis == "scope")
    assert scope.state == "not checked" and "not a repository" in scope.detail


async def test_a_check_the_project_names_that_cannot_run_leaves_the_audit_blocked():
    deps = await audit_deps()

    verdict = await audit(deps, _checks(reasons={"suite": "timed out after 600 s"}))

    assert verdict.verdict == "BLOCKED" and "timed out after 600 s" in verdict.reason
    assert parse_verdict(deps.files.texts[f"/workspace/{VERDICT_FILE}"]).reason == verdict.reason


async def test_a_check_the_project_does_not_name_is_not_checked():
    deps = await audit_deps(rows())

    verdict = await audit(deps, FakeProjectChecks({"tests": "python -m pytest", "suite": "make test"}))

    build = next(c for c in verdict.checks if c.axis == "build")
    assert (build.state, build.detail) == ("not checked", "the project names no build command")


async def test_a_batch_whose_sheet_names_no_test_runs_the_suite_once():
    batch = SAMPLE_PLAN.batches[0]
    untested = dataclasses.replace(batch, steps=tuple(dataclasses.replace(s, tests=()) for s in batch.steps))
    checks = _checks()
    deps = await audit_deps(rows(), files=audit_project(**{SHEET_FILE: render_sheet(SAMPLE_PLAN, untested,
                                                                                      SAMPLE_PLAN_FILE)}))

    verdict = await audit(deps, checks)

    assert checks.runs == [("build", ()), ("suite", ())]
    tests = next(c for c in verdict.checks if c.axis == "tests")
    assert (tests.state, tests.detail) == ("not checked", "the sheet names no test")


async def test_an_auditor_that_fails_leaves_the_audit_blocked():
    deps = await audit_deps(LlmFailure("the provider is down"))

    verdict = await audit(deps)

    assert verdict.verdict == "BLOCKED" and "the provider is down" in verdict.reason


async def test_a_report_in_prose_is_read_by_one_extraction():
    deps = await audit_deps("The saved cart drops prices (shop/saved.py:3).", rows(row(cites="shop/saved.py:3")))

    verdict = await audit(deps)

    assert verdict.verdict == "GAPS"
    assert "The batch audited: F1." in deps.llm.model.requests[-1].last_user_text


async def test_a_report_no_extraction_reads_leaves_the_audit_blocked():
    deps = await audit_deps("Looks fine.", "still prose", "prose again")

    verdict = await audit(deps)

    assert verdict.verdict == "BLOCKED" and "no rows list, even after one extraction" in verdict.reason


async def test_eight_rows_at_most_the_most_severe_first():
    given = [row("Minor", text=f"Minor {n}.") for n in range(8)] + [row("Blocking", text="Lost lines.")]
    deps = await audit_deps(rows(*given))

    verdict = await audit(deps)

    assert len(verdict.rows) == 8 and verdict.rows[0].severity == "Blocking"
    assert verdict.dropped == ("beyond the 8 most severe: Minor · code · Minor 7.",)


async def test_an_undecided_axis_is_recorded_with_its_reason_and_one_code_settled_is_not():
    deps = await audit_deps(rows(undecided=[{"axis": "conventions", "reason": "the project states none"},
                                            {"axis": "build", "reason": "unsure"}]))

    verdict = await audit(deps)

    assert [(u.axis, u.reason) for u in verdict.undecided] == [("conventions", "the project states none")]


async def test_on_a_host_without_children_the_audit_runs_inline_with_the_read_tools():
    deps = await audit_deps(Call("file_read", {"path": "shop/saved.py"}), rows(), children=False)

    verdict = await audit(deps)

    request = deps.llm.model.requests[0]
    assert verdict.auditor == "inline dev-auditor" and verdict.verdict == "VALID"
    assert "file_read" in request.tool_names and "file_write" not in request.tool_names


async def test_a_batch_without_a_sheet_is_blocked_naming_the_sheet():
    files = audit_project()
    del files[f"/workspace/{SHEET_FILE}"]
    deps = await audit_deps(files=files)

    verdict = await audit(deps)

    assert verdict.verdict == "BLOCKED" and SHEET_FILE in verdict.reason


async def test_the_diff_of_a_real_repository_is_captured_new_files_whole_and_the_work_folder_left_out(tmp_path):
    from orkeon_engine.adapters.gitpython_repo import GitPythonRepo
    from tests.support.temp_git import make_repo

    root = make_repo(tmp_path / "shop", {"shop/cart.py": "class Cart:\n    pass\n"})
    (root / "shop" / "cart.py").write_text("class Cart:\n    lines = []\n", encoding="utf-8")
    (root / "shop" / "saved.py").write_text("class SavedCart:\n    pass\n", encoding="utf-8")
    (root / ".orkeon" / "work").mkdir(parents=True)
    (root / ".orkeon" / "work" / "note.md").write_text("not the batch's\n", encoding="utf-8")
    deps = await audit_deps()

    verdict = await audit(deps, git=GitPythonRepo(str(root)), gate_only=True)

    diff = deps.files.texts[f"/workspace/{CAPTURE}/diff.txt"]
    assert "-    pass\n+    lines = []" in diff and "+++ b/shop/saved.py\n@@ new file @@\n+class SavedCart:" in diff
    assert ".orkeon" not in diff
    assert next(c for c in verdict.checks if c.axis == "scope").state == "ok"


async def test_a_test_file_the_auditor_names_is_run_by_code_and_a_folder_it_names_is_not():
    deps = await audit_deps(json.dumps({"rows": [], "run_tests": ["tests/test_cart.py::test_total", "tests/"]}))
    checks = _checks()

    verdict = await audit(deps, checks)

    assert checks.runs[-1] == ("tests", ("tests/test_cart.py",))
    assert f"/workspace/{CAPTURE}/named-1.txt" in deps.files.texts
    assert verdict.dropped == ("test tests/ named by the auditor is no test file of the project: not run",)


async def test_a_test_file_named_twice_runs_once_and_a_source_file_named_as_a_test_is_not_run():
    deps = await audit_deps(json.dumps({"rows": [], "run_tests": ["tests/test_cart.py"] * 2 + [
        "tests/test_saved.py", "shop/cart.py"]}))
    checks = _checks()

    verdict = await audit(deps, checks)

    assert [targets for kind, targets in checks.runs[3:]] == [("tests/test_cart.py",), ("tests/test_saved.py",)]
    assert verdict.verdict == "VALID" and len(verdict.dropped) == 1
