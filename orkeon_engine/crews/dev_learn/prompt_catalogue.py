"""/dev-learn's prompt over sample inputs, as the model reads it (`orkeon prompts render DIR`; the
prompt-contract test reads it for its markers)."""

from __future__ import annotations

from orkeon_engine.domain.dev.learn_brief import LEARN_SYSTEM, learn_user
from orkeon_engine.domain.dev.proposals import LearnRow, Proposal
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt

SAMPLE_ROWS = (
    LearnRow("cart-save/F1/V1", "tests", "Major", "tests/test_saved.py:4", "The test never calls save()."),
    LearnRow("cart-save/F2/V2", "tests", "Major", "tests/test_cart.py:12", "The test asserts only that no error "
             "was raised."),
    LearnRow("total-zero/F1/V1", "tests", "Blocking", "tests/test_total.py:3", "The total's test checks a "
             "constant."),
)
SAMPLE_REFUSED = (Proposal("P1", "tests", "refused", "Tests assert nothing.", "every test has an assert",
                           "rule", "AGENTS.md", ("a/F1/V1", "a/F2/V1", "b/F1/V2")),)


def every_prompt() -> list[RenderedPrompt]:
    user = learn_user("tests", SAMPLE_ROWS, SAMPLE_REFUSED, ("AGENTS.md", "pyproject.toml", "tests/test_cart.py"))
    return [RenderedPrompt("dev-learn", LEARN_SYSTEM, user)]
