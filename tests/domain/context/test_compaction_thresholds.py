from orkeon_engine.crews.main_loop import header
from orkeon_engine.domain.context import compaction_thresholds as ct
from orkeon_engine.tools import file_read


def test_the_facts_the_thresholds_rest_on_match_the_code_that_states_them():
    assert ct.FILE_READ_CUT_CHARS == file_read.MAX_READ_CHARS
    assert header.HEADER_CEILING_CHARS == ct.HEADER_CEILING_CHARS


def test_an_unknown_window_is_budgeted_on_the_assumption_and_said_unknown():
    t = ct.thresholds_for(None)

    assert (t.window, t.window_known) == (ct.ASSUMED_CONTEXT_WINDOW, False)
    assert ct.gauge_for(1_000, t).share() == "1,000 tokens of an unknown window"


def test_a_small_output_limit_leaves_more_of_the_window_usable():
    freed = ct.ANSWER_RESERVE_TOKENS - 1_024

    assert ct.thresholds_for(200_000, 1_024).usable == ct.thresholds_for(200_000).usable + freed


def test_the_tiers_and_budgets_are_ordered_within_the_window():
    t = ct.thresholds_for(200_000)

    assert t.snip_target < t.target < t.auto_compact < t.usable < t.window
    assert t.auto_compact < t.warning < t.error < t.window
    assert t.summary <= ct.MAX_SUMMARY_TOKENS and t.restore_file <= t.restore


def test_a_small_window_keeps_half_of_itself_usable():
    t = ct.thresholds_for(8_000)

    assert t.usable == 4_000
    assert t.warning < t.error < t.window


def test_a_window_below_the_floor_is_raised_to_it():
    assert ct.thresholds_for(100).window == ct.MIN_CONTEXT_WINDOW


def test_the_tier_follows_the_prompt_size():
    t = ct.thresholds_for(100_000)

    assert [t.tier(t.warning - 1), t.tier(t.warning), t.tier(t.error)] == ["ok", "warning", "error"]


def test_the_gauge_line_says_the_share_the_tier_and_the_cost():
    gauge = ct.gauge_for(12_800, ct.thresholds_for(128_000), "$0.0100")

    assert gauge.line() == "12,800 of 128,000 tokens (10%), tier ok, session cost $0.0100"


def test_tokens_are_estimated_from_the_length_rounded_up():
    assert (ct.estimate_tokens(""), ct.estimate_tokens("abcde")) == (0, 2)
