from orkeon_engine.crews.dev_plan.prompt_catalogue import every_prompt


def test_the_catalogue_renders_the_plan_its_send_back_and_its_review():
    assert [p.name for p in every_prompt()] == ["dev-plan", "dev-plan-send-back", "dev-review-plan"]
