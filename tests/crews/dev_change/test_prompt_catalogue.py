from orkeon_engine.crews.dev_change.prompt_catalogue import every_prompt
from orkeon_engine.crews.dev_change.run import render_every_prompt


def test_the_change_prompts_are_the_reproduction_the_measurement_the_brief_and_its_review():
    assert [p.name for p in render_every_prompt()] == ["dev-change-reproduction", "dev-change-measurement",
                                                        "dev-change", "dev-review-brief"]


def test_the_brief_prompt_shows_the_sample_run():
    brief = next(p for p in every_prompt() if p.name == "dev-change")

    assert "## What code ran: `python -m pytest tests/test_cart.py::test_total -q` (exit code 1, 840 ms)" in brief.user
