from orkeon_engine.crews.dev_plan.prompt_catalogue import SAMPLE_PLAN, SAMPLE_PLAN_FILE
from orkeon_engine.domain.dev.audit_checks import (
    AuditFacts,
    Changed,
    CheckOutcome,
    code_table,
    gate_failed,
    named_test_row,
    named_tests,
    sheet_tests,
)
from orkeon_engine.domain.dev.sheet import render_sheet

SHEET = SAMPLE_PLAN.batches[0]
SHEET_TEXT = render_sheet(SAMPLE_PLAN, SHEET, SAMPLE_PLAN_FILE)
TESTS = {"tests/test_saved.py": "def test_a_cart_is_saved(): ...\ndef test_a_cart_expires_after_thirty_days(): ...\n"}
PASSED = (CheckOutcome("build", "make build", 0, capture="c/build.txt"),
          CheckOutcome("tests", "pytest tests/test_saved.py", 0, capture="c/tests.txt"))


SUITE = CheckOutcome("suite", "make test", 0, capture="c/suite.txt")
DELIVERED = Changed(("shop/saved.py", "tests/test_saved.py"), "c/diff.txt")


def _facts(gate=PASSED, suite=SUITE, changed=DELIVERED, anchored=("shop/saved.py", "shop/cart.py")):
    return AuditFacts(SHEET, "sheets/F1.md", SHEET_TEXT, gate, suite, changed, anchored)


def _states(checks):
    return {check.axis: check.state for check in checks}


def test_a_batch_every_check_of_code_passes_leaves_the_auditors_axes_open_and_no_row():
    checks, rows = code_table(_facts(), TESTS)

    assert _states(checks) == {"build": "ok", "tests": "ok", "suite": "ok", "sheet": "ok", "scope": "ok",
                               "code": "not checked", "reuse": "not checked", "conventions": "not checked"}
    assert rows == ()


def test_a_failing_build_is_a_blocking_row_citing_its_capture_with_its_last_line():
    gate = (CheckOutcome("build", "make build", 2, last_line="error: bad", capture="c/build.txt"), PASSED[1])

    checks, rows = code_table(_facts(gate=gate, suite=None), None)

    assert gate_failed(gate) and _states(checks)["suite"] == "not checked" and _states(checks)["sheet"] == "not checked"
    assert [(r.severity, r.axis, r.cites, r.text) for r in rows] == [
        ("Blocking", "build", "c/build.txt", "`make build` fails with exit code 2: error: bad")]


def test_tests_that_found_no_command_are_not_checked_with_why():
    gate = (PASSED[0], CheckOutcome("tests", "", reason="no runner in the zone holding tests/test_saved.py"))

    checks, _ = code_table(_facts(gate=gate), TESTS)

    tests = next(check for check in checks if check.axis == "tests")
    assert (tests.state, tests.detail) == ("not checked", "no runner in the zone holding tests/test_saved.py")


def test_a_fixture_file_the_batch_adds_is_a_test_file_not_out_of_scope():
    changed = Changed(("shop/saved.py", "tests/test_saved.py", "conftest.py"), "c/diff.txt")

    checks, rows = code_table(_facts(changed=changed), TESTS)

    assert _states(checks)["scope"] == "ok" and rows == ()


def test_a_check_the_project_names_and_that_did_not_run_blocks_the_audit():
    assert "timed out" in CheckOutcome("suite", "make test", None, "timed out").blocked
    assert CheckOutcome("build", "").blocked == ""


def test_a_missing_test_cites_the_sheets_line_naming_it():
    _, rows = code_table(_facts(), {"tests/test_saved.py": "def test_a_cart_is_saved(): ...\n"})

    (row,) = rows
    line = int(row.cites.rsplit(":", 1)[1])
    assert row.severity == "Major" and "test_a_cart_expires_after_thirty_days" in SHEET_TEXT.split("\n")[line - 1]


def test_a_changed_file_outside_the_anchors_is_a_minor_scope_row_and_unresolved_anchors_are_not_checked():
    _, rows = code_table(_facts(changed=Changed(("shop/saved.py", "setup.cfg"), "c/diff.txt")), TESTS)
    checks, _ = code_table(_facts(anchored=None), TESTS)

    assert [(r.severity, r.axis, r.cites) for r in rows] == [("Minor", "scope", "c/diff.txt")]
    assert _states(checks)["scope"] == "not checked"


def test_the_sheets_test_files_are_named_once_each():
    assert sheet_tests(SHEET) == ("tests/test_saved.py",)


def test_the_auditor_names_three_existing_test_files_at_most_and_the_rest_is_said():
    files = {"tests/a_test.py", "tests/test_b.py", "tests/test_c.py", "tests/test_d.py", "shop/cart.py"}

    kept, dropped = named_tests(["tests/test_b.py::test_x", "shop/cart.py", "tests/test_c.py", "tests/test_b.py",
                                 "tests/test_d.py", "tests/a_test.py", "../x/test_y.py"], files, 3)

    assert kept == ("tests/test_b.py", "tests/test_c.py", "tests/test_d.py")
    assert [d.split(" named")[0] for d in dropped] == ["test shop/cart.py", "test tests/a_test.py",
                                                       "test ../x/test_y.py"]


def test_a_named_test_that_fails_is_a_major_row_on_the_tests_axis():
    row, why = named_test_row(CheckOutcome("tests", "pytest tests/test_b.py", 1, last_line="1 failed",
                                           capture="c/named-1.txt"))

    assert (row.severity, row.axis, row.cites, why) == ("Major", "tests", "c/named-1.txt", "")
    assert named_test_row(CheckOutcome("tests", "pytest tests/test_b.py", 0)) == (None, "")
