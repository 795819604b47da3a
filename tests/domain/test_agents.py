from orkeon_engine.domain.agents import CHARTERS, find_charter
from orkeon_engine.domain.permissions.policy import policy_for
from orkeon_engine.domain.permissions.tools import BUILTIN_TOOLS


def test_every_charter_offers_only_tools_the_gate_knows():
    for charter in CHARTERS:
        unknown = [tool for tool in charter.tools if tool not in BUILTIN_TOOLS]
        assert unknown == [], charter.name


def test_a_charter_in_a_read_only_mode_offers_only_read_tools():
    for charter in CHARTERS:
        if policy_for(charter.mode).read_only:
            assert {BUILTIN_TOOLS[tool] for tool in charter.tools} == {"read"}, charter.name


def test_every_charter_has_a_positive_budget_and_distinct_tools():
    for charter in CHARTERS:
        budget = charter.budget
        assert min(budget.tool_calls, budget.seconds, budget.context_tokens) > 0, charter.name
        assert len(set(charter.tools)) == len(charter.tools), charter.name


def test_a_charter_is_found_by_its_name_in_any_case():
    assert find_charter("DEV-REVIEWER") is CHARTERS[0]
    assert find_charter("nobody") is None
