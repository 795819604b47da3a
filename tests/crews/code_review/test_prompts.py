"""The review prompts as the model reads them: the lens's rules, then the numbered diff of one pass."""

from orkeon_engine.crews.code_review.lenses import find_lens
from orkeon_engine.crews.code_review.prompts import system_prompt, user_prompt
from orkeon_engine.domain.git.diff import parse_diff, render_numbered

DIFF = parse_diff("--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,3 @@\n a = 1\n+b = 2\n c = 3\n")


def test_the_system_prompt_names_its_lens_and_asks_for_json():
    prompt = system_prompt(find_lens("performance"))

    assert prompt.startswith("You are one reviewer") and "single lens: performance" in prompt
    assert '{"findings": [' in prompt


def test_the_user_prompt_carries_the_numbered_diff_and_the_pass():
    prompt = user_prompt(render_numbered(DIFF, 10_000), "the staged changes", 1, 2)

    assert prompt.splitlines()[0] == "# Review of the staged changes, pass 1 of 2"
    assert "     2 + b = 2" in prompt


def test_a_later_pass_that_found_nothing_before_says_so():
    prompt = user_prompt(render_numbered(DIFF, 10_000), "the staged changes", 2, 2, [])

    assert "Earlier passes found nothing through this lens" in prompt
