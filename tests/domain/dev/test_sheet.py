import pytest
from hypothesis import given, settings

from orkeon_engine.crews.dev_plan.prompt_catalogue import SAMPLE_PLAN, SAMPLE_PLAN_FILE
from orkeon_engine.domain.dev.sections import DevFileError
from orkeon_engine.domain.dev.sheet import batch_files, mark_done, parse_sheet, render_sheet, reuses, sheet_status
from tests.support.dev_strategies import plans


def test_a_sheet_ends_with_the_build_and_tests_step_code_adds():
    text = render_sheet(SAMPLE_PLAN, SAMPLE_PLAN.batches[0], SAMPLE_PLAN_FILE)

    assert "### S3 · Build and tests\n- Run: make test" in text
    assert "- I2 · class · shop.cart.Cart · shop/cart.py:1-9 · used by shop/checkout.py, tests/test_cart.py" in text
    assert "- new:shop/saved.py · a file to create" in text


def test_a_sheet_names_the_files_it_reuses_from_earlier_batches():
    import dataclasses

    second = dataclasses.replace(SAMPLE_PLAN.batches[1], steps=SAMPLE_PLAN.batches[0].steps)
    plan = dataclasses.replace(SAMPLE_PLAN, batches=(SAMPLE_PLAN.batches[0], second))

    assert reuses(plan, second) == [("F1", "shop/saved.py"), ("F1", "shop/cart.py")]


def test_the_files_of_a_batch_are_its_anchors_files():
    assert batch_files(SAMPLE_PLAN.inventory, SAMPLE_PLAN.batches[0]) == ("shop/saved.py", "shop/cart.py")


@settings(max_examples=40)
@given(plans())
def test_any_sheet_reads_back_as_the_batch_it_was_written_from(plan):
    for batch in plan.batches:
        assert parse_sheet(render_sheet(plan, batch, "plan.md")) == batch


def test_a_file_that_is_no_sheet_is_refused_naming_it():
    with pytest.raises(DevFileError, match="F9.md: it does not open with `# Sheet F<n> of <code>: <title>`"):
        parse_sheet("# Notes\n", "F9.md")


def test_a_closed_batchs_sheet_is_marked_done_and_still_reads_as_its_batch():
    batch = SAMPLE_PLAN.batches[0]
    text = render_sheet(SAMPLE_PLAN, batch, "plan.md")

    done = mark_done(text)

    assert sheet_status(done) == "done" and sheet_status(text) == "ready"
    assert done.replace("Status: done", "Status: ready") == text
    assert parse_sheet(done).steps == batch.steps
