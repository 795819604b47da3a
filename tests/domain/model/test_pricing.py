"""The model.pricing setting: its two shapes, cached tokens, and the values it refuses."""

import pytest

from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.model.pricing import PricingError, parse_pricing

MILLION = Usage(input_tokens=1_000_000, output_tokens=1_000_000)


def test_one_price_applies_to_every_model():
    pricing = parse_pricing({"input": 0.5, "output": 1.5})

    assert pricing.cost("anything/at-all", MILLION) == 2.0


def test_a_price_per_model_matches_the_full_name_the_bare_name_or_the_star():
    pricing = parse_pricing({"openai/qwen": {"input": 1, "output": 1}, "llama": {"input": 2, "output": 2},
                             "*": {"input": 10, "output": 10}})

    assert [pricing.cost(m, MILLION) for m in ("openai/qwen", "ollama/llama", "x/y")] == [2.0, 4.0, 20.0]


def test_a_model_without_a_price_has_no_cost():
    assert parse_pricing({"openai/qwen": {"input": 1, "output": 1}}).cost("openai/other", MILLION) is None


def test_no_setting_prices_nothing():
    assert parse_pricing(None).cost("openai/qwen", MILLION) is None


def test_cached_tokens_are_priced_at_the_cache_rates_when_given():
    pricing = parse_pricing({"input": 1.0, "output": 0, "cacheRead": 0.1, "cacheWrite": 2.0})
    usage = Usage(input_tokens=1_000_000, cache_read_tokens=500_000, cache_write_tokens=100_000)

    assert pricing.cost("m", usage) == pytest.approx(0.4 * 1.0 + 0.5 * 0.1 + 0.1 * 2.0)


@pytest.mark.parametrize(("value", "problem"), [
    ("cheap", "must be an object"),
    ({"input": 1}, "output is missing"),
    ({"input": -1, "output": 1}, "is not a price"),
    ({"input": 1, "output": 1, "per": "token"}, "unknown field 'per'"),
    ({"openai/qwen": 3}, "model.pricing.openai/qwen must be an object"),
])
def test_a_value_of_the_wrong_shape_says_what_is_wrong(value, problem):
    with pytest.raises(PricingError, match=problem):
        parse_pricing(value)
