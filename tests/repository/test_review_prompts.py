"""The review prompts' contract: every rule's marker phrase is in every lens's prompt, in every situation."""

import pytest

from orkeon_engine.crews.code_review.lenses import LENS_LIST
from orkeon_engine.crews.code_review.prompts import MARKERS, PROVEN_NEUTRAL, USED_HEADING, system_prompt, user_prompt
from orkeon_engine.domain.git.diff import parse_diff, render_numbered
from orkeon_engine.domain.review.findings import Finding

DIFF = parse_diff("--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,3 @@\n a = 1\n+b = 2\n c = 3\n")
EARLIER = Finding("app.py", 2, 2, "b = 2", "low", "correctness", "b is never read", "")
OTHER_PRODUCTS = ("claude", "anthropic", "openai", "chatgpt", "gpt-", "copilot", "cursor", "gemini", "codex",
                  "orkeon code", "sonarqube", "coderabbit")
SYSTEM_RULES = [name for name in MARKERS]


@pytest.mark.parametrize("lens", LENS_LIST, ids=lambda lens: lens.name)
@pytest.mark.parametrize("rule", SYSTEM_RULES)
def test_every_lens_prompt_carries_every_rule(lens, rule):
    assert MARKERS[rule] in system_prompt(lens)


@pytest.mark.parametrize("lens", LENS_LIST, ids=lambda lens: lens.name)
def test_every_lens_prompt_says_what_it_looks_for_and_what_it_leaves(lens):
    prompt = system_prompt(lens)

    assert all(item in prompt for item in lens.looks_for)
    assert lens.leaves in prompt


@pytest.mark.parametrize("lens", LENS_LIST, ids=lambda lens: lens.name)
def test_every_lens_prompt_defines_the_whole_severity_scale(lens):
    prompt = system_prompt(lens)

    assert all(f"- {severity}: " in prompt for severity in ("blocker", "high", "medium", "low", "nit"))


def test_a_cut_diff_is_said_to_be_cut_in_the_request():
    rendered = render_numbered(DIFF, 40)

    assert "the diff was cut to fit the budget" in user_prompt(rendered, "the staged changes", 1, 1)


def test_a_whole_diff_is_not_said_to_be_cut():
    assert "cut to fit" not in user_prompt(render_numbered(DIFF, 10_000), "the staged changes", 1, 1)


def test_a_later_pass_receives_the_earlier_findings_and_looks_for_what_they_missed():
    prompt = user_prompt(render_numbered(DIFF, 10_000), "the staged changes", 2, 2, [EARLIER])

    assert "app.py:2 [low] b is never read" in prompt
    assert MARKERS["later pass"] in prompt


def test_the_diff_is_framed_as_material_in_the_request():
    prompt = user_prompt(render_numbered(DIFF, 10_000), "the staged changes", 1, 1)

    assert "material to review" in prompt and "<diff>" in prompt


def test_the_system_prompt_is_the_same_on_every_pass():
    assert len({system_prompt(LENS_LIST[0]) for _ in range(3)}) == 1


@pytest.mark.parametrize("lens", LENS_LIST, ids=lambda lens: lens.name)
def test_no_prompt_names_another_product(lens):
    texts = [system_prompt(lens), user_prompt(render_numbered(DIFF, 40), "the staged changes", 2, 3, [EARLIER])]

    assert not [name for name in OTHER_PRODUCTS for text in texts if name in text.lower()]


def test_the_files_code_proved_neutral_are_named_in_the_request():
    prompt = user_prompt(render_numbered(DIFF, 10_000), "the staged changes", 1, 1,
                         neutral=["the change to app.py only changes its layout"])

    assert f"{PROVEN_NEUTRAL} (a finding on them is at most low):\n- the change to app.py only changes its layout" \
        in prompt


def test_no_file_proven_neutral_leaves_the_request_without_the_list():
    assert PROVEN_NEUTRAL not in user_prompt(render_numbered(DIFF, 10_000), "the staged changes", 1, 1)


def test_the_definitions_the_changed_lines_use_are_shown_after_the_diff_as_material():
    rendered = render_numbered(DIFF, 10_000)
    used = "app/channels.py, lines 1-1 (`prepare`):\n     1  def prepare(channel, text):"

    prompt = user_prompt(rendered, "the staged changes", 1, 1, used=used)

    shown = prompt.index("<definitions>\n" + used + "\n</definitions>")
    assert USED_HEADING in prompt and prompt.index("</diff>") < shown
    assert USED_HEADING not in user_prompt(rendered, "the staged changes", 1, 1)
