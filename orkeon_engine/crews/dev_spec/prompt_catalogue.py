"""The /dev-spec prompts over sample inputs, as the model reads them: the spec's draft, its send-back, the
reviewer's brief of a spec and the extraction of a report (`orkeon prompts render DIR`; the prompt-contract
test reads them for its markers)."""

from __future__ import annotations

from orkeon_engine.crews.dev_spec.prompts import SPEC_SYSTEM, build_send_back, build_spec_user
from orkeon_engine.domain.checks.project_tooling import detect_zones
from orkeon_engine.domain.dev.pack import RepositoryPack, render_pack
from orkeon_engine.domain.dev.questions import OpenQuestion, QuestionBook
from orkeon_engine.domain.dev.review_brief import EXTRACT_SYSTEM, extract_request, review_brief, reviewer_system
from orkeon_engine.domain.dev.spec import Actor, BusinessRule, Spec, UseCase, render_spec
from orkeon_engine.domain.dev.wording import Leak
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt
from orkeon_engine.domain.workspace.project_files import SourceText

SAMPLE_PATHS = ("pyproject.toml", "Makefile", "shop/cart.py", "shop/checkout.py", "tests/test_cart.py")
SAMPLE_PACK = RepositoryPack(
    zones=tuple(detect_zones(SAMPLE_PATHS, {"pyproject.toml": "[tool.pytest.ini_options]\n",
                                            "Makefile": "test:\n\tpython -m pytest\n"})),
    scripts=("shop",), files=SAMPLE_PATHS, layout="shop: 2 files, 4 symbols",
    instructions=(SourceText("AGENTS.md", "Run `make test` before a commit."),),
)
SAMPLE_PURPOSE = "Let shoppers save a cart and come back to it another day."
SAMPLE_SPEC = Spec(
    code="cart-save", title="Save a cart for later", purpose=SAMPLE_PURPOSE,
    actors=(Actor("Shopper", "a person buying from the shop"),),
    use_cases=(UseCase("UC1", "Save a cart", "Shopper", "come back to it later", "the cart page",
                       ("Open the cart", "Choose to save it")),),
    rules=(BusinessRule("BR1", "A saved cart is kept for thirty days.", "the request", "major", ("UC1",)),),
    questions=QuestionBook((OpenQuestion("Q1", "Blocking", "May a guest save a cart?", ("Yes", "No"), True),)),
)
SAMPLE_FILE = ".orkeon/work/cart-save/spec.md"


def every_prompt() -> list[RenderedPrompt]:
    user = build_spec_user(SAMPLE_SPEC.code, SAMPLE_PURPOSE, render_pack(SAMPLE_PACK))
    leaks = [Leak("a call", "save_cart()", "UC1 step 2")]
    brief = review_brief("spec", SAMPLE_FILE, render_spec(SAMPLE_SPEC), SAMPLE_SPEC.ids(), SAMPLE_PACK.files)
    return [
        RenderedPrompt("dev-spec", SPEC_SYSTEM, user),
        RenderedPrompt("dev-spec-send-back", SPEC_SYSTEM, build_send_back(user, '{"title": "..."}', leaks)),
        RenderedPrompt("dev-review-spec", reviewer_system(), brief),
        RenderedPrompt("dev-review-extraction", EXTRACT_SYSTEM,
                       extract_request("UC1 never says how long a cart is kept (§5).", SAMPLE_FILE,
                                       SAMPLE_SPEC.ids())),
    ]
