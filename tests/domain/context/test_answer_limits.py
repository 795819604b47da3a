"""The max_tokens of one call: the model's output limit, the caller's cap, the context the prompt leaves;
and the sentence of an answer cut there."""

from orkeon_engine.domain.context.answer_limits import (
    DEFAULT_ANSWER_TOKENS,
    MIN_ANSWER_TOKENS,
    AnswerLimit,
    answer_limit,
    cut_text,
    was_cut,
)


def test_an_unknown_output_limit_is_the_default_and_says_which_setting_to_set():
    limit = answer_limit(prompt_chars=400)

    assert limit.tokens == DEFAULT_ANSWER_TOKENS
    assert "model.maxOutputTokens unset" in limit.source


def test_the_setting_is_named_by_its_key_whatever_file_it_came_from():
    limit = answer_limit(400, window=16_384, max_output=1_000, output_source="model.maxOutputTokens (user)")

    assert limit == AnswerLimit(1_000, "model.maxOutputTokens")


def test_the_servers_limit_is_named_with_its_source():
    limit = answer_limit(400, window=16_384, max_output=900, output_source="the server's /props (n_predict)")

    assert limit == AnswerLimit(900, "the model's output limit, from the server's /props (n_predict)")


def test_a_smaller_cap_of_the_caller_wins_with_its_own_words():
    limit = answer_limit(400, max_output=8_000, requested=2_048, requested_source="the most a LensAnswer may take")

    assert limit == AnswerLimit(2_048, "the most a LensAnswer may take")


def test_a_larger_cap_of_the_caller_does_not_raise_the_models_limit():
    assert answer_limit(400, max_output=1_000, requested=5_000).tokens == 1_000


def test_the_context_left_bounds_the_answer_with_a_margin():
    limit = answer_limit(prompt_chars=4 * 12_000, window=16_384)

    assert limit.tokens == 16_384 - 12_000 - 819
    assert limit.source == "the context left: a window of 16,384 tokens less a prompt of about 12,000"


def test_a_nearly_full_window_still_leaves_the_least_answer():
    assert answer_limit(prompt_chars=4 * 16_000, window=16_384).tokens == MIN_ANSWER_TOKENS


def test_a_cut_answer_says_the_model_the_tokens_and_the_bound():
    text = cut_text("openai/qwen", AnswerLimit(4_096, "model.maxOutputTokens"))

    assert text == ("openai/qwen: the model's answer was cut at 4,096 tokens (model.maxOutputTokens), before it "
                    "was complete")


def test_only_the_length_finish_is_a_cut():
    assert was_cut("length") and not was_cut("stop") and not was_cut("tool_calls") and not was_cut("")
