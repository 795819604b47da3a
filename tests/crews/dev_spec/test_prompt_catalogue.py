from orkeon_engine.crews.dev_spec.prompt_catalogue import every_prompt
from orkeon_engine.crews.dev_spec.run import render_every_prompt


def test_the_spec_prompts_are_the_draft_its_send_back_the_review_and_the_extraction():
    assert [p.name for p in every_prompt()] == ["dev-spec", "dev-spec-send-back", "dev-review-spec",
                                                 "dev-review-extraction"]


def test_the_reviewer_reads_its_charters_system_message_and_a_brief_of_the_sample_spec():
    review = next(p for p in render_every_prompt() if p.name == "dev-review-spec")

    assert review.system.startswith("# Orkeon child agent: c1 dev-reviewer")
    assert "   1 | # Spec cart-save: Save a cart for later" in review.user
