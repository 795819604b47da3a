from orkeon_engine.domain.context.compaction_thresholds import gauge_for, thresholds_for
from orkeon_engine.domain.context.context_use import (
    context_used_text,
    last_call_state,
    read_last_prompt,
    summed_usage_text,
)
from orkeon_engine.domain.model.chat import Usage


def test_the_last_calls_prompt_tokens_are_the_context_used():
    thresholds = thresholds_for(16_384)
    estimate = gauge_for(1_361, thresholds)

    text = context_used_text(2_800, estimate, thresholds)

    assert text == "2,800 of 16,384 tokens (17%) at the last model call, tier ok"


def test_without_a_count_from_the_provider_the_estimate_says_it_is_one():
    thresholds = thresholds_for(None)

    text = context_used_text(None, gauge_for(1_361, thresholds), thresholds)

    assert text == "about 1,361 tokens of an unknown window, estimated before the call, tier ok"


def test_the_prompt_tokens_of_several_calls_are_labelled_a_sum():
    assert summed_usage_text(Usage(5_148, 56, cost=0.0), 2) == "5,148 tokens in (summed over the calls), 56 out, $0"
    assert summed_usage_text(Usage(2_800, 56, cost=None), 1) == "2,800 tokens in, 56 out, unknown"


def test_the_state_bag_round_trips_and_rejects_nonsense():
    assert read_last_prompt(last_call_state(2_800)) == 2_800
    assert [read_last_prompt(v) for v in (None, {"promptTokens": True}, {"promptTokens": "9"}, [])] == [None] * 4
