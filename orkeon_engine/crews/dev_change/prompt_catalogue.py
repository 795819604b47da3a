"""The change brief's prompts over sample inputs, as the model reads them: choosing a bug's reproduction and
a cost's measurement, drafting the brief, and the reviewer's brief of a change brief."""

from __future__ import annotations

from orkeon_engine.crews.dev_change.prompts import BRIEF_SYSTEM, RUN_SYSTEMS, build_brief_user, build_run_user
from orkeon_engine.domain.checks.project_tooling import detect_zones
from orkeon_engine.domain.dev.brief import ChangeBrief, Criterion, Guard, RunRecord, render_brief
from orkeon_engine.domain.dev.pack import RepositoryPack, render_pack
from orkeon_engine.domain.dev.review_brief import review_brief, reviewer_system
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt

SAMPLE_PATHS = ("pyproject.toml", "shop/cart.py", "tests/test_cart.py")
SAMPLE_PACK = RepositoryPack(zones=tuple(detect_zones(SAMPLE_PATHS, {"pyproject.toml": "[tool.pytest.ini_options]\n"})),
                             files=SAMPLE_PATHS, layout="shop: 1 file")
SAMPLE_REPORT = "The cart total is always zero, whatever the lines."
SAMPLE_RUN = RunRecord("python -m pytest tests/test_cart.py::test_total -q", 1, 840,
                       "FAILED tests/test_cart.py::test_total - assert 0 == 5\n1 failed in 0.12s")
SAMPLE_BRIEF = ChangeBrief(
    code="total-zero", kind="bug", title="The cart total is always zero", request=SAMPLE_REPORT,
    facts=("The total is computed by the cart itself.",), run=SAMPLE_RUN,
    expected=("The total is the sum of the lines.",),
    criteria=(Criterion("CH1", "A cart of two lines totals their sum.", "tests/test_cart.py::test_total passes"),),
    must_not_change=(Guard("An empty cart totals zero.", "tests/test_cart.py::test_empty_cart"),),
)


def every_prompt() -> list[RenderedPrompt]:
    pack = render_pack(SAMPLE_PACK)
    return [
        RenderedPrompt("dev-change-reproduction", RUN_SYSTEMS["bug"], build_run_user("bug", SAMPLE_REPORT, pack)),
        RenderedPrompt("dev-change-measurement", RUN_SYSTEMS["perf"],
                       build_run_user("perf", "Exporting the orders takes a minute.", pack,
                                      "`make test`: runs a whole suite")),
        RenderedPrompt("dev-change", BRIEF_SYSTEM, build_brief_user("total-zero", "bug", SAMPLE_REPORT, pack,
                                                                     SAMPLE_RUN)),
        RenderedPrompt("dev-review-brief", reviewer_system(),
                       review_brief("brief", ".orkeon/work/total-zero/brief.md", render_brief(SAMPLE_BRIEF),
                                    SAMPLE_BRIEF.ids(), SAMPLE_PACK.files)),
    ]
