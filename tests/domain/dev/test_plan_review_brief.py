from orkeon_engine.domain.dev.plan_review_brief import plan_review_brief


def test_the_brief_shows_the_plan_and_its_sheets_with_line_numbers_and_the_ids_it_may_target():
    brief = plan_review_brief("w/plan.md", "# Plan\nline two\n", {"w/sheets/F1.md": "# Sheet\n"}, ("plan", "F1"),
                              ["a.py"])

    assert "   2 | line two" in brief and "## w/sheets/F1.md, with its line numbers\n   1 | # Sheet" in brief
    assert "Ids you may target: plan, F1." in brief and brief.endswith("## The project's files: 1\na.py")
