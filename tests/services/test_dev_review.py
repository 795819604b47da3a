from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.domain.dev.review import parse_review
from orkeon_engine.domain.dev.spec import Spec, UseCase
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.ports.chat_model import LlmFailure
from orkeon_engine.services.dev_review import finish_review, start_review
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.dev_steps import MAJOR_FINDING, dev_deps, findings
from tests.support.scripted_chat_model import Call

SPEC = Spec("cart", "Carts", "Keep carts.",
            use_cases=(UseCase("UC1", "Save", "Shopper", "keep it", "the cart page", ("Open", "Save")),))
PLACE = WorkPlace(".orkeon/work", "cart")


async def _review(*turns, children=True):
    deps = await dev_deps(*turns, children=children)
    step = DevStep(step_ports(deps))
    job = await start_review(step, PLACE, SPEC, ["shop/cart.py"])
    record = await finish_review(step, job, WorkFolder(deps.files, ".orkeon/work"))
    return deps, record


async def test_the_reviewer_runs_as_a_background_child_under_the_steps_rules():
    deps, record = await _review(findings(MAJOR_FINDING))

    (child,) = await deps.children.recent()
    assert (child.charter, child.step, child.mode, child.parent) == ("dev-reviewer", "dev-spec", "plan", "/dev-spec")
    assert record.verdict == "FINDINGS" and record.findings[0].target == "UC1"
    assert parse_review(deps.files.texts["/workspace/.orkeon/work/cart/review.md"]) == record


async def test_a_line_of_a_file_the_reviewer_opened_stands_and_one_it_did_not_open_is_dropped():
    opened = {**MAJOR_FINDING, "cites": "shop/cart.py:2"}
    guessed = {**MAJOR_FINDING, "cites": "shop/store.py:9"}
    _, record = await _review(Call("file_read", {"path": "shop/cart.py"}), findings(opened, guessed))

    assert [f.cites for f in record.findings] == ["shop/cart.py:2"]
    assert "shop/store.py:9 is a file the reviewer did not open" in record.dropped[0]


async def test_a_report_in_prose_is_read_by_one_extraction():
    deps, record = await _review("UC1 never says how long a cart is kept (§5).", findings(MAJOR_FINDING))

    assert len(record.findings) == 1
    assert "Targets it may use: spec, UC1" in deps.llm.model.requests[-1].last_user_text


async def test_a_report_no_extraction_can_read_is_a_review_that_did_not_run():
    _, record = await _review("Looks fine.", "still prose", "prose again")

    assert record.verdict == "NOT RUN" and "no findings list, even after one extraction" in record.failure


async def test_a_reviewer_that_fails_leaves_a_review_that_did_not_run_and_says_why():
    _, record = await _review(LlmFailure("the provider is down"))

    assert record.verdict == "NOT RUN" and record.failure.startswith("c1 dev-reviewer failed")


async def test_on_a_host_without_children_the_review_runs_inline_under_the_same_charter():
    deps, record = await _review(findings(MAJOR_FINDING), children=False)

    request = deps.llm.model.requests[0]
    assert record.reviewer == "inline dev-reviewer" and len(record.findings) == 1
    assert "file_write" not in request.tool_names and "codebase_search" in request.tool_names
