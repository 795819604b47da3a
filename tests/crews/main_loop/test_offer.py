from orkeon_engine.crews.main_loop.offer import offer_tools, whole_tool_denials
from orkeon_engine.domain.permissions.rules import Rule, RuleEntry

TOOLS = [("file_read", "read"), ("file_write", "edit"), ("shell_command", "shell"), ("web_fetch", "network")]


def test_a_read_only_mode_offers_the_read_tools_alone():
    offer = offer_tools("plan", TOOLS)

    assert offer.offered == ("file_read",) and offer.read_only
    assert offer.withheld == ("file_write", "shell_command", "web_fetch")


def test_the_default_mode_offers_every_class():
    assert offer_tools("default", TOOLS).offered == tuple(name for name, _ in TOOLS)


def test_a_deny_rule_naming_a_whole_tool_removes_it_and_says_so():
    rules = [RuleEntry(Rule("deny", "shell_command"), "session"),
             RuleEntry(Rule("deny", "file_write", "secrets/**"), "session")]

    offer = offer_tools("acceptEdits", TOOLS, rules)

    assert "shell_command" not in offer.offered and "file_write" in offer.offered
    assert offer.removed_text() == "the rules removed shell_command (session) from the tools"


def test_a_bare_star_deny_removes_every_tool():
    offer = offer_tools("default", TOOLS, [RuleEntry(Rule("deny", "*"), "/repo/.orkeon/config.json")])

    assert offer.offered == ()


def test_an_unknown_mode_offers_nothing():
    assert offer_tools("yolo", TOOLS).offered == ()


def test_an_extra_tool_that_writes_follows_the_extra_class():
    offer = offer_tools("plan", [("file_read", "read"), ("mcp_deploy", "shell")], extra=["mcp_deploy"])

    assert offer.offered == ("file_read",)


def test_only_deny_rules_without_a_specifier_count_as_removals():
    rules = [RuleEntry(Rule("allow", "file_read"), "a"), RuleEntry(Rule("deny", "File_Write"), "b"),
             RuleEntry(Rule("deny", "file_write"), "c")]

    assert whole_tool_denials(rules) == {"file_write": "b"}
