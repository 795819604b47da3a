from orkeon_engine.domain.dev.audit_brief import audit_brief, extract_request
from orkeon_engine.domain.dev.verdict import Check

CHECKS = (Check("build", "ok", "`make build` passed", ".orkeon/work/a/capture/F1/build.txt"),
          Check("conventions", "not checked", "left to the auditor"))


def test_the_brief_carries_codes_table_the_captures_the_sheet_numbered_and_the_files():
    brief = audit_brief("F1", ".orkeon/work/a/sheets/F1.md", "# Sheet F1\nline two\n", CHECKS, ["shop/a.py"],
                        ["shop/a.py", "tests/test_a.py"])

    assert "- build: ok — `make build` passed (.orkeon/work/a/capture/F1/build.txt)" in brief
    assert "## The capture files\n- .orkeon/work/a/capture/F1/build.txt" in brief
    assert "   2 | line two" in brief and brief.endswith("## The project's files: 2\nshop/a.py\ntests/test_a.py")
    assert "- reuse: what the project already offers is used, not written again" in brief


def test_a_long_file_list_is_cut_and_says_so():
    brief = audit_brief("F1", "s.md", "x", CHECKS, [], [f"f{n}.py" for n in range(400)])

    assert "## The project's files: 400 (the first 300)" in brief


def test_the_extraction_names_the_batch_and_the_axes():
    assert extract_request("  report  ", "F2").startswith("The batch audited: F2. Axes: build, tests, suite")
