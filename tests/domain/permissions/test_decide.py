import pytest

from orkeon_engine.domain.permissions.decide import (
    Allow,
    Ask,
    Deny,
    GateContext,
    decide,
    derive_allow_rules,
    edits_inside_workspace,
)
from orkeon_engine.domain.permissions.rules import Rule, RuleEntry, format_rule, parse_rule
from orkeon_engine.domain.tool_call import ToolCall
from tests.support.bash_grammar import BASH_READ
from tests.support.permission_calls import read, shell, write

CALLS_BY_CLASS = {
    "read": read("/workspace/src/app.py"),
    "network": ToolCall("web_fetch", "network", {"url": "https://example.org"}),
    "edit": write("/workspace/src/app.py"),
    "shell": shell("make lint"),
    "extra": ToolCall("jira_create_issue", "edit", {}),
}
EXTRAS = frozenset({"jira_create_issue", "jira_search"})

EXPECTED = {
    "default": {"read": Allow, "network": Ask, "edit": Ask, "shell": Ask, "extra": Ask},
    "acceptEdits": {"read": Allow, "network": Ask, "edit": Allow, "shell": Ask, "extra": Ask},
    "bypassPermissions": {"read": Allow, "network": Allow, "edit": Allow, "shell": Allow, "extra": Allow},
    "plan": {"read": Allow, "network": Deny, "edit": Deny, "shell": Deny, "extra": Deny},
    "dontAsk": {"read": Allow, "network": Deny, "edit": Deny, "shell": Deny, "extra": Deny},
}
CELLS = [(mode, cls, outcome) for mode, row in EXPECTED.items() for cls, outcome in row.items()]


def _context(mode="default", *texts, problems=(), extra_tools=EXTRAS):
    entries = []
    for text in texts:
        effect, _, rule = text.partition(" ")
        entries.append(RuleEntry(parse_rule(rule, effect), "session"))
    return GateContext(mode, tuple(entries), tuple(problems), extra_tools, read=BASH_READ)


@pytest.mark.parametrize(("mode", "tool_class", "outcome"), CELLS)
def test_every_mode_and_tool_class_without_rules(mode, tool_class, outcome):
    assert type(decide(CALLS_BY_CLASS[tool_class], _context(mode))) is outcome


def test_a_read_only_mode_says_it_does_not_offer_the_tool():
    decision = decide(write("/workspace/a.py"), _context("plan"))

    assert isinstance(decision, Deny)
    assert decision.reason.startswith("refused: the plan mode (it is read-only) does not offer file_write")


def test_an_extra_tool_that_reads_is_offered_in_plan():
    assert isinstance(decide(ToolCall("jira_search", "read", {}), _context("plan")), Allow)


def test_an_unknown_mode_refuses_every_call():
    decision = decide(read("/workspace/a.py"), _context("yolo"))

    assert isinstance(decision, Deny) and "'yolo' is unknown" in decision.reason


def test_a_rule_that_could_not_be_read_refuses_every_call_naming_it():
    problem = "/repo/.orkeon/config.json: permissions.deny[0] 'x(' does not parse: column 3: expected ')'"

    decision = decide(read("/workspace/a.py"), _context("bypassPermissions", problems=[problem]))

    assert isinstance(decision, Deny) and decision.reason.endswith(problem)


# precedence: the mode's policy, then deny, then ask, then allow, then the mode's default


def test_the_policy_refuses_before_an_allow_rule_is_read():
    assert isinstance(decide(shell("make"), _context("plan", "allow shell_command(make)")), Deny)


def test_deny_beats_ask_and_allow():
    context = _context("default", "allow shell_command(git:*)", "ask shell_command(git push:*)",
                       "deny shell_command(git push --force:*)")

    decision = decide(shell("git push --force"), context)

    assert isinstance(decision, Deny)
    assert decision.reason.startswith("refused by the rule shell_command(git push --force:*) (session)")


def test_ask_beats_allow():
    context = _context("default", "allow shell_command(git:*)", "ask shell_command(git push:*)")

    assert isinstance(decide(shell("git push"), context), Ask)


def test_allow_beats_the_modes_question():
    assert decide(shell("git status"), _context("default", "allow shell_command(git:*)")) == Allow(
        "allowed by shell_command(git:*)")


def test_an_ask_rule_asks_even_where_the_mode_would_allow():
    assert isinstance(decide(read("/workspace/big.log"), _context("default", "ask file_read(*.log)")), Ask)


