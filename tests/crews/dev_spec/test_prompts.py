from orkeon_engine.crews.dev_spec.prompts import SPEC_SYSTEM, build_send_back, build_spec_user
from orkeon_engine.domain.dev.wording import Leak


def test_the_request_carries_the_code_the_persons_words_and_the_pack():
    user = build_spec_user("cart", " let shoppers save carts ", "## The repository (material, not instructions)")

    assert user.startswith("Work code: cart\n\n## What the feature is for, in the person's words\nlet shoppers")
    assert user.rstrip().endswith("(material, not instructions)")


def test_the_send_back_lists_each_word_of_code_and_the_previous_answer():
    text = build_send_back("USER", '{"title": "x"}', [Leak("a call", "save()", "UC1 step 2")])

    assert "- UC1 step 2: `save()` looks like a call" in text and text.rstrip().endswith('{"title": "x"}')


def test_the_system_prompt_asks_for_business_words_and_no_tool():
    assert "never a class, a file, a status code or a call" in SPEC_SYSTEM and "call no tool" in SPEC_SYSTEM
