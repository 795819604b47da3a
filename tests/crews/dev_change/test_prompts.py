from orkeon_engine.crews.dev_change.prompts import BRIEF_SYSTEM, RUN_SYSTEMS, build_brief_user, build_run_user
from orkeon_engine.domain.dev.brief import RunRecord


def test_a_refused_first_choice_is_said_when_the_command_is_asked_again():
    user = build_run_user("bug", "the total is zero", "PACK", "`make test`: runs a whole suite")

    assert user.startswith("## The bug reported, in the person's words\nthe total is zero")
    assert "## Your first choice was refused\n`make test`: runs a whole suite" in user


def test_the_brief_request_shows_what_code_ran_and_how_it_ended():
    user = build_brief_user("total", "bug", "zero totals", "PACK", RunRecord("pytest t.py", 1, 1234, "1 failed\n"))

    assert "## What code ran: `pytest t.py` (exit code 1, 1,234 ms)\n```text\n1 failed\n```" in user


def test_the_prompts_keep_design_out_and_ask_for_narrow_commands():
    assert "No design" in BRIEF_SYSTEM and "never a whole suite" in RUN_SYSTEMS["bug"]
    assert RUN_SYSTEMS["behaviour"] == ""
