from orkeon_engine.commands.dev.plan_view import plan_view
from orkeon_engine.crews.dev_plan.prompt_catalogue import SAMPLE_PLAN
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.services.dev_plan_work import PlanOutcome


def test_the_view_lists_each_batch_with_its_sheet_and_opens_the_plan_without_a_review():
    view = plan_view(PlanOutcome(WorkPlace(".orkeon/work", "cart-save"), SAMPLE_PLAN, created=True))

    assert view.lines[1] == "  F1 · Save a cart — ready → .orkeon/work/cart-save/sheets/F1.md"
    assert view.message == "plan cart-save: READY — 2 batches" and view.document.title == "plan cart-save"
