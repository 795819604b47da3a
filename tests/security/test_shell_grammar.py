"""One shell grammar, the one that runs: `ls &>/dev/null touch PWNED` passed `shell_command(ls:*)` (and the
deny rule sets in bypassPermissions) because the checker read `&>` as bash does while /bin/sh (dash) ran
`ls &` then `touch PWNED`. Lines now run under bash, are read with bash's grammar, and whatever the reading
cannot classify for sure is asked."""

import json
import os

import pytest

from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from orkeon_engine.domain.permissions.decide import Allow, Ask, Deny, GateContext, decide
from orkeon_engine.domain.permissions.rule_sets import RULE_SETS
from orkeon_engine.domain.permissions.rules import RuleEntry, parse_rule
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.tools.shell_command import ShellCommandTool
from tests.support.bash_grammar import BASH_GRAMMAR, BASH_READ
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.permission_calls import shell

LS = (RuleEntry(parse_rule("shell_command(ls:*)", "allow"), "test"),)


def _decide(line, mode="default", rules=LS):
    return decide(shell(line), GateContext(mode, rules, read=BASH_READ))


async def _through_the_tool(line, workspace, mode="default", allow=("shell_command(ls:*)",)):
    files = FakeConfigFiles(project=json.dumps({"permissions": {"allow": list(allow)}}))
    deps = await make_deps(files=files, human=FakeHumanInput())
    tool = ShellCommandTool(SubprocessShell(workspace, {"PATH": os.environ["PATH"]}), deps.config, BASH_GRAMMAR)
    args = tool.parse({"command": line})
    verdict = await (await gate_for_run(deps.gate_ports(), mode)).authorize(await tool.describe(args))
    if verdict.allowed:
        await tool.run(args)
    return verdict


async def test_the_dash_redirection_line_runs_only_ls_under_bash(tmp_path):
    verdict = await _through_the_tool("ls &>/dev/null touch PWNED", tmp_path)

    assert verdict.allowed and not (tmp_path / "PWNED").exists()


async def test_in_bypass_permissions_with_the_rule_sets_it_still_writes_nothing(tmp_path):
    verdict = await _through_the_tool("ls &>/dev/null touch PWNED", tmp_path, mode="bypassPermissions", allow=())

    assert verdict.allowed and not (tmp_path / "PWNED").exists()


@pytest.mark.parametrize("line", [
    "ls $(touch PWNED)",
    "ls `touch PWNED`",
    "ls <(touch PWNED)",
    "ls ${x:-$(touch PWNED)}",
    "ls $CMD",
    "ls; eval touch PWNED",
    "ls() { touch PWNED; }; ls",
    "if ls; then ls; fi",
    "ls & ls",
    "ls <<EOF\nx\nEOF",
    "ls > PWNED",
    "ls {,-R}",
    "ls *",
    "ls >& \\ 2",
    "ls 'unclosed",
])
def test_what_the_reading_cannot_classify_for_sure_is_asked_never_allowed(line):
    assert isinstance(_decide(line), Ask)


def test_a_line_bash_cannot_parse_is_refused_while_deny_rules_are_in_force():
    rules = (*LS, *RULE_SETS["secrets"].entries())

    decision = _decide("ls 'unclosed", rules=rules)

    assert isinstance(decision, Deny) and "does not parse as bash" in decision.reason


def test_the_deny_rule_sets_see_inside_what_the_reading_doubts():
    rules = RULE_SETS["git-readonly"].entries()

    decisions = [_decide(line, "bypassPermissions", rules) for line in
                 ("ls $(git push)", "f() { git push; }; f", "ls & git push", "bash <<EOF\ngit push\nEOF")]

    assert all(isinstance(d, Deny) for d in decisions)


def test_a_plain_ls_line_is_still_allowed():
    assert isinstance(_decide("ls -la src 2>/dev/null | ls"), Allow)
