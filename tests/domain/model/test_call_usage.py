"""Usage sums: tokens add up, and an unknown cost stays unknown; a cost and a usage as the person reads them."""

import pytest

from orkeon_engine.domain.model.call_usage import Usage, format_cost, format_usage


def test_usage_adds_up_and_an_unknown_cost_stays_unknown():
    total = Usage(10, 2, 1, 0, 0.5) + Usage(5, 1, 0, 3, None)

    assert total == Usage(15, 3, 1, 3, None)


def test_the_total_counts_input_and_output_tokens():
    assert Usage(input_tokens=7, output_tokens=5).total_tokens == 12


@pytest.mark.parametrize(("cost", "shown"), [(None, "unknown"), (0, "$0"), (0.01234, "$0.0123"),
                                             (1234.5, "$1,234.50")])
def test_a_cost_is_shown_in_dollars_or_as_unknown(cost, shown):
    assert format_cost(cost) == shown


def test_a_usage_line_shows_tokens_and_cost():
    assert format_usage(Usage(12_345, 67, cost=None)) == "12,345 tokens in, 67 out, unknown"
