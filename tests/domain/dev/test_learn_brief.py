from orkeon_engine.domain.dev.learn_brief import learn_user
from orkeon_engine.domain.dev.proposals import LearnRow, Proposal


def test_the_message_carries_the_axis_its_rows_the_refused_proposals_and_the_files():
    refused = Proposal("P1", "tests", "refused", "c", "every test asserts", "rule", "AGENTS.md", ("a/F1/V2",))

    user = learn_user("tests", [LearnRow("a/F1/V1", "tests", "Major", "t.py:1", "It calls nothing.")], [refused],
                      ["AGENTS.md"])

    assert "## The axis: tests (the batch's own tests pass)" in user
    assert "- a/F1/V1 · Major · t.py:1 · It calls nothing." in user
    assert "- P1 · tests · AGENTS.md: every test asserts (c)" in user and user.endswith("AGENTS.md")
