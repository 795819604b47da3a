from orkeon_engine.domain.dev.batch_review_brief import BATCH_REVIEW_TOOLS, BATCH_REVIEW_TURNS, batch_review_brief


def test_the_brief_carries_the_sheet_numbered_what_closed_batches_changed_and_the_plan():
    brief = batch_review_brief("w/sheets/F2.md", "# Sheet F2\nStatus: ready\n", "w/plan.md", "# Plan x\n",
                               ["- F1: commit abc1234"], "F2")

    assert "   2 | Status: ready" in brief
    assert "- F1: commit abc1234" in brief and "# Plan x" in brief
    assert "Ids you may target: F2." in brief


def test_the_review_has_four_read_tools_and_eight_turns():
    assert BATCH_REVIEW_TOOLS == ("file_read", "node_outline", "node_read", "codebase_search")
    assert BATCH_REVIEW_TURNS == 8
