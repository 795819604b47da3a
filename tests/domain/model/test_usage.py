"""The ledger's sums: by model and by command, and the cost of calls nobody priced."""

from datetime import UTC, datetime

from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.model.usage import UsageRecord, UsageTotals, summarise

WHEN = datetime(2026, 1, 15, tzinfo=UTC)


def _record(command, model, cost=0.01, tokens=100):
    return UsageRecord("s1", command, model, Usage(tokens, 10, cost=cost), WHEN)


def test_a_summary_sums_by_model_and_by_command():
    summary = summarise([_record("review", "a/m"), _record("review", "b/m"), _record("commit", "a/m")])

    assert summary.total.calls == 3 and summary.total.input_tokens == 300
    assert [(name, t.calls) for name, t in summary.by_model] == [("a/m", 2), ("b/m", 1)]
    assert [(name, t.calls) for name, t in summary.by_command] == [("commit", 1), ("review", 2)]


def test_unpriced_calls_are_counted_beside_the_priced_cost():
    totals = summarise([_record("r", "m", 0.02), _record("r", "m", None)]).total

    assert (totals.cost, totals.cost_text()) == (None, "$0.0200 + 1 unpriced call")


def test_a_total_of_unpriced_calls_only_is_unknown():
    assert summarise([_record("r", "m", None)]).total.cost_text() == "unknown"


def test_no_call_is_all_zeros():
    assert summarise([]).total == UsageTotals()
