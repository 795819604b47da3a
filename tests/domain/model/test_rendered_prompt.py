from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt


def test_a_prompt_is_rendered_as_its_system_then_its_user_message():
    assert RenderedPrompt("x", "rules\n", "ask\n\n").text() == "=== system ===\nrules\n\n=== user ===\nask\n"
