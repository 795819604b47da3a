from orkeon_engine.crews.main_loop.prompt_catalogue import every_prompt, main_loop_prompt
from orkeon_engine.domain.permissions.modes import PERMISSION_MODES


def test_every_mode_has_its_main_loop_prompt_and_the_other_prompts_follow():
    names = [prompt.name for prompt in every_prompt()]

    assert names[: len(PERMISSION_MODES)] == [f"main-loop-{mode}" for mode in PERMISSION_MODES]
    assert {"verify", "compaction-summary", "memory-extraction", "session-summary"} <= set(names)


def test_the_rendered_text_shows_the_system_then_the_user_message():
    text = main_loop_prompt("plan").text()

    assert text.startswith("=== system ===\n# Orkeon") and "\n=== user ===\n" in text


def test_the_child_agents_prompts_close_the_list():
    names = [prompt.name for prompt in every_prompt()]

    assert names[-3:] == ["child-general", "child-dev-reviewer", "child-dev-auditor"]


def test_a_childs_rendered_prompt_holds_its_charter_and_the_sample_brief():
    prompt = next(p for p in every_prompt() if p.name == "child-dev-reviewer")

    assert prompt.system.startswith("# Orkeon child agent: c2 dev-reviewer")
    assert prompt.user.startswith("## Your brief\n\nReview the plan in plan.md")
