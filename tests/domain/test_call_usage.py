"""Usage sums: tokens add up, and an unknown cost stays unknown."""

from orkeon_engine.domain.call_usage import Usage


def test_usage_adds_up_and_an_unknown_cost_stays_unknown():
    total = Usage(10, 2, 1, 0, 0.5) + Usage(5, 1, 0, 3, None)

    assert total == Usage(15, 3, 1, 3, None)


def test_the_total_counts_input_and_output_tokens():
    assert Usage(input_tokens=7, output_tokens=5).total_tokens == 12
