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


def test_an_extra_tool_that_writes_is_withheld_in_plan_and_one_that_reads_is_offered():
    extras = [("file_read", "read"), ("mcp__ops__deploy", "extra"), ("mcp__ops__status", "read")]

    offer = offer_tools("plan", extras)

    assert offer.offered == ("file_read", "mcp__ops__status") and offer.withheld == ("mcp__ops__deploy",)


def test_an_extra_tool_that_writes_is_offered_in_the_modes_that_offer_extra():
    offers = [offer_tools(mode, [("mcp__ops__deploy", "extra")]).offered
              for mode in ("default", "acceptEdits", "bypassPermissions", "dontAsk")]

    assert offers == [("mcp__ops__deploy",)] * 3 + [()]


def test_a_deny_rule_naming_a_server_with_a_star_removes_its_tools():
    tools = [("mcp__github__create_issue", "extra"), ("mcp__github__search", "read"), ("mcp__jira__search", "read")]

    offer = offer_tools("default", tools, [RuleEntry(Rule("deny", "mcp__github__*"), "session")])

    assert offer.offered == ("mcp__jira__search",)
    assert [tool.name for tool in offer.removed] == ["mcp__github__create_issue", "mcp__github__search"]


def test_only_deny_rules_without_a_specifier_count_as_removals():
    rules = [RuleEntry(Rule("allow", "file_read"), "a"), RuleEntry(Rule("deny", "File_Write"), "b"),
             RuleEntry(Rule("deny", "file_write"), "c")]

    assert whole_tool_denials(rules) == {"file_write": "b"}


def test_the_core_set_keeps_its_tools_and_the_extra_ones_and_says_which_it_left_out():
    tools = [*TOOLS, ("edit_batch", "edit"), ("mcp__tiny__echo", "extra")]

    offer = offer_tools("default", tools, core=True)

    assert offer.offered == ("file_read", "file_write", "shell_command", "mcp__tiny__echo")
    assert offer.trimmed == ("web_fetch", "edit_batch")


def test_the_core_set_never_offers_what_the_mode_or_the_rules_withhold():
    offer = offer_tools("plan", TOOLS, [RuleEntry(Rule("deny", "file_read"), "session")], core=True)

    assert offer.offered == () and offer.trimmed == ()


def test_definition_rewrite_is_offered_with_the_core_set_only():
    tools = [*TOOLS, ("definition_rewrite", "edit")]

    full = offer_tools("acceptEdits", tools)
    core = offer_tools("acceptEdits", tools, core=True)

    assert "definition_rewrite" not in full.offered and "definition_rewrite" not in full.trimmed
    assert "definition_rewrite" in core.offered
    assert "definition_rewrite" not in offer_tools("plan", tools, core=True).offered


# --- nobody to answer: the tools whose every call would ask are left out ------------------------------------

def test_with_nobody_to_answer_the_shell_and_the_network_are_left_out_in_the_modes_that_ask_and_said_so():
    default = offer_tools("default", TOOLS, unanswerable=True)
    accept = offer_tools("acceptEdits", TOOLS, unanswerable=True)

    assert default.offered == ("file_read", "file_write") and default.unapprovable == ("shell_command", "web_fetch")
    assert accept.offered == ("file_read", "file_write")
    assert default.unapprovable_text() == ("shell_command, web_fetch left out: nobody can approve their calls here, "
                                           "and no allow rule names them (permissions.md)")


def test_with_nobody_to_answer_bypass_permissions_keeps_every_tool_and_someone_to_answer_keeps_them_too():
    assert offer_tools("bypassPermissions", TOOLS, unanswerable=True).offered == tuple(n for n, _ in TOOLS)
    assert offer_tools("default", TOOLS, unanswerable=False).unapprovable == ()


def test_an_allow_rule_naming_the_tool_keeps_it_offered_though_nobody_answers():
    rules = [RuleEntry(Rule("allow", "shell_command", "pytest:*"), "/repo/.orkeon/config.json"),
             RuleEntry(Rule("allow", "file_read", "docs/**"), "session")]

    offer = offer_tools("default", TOOLS, rules, unanswerable=True)

    assert "shell_command" in offer.offered and offer.unapprovable == ("web_fetch",)
    assert offer.unapprovable_text().startswith("web_fetch left out: nobody can approve its calls here")


def test_a_tool_a_pre_tool_use_hook_guards_stays_offered_though_nobody_answers():
    offer = offer_tools("default", TOOLS, unanswerable=True, hooked={"shell_command"})

    assert "shell_command" in offer.offered and offer.unapprovable == ("web_fetch",)