def test_a_deny_rule_refuses_a_read():
    assert isinstance(decide(read("/workspace/.env"), _context("plan", "deny file_read(.env)")), Deny)


def test_bypass_permissions_still_reads_the_deny_rules():
    assert isinstance(decide(shell("rm -rf /"), _context("bypassPermissions", "deny shell_command(rm:*)")), Deny)


def test_bypass_permissions_allows_what_an_ask_rule_would_ask():
    assert isinstance(decide(shell("git push"), _context("bypassPermissions", "ask shell_command(git:*)")), Allow)


def test_dont_ask_refuses_what_an_ask_rule_would_ask():
    decision = decide(read("/workspace/big.log"), _context("dontAsk", "ask file_read(*.log)"))

    assert isinstance(decision, Deny) and "never asks" in decision.reason


def test_rules_of_every_source_are_read_deny_first():
    context = GateContext("default", (
        RuleEntry(parse_rule("shell_command(git:*)", "allow"), "session"),
        RuleEntry(parse_rule("shell_command(git push:*)", "deny"), "rule set git-readonly", "publishes commits"),
    ), read=BASH_READ)

    decision = decide(shell("git push"), context)

    assert decision == Deny("refused by the rule shell_command(git push:*) (rule set git-readonly): publishes "
                            "commits; change approach instead of repeating the call")


def test_every_part_of_a_compound_command_may_be_allowed_by_a_different_rule():
    context = _context("default", "allow shell_command(git status)", "allow shell_command(npm test)")

    assert isinstance(decide(shell("git status && npm test"), context), Allow)
    assert isinstance(decide(shell("git status && npm publish"), context), Ask)


def test_every_path_of_a_call_may_be_allowed_by_a_different_rule():
    context = _context("default", "allow edit_batch(src/**)", "allow edit_batch(tests/**)")
    batch = write("/workspace/src/a.py", "/workspace/tests/test_a.py", tool="edit_batch")

    assert isinstance(decide(batch, context), Allow)


# acceptEdits


@pytest.mark.parametrize(
    ("path", "allowed"),
    [("/workspace/src/a.py", True), ("/workspace/README.md", True), ("/tmp/scratch.txt", False),
     ("/output/report.md", False), ("/workspace/.git/config", False), ("/workspace/.orkeon/config.json", False),
     ("/workspace/../etc/passwd", False)],
)
def test_accept_edits_allows_an_edit_inside_the_workspace_only(path, allowed):
    decision = decide(write(path), _context("acceptEdits"))

    assert isinstance(decision, Allow if allowed else Ask)


def test_accept_edits_asks_for_an_edit_without_paths():
    assert not edits_inside_workspace(ToolCall("file_write", "edit", {}))


# the narrowest rule


def test_the_rule_offered_for_a_command_is_each_part_exactly():
    rules = derive_allow_rules(shell("npm ci && npm test -- --runInBand"), BASH_READ)

    assert [format_rule(r) for r in rules] == ["shell_command(npm ci)", "shell_command(npm test -- --runInBand)"]


def test_the_rule_offered_for_a_file_is_anchored_at_the_workspace_root():
    assert derive_allow_rules(write("/workspace/a.py"), BASH_READ) == (Rule("allow", "file_write", "/a.py"),)


def test_no_rule_is_offered_when_none_can_say_the_call_narrowly():
    assert derive_allow_rules(shell("echo $(date) > stamp.txt"), BASH_READ) == ()
    assert derive_allow_rules(write("/tmp/x.txt"), BASH_READ) == ()
    assert derive_allow_rules(write("/workspace/weird[1].py"), BASH_READ) == ()


def test_a_call_without_command_or_paths_is_offered_its_bare_tool():
    assert derive_allow_rules(ToolCall("web_fetch", "network", {}), BASH_READ) == (Rule("allow", "web_fetch"),)


def test_an_ask_carries_the_offered_rules():
    decision = decide(shell("make lint"), _context("default"))

    assert decision == Ask("shell_command asks first in the default mode", (Rule("allow", "shell_command",
                                                                                 "make lint"),))


def test_an_ask_on_a_doubtful_line_says_why_no_allow_rule_covers_it():
    context = GateContext("default", (RuleEntry(parse_rule("shell_command(ls:*)", "allow"), "session"),),
                          read=BASH_READ)

    decision = decide(shell("ls $(touch x)"), context)

    assert isinstance(decision, Ask) and decision.reason == (
        "shell_command asks first in the default mode, and no allow rule covers a line holding a command "
        "substitution ($(touch x)) computed when it runs")
