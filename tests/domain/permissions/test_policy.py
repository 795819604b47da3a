from orkeon_engine.domain.permissions.modes import PERMISSION_MODES
from orkeon_engine.domain.permissions.policy import MODE_POLICIES, POLICY_CLASSES, ModePolicies, policy_for

REFERENCE_TABLE = {
    "default": (False, {"read", "network", "edit", "shell", "extra"}),
    "acceptEdits": (False, {"read", "network", "edit", "shell", "extra"}),
    "bypassPermissions": (False, {"read", "network", "edit", "shell", "extra"}),
    "plan": (True, {"read"}),
    "dontAsk": (True, {"read"}),
}


def test_every_mode_has_the_row_of_the_reference_table():
    rows = {mode: (policy_for(mode).read_only, set(policy_for(mode).tool_classes)) for mode in PERMISSION_MODES}

    assert rows == REFERENCE_TABLE


def test_the_policy_table_is_keyed_by_exactly_the_mode_list():
    assert set(ModePolicies.__required_keys__) == set(PERMISSION_MODES) == set(MODE_POLICIES)


def test_only_dont_ask_refuses_what_would_ask_and_only_bypass_allows_it():
    unsure = {mode: policy_for(mode).when_unsure for mode in PERMISSION_MODES}

    assert unsure == {"default": "ask", "acceptEdits": "ask", "bypassPermissions": "allow", "plan": "ask",
                      "dontAsk": "deny"}


def test_the_classes_a_mode_offers_are_the_tool_classes_extra_included():
    assert POLICY_CLASSES == ("read", "network", "edit", "shell", "extra")
