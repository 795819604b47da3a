"""/dev-plan over the scripted model: the Blocking gate, the inventory offered from the index, an anchor
outside the inventory refused (sent back once, then the step stopped), an id without a test sent back,
plan.md and the sheets written, the review recorded, a blocked plan and its --replace, the resumed plan."""

import json

import pytest

from orkeon_engine.domain.dev.plan import parse_plan
from orkeon_engine.domain.dev.review import parse_review
from orkeon_engine.domain.dev.sheet import parse_sheet
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgumentError
from tests.support.dev_plans import (
    PLAN_FILE,
    PLAN_REVIEW_FILE,
    batches,
    blocked_spec,
    dev_plan,
    plan_answer,
    plan_deps,
    step,
)
from tests.support.dev_steps import findings
from tests.support.doubles.fake_human_input import FakeHumanInput

BLOCKING_FINDING = {"severity": "Blocking", "target": "F2", "cites": "§3",
                    "question": "Does a restored cart keep its old prices, yes or no?"}


def _text(deps, path):
    return deps.files.texts[f"/workspace/{path}"]


async def test_an_open_blocking_question_of_the_spec_refuses_the_plan_before_the_model_is_asked():
    deps = await plan_deps(plan_answer(), spec=blocked_spec())

    with pytest.raises(CommandFailedError, match=r"1 open Blocking question \(Q1: May a guest save a cart\?\)"):
        await dev_plan(deps, "cart-save")

    assert deps.llm.model.requests == [] and f"/workspace/{PLAN_FILE}" not in deps.files.texts


async def test_a_code_without_a_spec_or_a_brief_is_refused_saying_how_to_write_one():
    deps = await plan_deps()

    with pytest.raises(CommandFailedError, match=r"/dev-spec other-work <what the feature is for> writes one"):
        await dev_plan(deps, "other-work")


async def test_a_code_with_a_slash_is_refused_as_an_argument():
    deps = await plan_deps()

    with pytest.raises(ArgumentError, match="path separator"):
        await dev_plan(deps, "../cart-save")


async def test_the_plan_and_a_sheet_a_batch_are_written_with_the_inventory_from_the_index():
    deps = await plan_deps(plan_answer(), findings())

    view = await dev_plan(deps, "cart-save")

    plan = parse_plan(_text(deps, PLAN_FILE))
    assert [(i.ref, i.kind, i.name) for i in plan.inventory.items] == [
        ("I1", "module", "shop.cart"), ("I2", "class", "shop.cart.Cart"), ("I3", "method", "shop.cart.Cart.total"),
        ("I4", "module", "tests.test_cart"), ("I5", "test", "tests/test_cart.py::test_total"),
        ("I6", "test", "tests/test_cart.py::test_empty_cart")]
    assert plan.inventory.items[1].used_by == ("shop/checkout.py", "tests/test_cart.py")
    assert [b.id for b in plan.batches] == ["F1", "F2", "F3"] and plan.batches[2].documentation
    sheet = _text(deps, ".orkeon/work/cart-save/sheets/F2.md")
    assert parse_sheet(sheet).steps[0].tests == ("tests/test_cart.py::test_restore_brings_lines_back",)
    assert "### S3 · Build and tests\n- Run: make test" in sheet and "- F1: shop/cart.py" in sheet
    assert view.message == "plan cart-save: READY — 3 batches" and view.data["review"]["verdict"] == "CLEAR"
    user = deps.llm.model.requests[0].last_user_text
    assert "- I2 · class · shop.cart.Cart · shop/cart.py:1-3 · used by shop/checkout.py, tests/test_cart.py" in user


async def test_the_plan_is_drafted_by_one_extract_with_no_tool():
    deps = await plan_deps(plan_answer(), findings())

    await dev_plan(deps, "cart-save")

    assert deps.llm.model.requests[0].tool_names == []


async def test_an_anchor_outside_the_inventory_is_sent_back_once_and_the_mended_plan_written():
    wrong = batches(F2={"title": "Restore a cart", "goal": "g", "after": ["F1"], "steps": [
        step("Bring lines back", ["UC2"], ["tests/test_cart.py::test_restore"], {"ref": "I9"}),
        step("Total it", ["UC2", "BR1"], ["tests/test_cart.py::test_restored_total"], {"file": "shop/cart.py:2"})]})
    deps = await plan_deps(plan_answer(batches=wrong), plan_answer(), findings())

    view = await dev_plan(deps, "cart-save")

    sent_back = deps.llm.model.requests[1].last_user_text
    assert "F2 S1 anchors I9: the inventory holds no such ref" in sent_back
    assert "F2 S2 anchors file:shop/cart.py:2: the path is no clean workspace-relative path" in sent_back
    assert view.data["status"] == "READY" and f"/workspace/{PLAN_FILE}" in deps.files.texts


async def test_an_anchor_still_outside_the_inventory_after_the_send_back_stops_the_step_and_writes_nothing():
    wrong = batches(F1={"title": "Save a cart", "goal": "g", "steps": [
        step("Keep it", ["UC1"], ["tests/test_saved.py::test_kept"], {"ref": "I42"}),
        step("Forget it", ["BR1"], ["tests/test_saved.py::test_forgotten"], {"create": "shop/saved.py"})]})
    deps = await plan_deps(plan_answer(batches=wrong), plan_answer(batches=wrong))

    view = await dev_plan(deps, "cart-save")

    assert view.data["status"] == "STOPPED" and "F1 S1 anchors I42" in view.message
    assert not any(path.startswith("/workspace/.orkeon/work/cart-save/plan") for path in deps.files.texts)


