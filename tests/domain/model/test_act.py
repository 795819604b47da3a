"""The tool loop's data: the default budget and the messages of its typed stops."""

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.model.act import Budget, BudgetExhausted, Cancelled


def test_the_default_budget_is_the_main_loops():
    assert Budget() == Budget(tool_calls=200, seconds=1800, context_tokens=700_000)


def test_a_spent_budget_says_which_limit_and_how_much_was_used():
    stop = BudgetExhausted("context_tokens", 700_000, 712_345)

    assert str(stop) == "the tool loop stopped: its budget of 700,000 context tokens is spent (712,345 used)"
    assert isinstance(stop, CommandFailedError)


def test_a_cancel_says_how_many_calls_were_made():
    assert str(Cancelled()) == "cancelled after 0 tool calls"
