"""docs/permissions.md says what the code does: the modes' rows, every tool's class, every rule set's rules."""

import re
from pathlib import Path

from orkeon_engine.domain.permissions.modes import PERMISSION_MODES
from orkeon_engine.domain.permissions.policy import policy_for
from orkeon_engine.domain.permissions.rule_sets import RULE_SETS, STEP_RULE_SETS
from orkeon_engine.domain.permissions.tools import BUILTIN_TOOLS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "permissions.md").read_text(encoding="utf-8")


def _section(title):
    match = re.search(rf"^### {re.escape(title)}\n(.*?)(?=^#)", DOC, re.S | re.M)
    assert match, f"docs/permissions.md has no section {title}"
    return match.group(1)


def test_the_modes_table_has_each_modes_row():
    for mode in PERMISSION_MODES:
        policy = policy_for(mode)
        row = f"| `{mode}` | {'yes' if policy.read_only else 'no'} | {policy.classes_text()} |"
        assert row in DOC, row


def test_every_builtin_tool_is_named_with_its_class():
    for name, cls in BUILTIN_TOOLS.items():
        assert re.search(rf"^\| {cls} \|.*`{name}`", DOC, re.M), name


def test_every_rule_of_every_set_is_named_in_its_section():
    for name, rule_set in RULE_SETS.items():
        section = _section(name)
        for rule in rule_set.rules:
            specifier = rule.text[rule.text.index("(") + 1 : -1]
            assert f"`{specifier}`" in section, f"{name}: {specifier}"


def test_every_step_is_in_the_step_table():
    for step, sets in STEP_RULE_SETS.items():
        row = next(line for line in DOC.splitlines() if line.startswith("|") and f"`{step}`" in line)
        assert row.rstrip(" |").endswith(", ".join(sets)), step