async def test_an_existing_file_the_index_holds_must_be_anchored_through_its_ref():
    wrong = batches(F2={"title": "Restore a cart", "goal": "g", "after": ["F1"], "steps": [
        step("Bring lines back", ["UC2"], ["tests/test_cart.py::test_restore"], {"file": "shop/cart.py"}),
        step("Total it", ["UC2", "BR1"], ["tests/test_cart.py::test_restored_total"], {"ref": "I3"})]})
    deps = await plan_deps(plan_answer(batches=wrong), plan_answer(), findings())

    await dev_plan(deps, "cart-save")

    assert "F2 S1 anchors file:shop/cart.py: the code index holds it" in deps.llm.model.requests[1].last_user_text


async def test_an_id_without_a_test_is_sent_back():
    without_uc2 = batches(F2={"title": "Restore a cart", "goal": "g", "after": ["F1"], "steps": [
        step("Total a cart", ["BR1"], ["tests/test_cart.py::test_a_cart_totals"], {"ref": "I3"}),
        step("Total it again", ["BR1"], ["tests/test_cart.py::test_totals_again"], {"ref": "I3"})]})
    deps = await plan_deps(plan_answer(batches=without_uc2), plan_answer(), findings())

    await dev_plan(deps, "cart-save")

    assert "- UC2 has no test: no step proves it" in deps.llm.model.requests[1].last_user_text
    assert "UC2 — tested by tests/test_cart.py::test_restore_brings_lines_back (F2 S1)" in _text(deps, PLAN_FILE)


async def test_the_reviewers_findings_are_recorded_in_plan_review_md():
    major = {"severity": "Major", "target": "F1 (step 2)", "cites": ".orkeon/work/cart-save/sheets/F1.md:12",
             "question": "Is a saved cart forgotten on the thirtieth day or the thirty-first?"}
    deps = await plan_deps(plan_answer(), findings(major))

    view = await dev_plan(deps, "cart-save")

    review = parse_review(_text(deps, PLAN_REVIEW_FILE))
    assert [(f.severity, f.target, f.cites) for f in review.findings] == [
        ("Major", "F1", ".orkeon/work/cart-save/sheets/F1.md:12")]
    assert view.data["status"] == "READY" and view.document.title == "review of the plan cart-save"
    assert "Review .orkeon/work/cart-save/plan.md" in deps.llm.model.requests[1].last_user_text


async def test_a_blocking_question_of_the_plan_keeps_every_batch_blocked_until_replace_rewrites_it():
    question = {"question": "Are saved carts kept per device?", "severity": "Blocking", "options": ["Yes", "No"]}
    deps = await plan_deps(plan_answer(questions=[question]), findings(), plan_answer(), findings())
    blocked = await dev_plan(deps, "cart-save")
    plan_text = _text(deps, PLAN_FILE)
    sheet = _text(deps, ".orkeon/work/cart-save/sheets/F1.md")

    replaced = await dev_plan(deps, "cart-save", "--replace")

    assert blocked.message == "plan cart-save: BLOCKED — 3 batches"
    assert "- F1 · Save a cart — blocked" in plan_text and "- F2 · Restore a cart — after F1 — blocked" in plan_text
    assert "Status: BLOCKED — Q1 (Blocking question); /dev-plan cart-save --replace rewrites the plan" in plan_text
    assert "Status: blocked" in sheet
    assert replaced.message == "plan cart-save: READY — 3 batches"
    assert "- F1 · Save a cart — ready" in _text(deps, PLAN_FILE)
    assert "Status: ready" in _text(deps, ".orkeon/work/cart-save/sheets/F1.md")


async def test_a_blocking_question_answered_after_the_draft_still_blocks_and_replace_keeps_the_decision():
    question = {"question": "Are saved carts kept per device?", "severity": "Blocking", "options": ["Yes", "No"]}
    deps = await plan_deps(plan_answer(questions=[question]), findings(), plan_answer(), findings(),
                           human=FakeHumanInput(choices=["No"]))
    blocked = await dev_plan(deps, "cart-save")

    await dev_plan(deps, "cart-save", "--replace")

    assert blocked.data["blockers"] == ["Q1 (Blocking question)"] and blocked.data["decided"] == ["Q1"]
    plan = parse_plan(_text(deps, PLAN_FILE))
    assert plan.blockers == () and [d.answer for d in plan.questions.decided] == ["No"]
    assert "The person's decisions (keep to them):" in deps.llm.model.requests[2].last_user_text


async def test_a_blocking_finding_of_the_review_blocks_the_plan():
    deps = await plan_deps(plan_answer(), findings(BLOCKING_FINDING))

    view = await dev_plan(deps, "cart-save")

    assert view.data["blockers"] == ["R1 (Blocking review finding)"]
    assert "- F3 · Saved carts in the guide · documentation — after F1, F2 — blocked" in _text(deps, PLAN_FILE)


async def test_the_code_alone_goes_on_with_a_written_plan_at_its_next_question_without_drafting_again():
    question = {"question": "Is the guide in English only?", "severity": "Major", "options": ["Yes", "No"]}
    deps = await plan_deps(plan_answer(questions=[question]), findings())
    await dev_plan(deps, "cart-save")
    deps.human = FakeHumanInput(choices=["Yes"])

    view = await dev_plan(deps, "cart-save")

    assert view.data["decided"] == ["Q1"] and view.data["status"] == "READY" and deps.llm.model.remaining == 0
    assert json.loads(json.dumps(view.data))["open"] == []
