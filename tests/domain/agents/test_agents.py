from orkeon_engine.domain.agents.agents import (
    CHARTERS,
    GENERAL_BUDGET,
    STEP_BUDGETS,
    charter_names,
    child_budget,
    find_charter,
    general_charter,
)
from orkeon_engine.domain.permissions.policy import policy_for
from orkeon_engine.domain.permissions.rule_sets import STEP_RULE_SETS
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


def test_every_built_in_charter_runs_under_a_known_step():
    assert {charter.name: charter.step for charter in CHARTERS} == {"dev-reviewer": "dev-review",
                                                                     "dev-auditor": "dev-verify"}
    assert all(charter.step in STEP_RULE_SETS for charter in CHARTERS)


def test_every_step_has_a_budget_and_every_budget_a_step():
    assert set(STEP_BUDGETS) == set(STEP_RULE_SETS)


def test_a_child_gets_its_steps_budget_else_its_charters():
    reviewer = find_charter("dev-reviewer")

    assert child_budget(reviewer, "dev-implement") == STEP_BUDGETS["dev-implement"]
    assert child_budget(reviewer, None) == reviewer.budget


def test_a_general_charter_takes_its_parents_mode_and_tools_but_never_spawn_agent():
    charter = general_charter("acceptEdits", ("file_read", "spawn_agent", "file_write"))

    assert (charter.mode, charter.tools, charter.budget) == ("acceptEdits", ("file_read", "file_write"),
                                                             GENERAL_BUDGET)


def test_the_charters_a_child_starts_from_are_general_then_the_built_in_ones():
    assert charter_names() == ("general", "dev-reviewer", "dev-auditor")
