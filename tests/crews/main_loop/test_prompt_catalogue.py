from orkeon_engine.crews.main_loop.prompt_catalogue import every_prompt, main_loop_prompt
from orkeon_engine.domain.permissions.modes import PERMISSION_MODES


def test_every_mode_has_its_main_loop_prompt_and_the_other_prompts_follow():
    names = [prompt.name for prompt in every_prompt()]

    assert names[: len(PERMISSION_MODES)] == [f"main-loop-{mode}" for mode in PERMISSION_MODES]
    assert {"compaction-summary", "memory-extraction", "session-summary"} <= set(names)


def test_the_rendered_text_shows_the_system_then_the_user_message():
    text = main_loop_prompt("plan").text()

    assert text.startswith("=== system ===\n# Orkeon") and "\n=== user ===\n" in text
