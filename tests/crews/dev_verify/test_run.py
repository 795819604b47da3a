from orkeon_engine.crews.dev_verify.run import render_every_prompt


def test_every_prompt_of_the_crew_is_rendered_for_prompts_render():
    assert [p.name for p in render_every_prompt()] == ["dev-verify", "dev-verify-extraction"]
