import json

import pytest

from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.permissions.rules import Rule, format_rule, parse_rule
from orkeon_engine.domain.permissions.tools import EDIT_TOOLS
from orkeon_engine.services.permission_rules import PermissionRules
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles


async def _rules(files=None):
    deps = await make_deps(files=files)
    return PermissionRules(deps.config, deps.session), deps


async def test_session_rules_are_added_once_and_kept_in_the_state_bag():
    rules, deps = await _rules()
    rule = parse_rule("shell_command(git push:*)", "deny")

    first = await rules.add_session([rule])
    again = await rules.add_session([rule])

    assert first == [rule] and again == []
    assert await deps.session.get_state("permissions.rules") == {"deny": ["shell_command(git push:*)"]}


async def test_a_session_rule_is_removed_from_every_list_when_no_list_is_named():
    rules, _ = await _rules()
    await rules.add_session([Rule("allow", "file_read", ".env"), Rule("deny", "file_read", ".env")])

    removed = await rules.remove_session(Rule("allow", "file_read", ".env"), any_effect=True)

    assert [r.effect for r in removed] == ["deny", "allow"]
    assert (await rules.session_book()).entries == ()


async def test_clear_empties_the_sessions_rules_and_counts_them():
    rules, _ = await _rules()
    await rules.add_session([Rule("allow", "file_read"), Rule("ask", "file_write")])

    assert await rules.clear_session() == 2
    assert (await rules.session_book()).entries == ()


async def test_the_rules_in_force_come_from_the_session_both_files_and_the_step():
    files = FakeConfigFiles(user='{"permissions": {"ask": ["file_write"]}}',
                            project='{"permissions": {"allow": ["shell_command(npm test)"]}}')
    rules, deps = await _rules(files)
    await rules.add_session([Rule("deny", "shell_command", "rm:*")])
    await deps.config.set_value("permissions", '{"allow": ["file_read(src/**)"]}', "session")

    book = await rules.effective(step="dev-plan")

    sources = list(dict.fromkeys(entry.source for entry in book.entries))
    assert sources == ["session", "session settings", "/repo/.orkeon/config.json",
                       "/home/dev/.config/orkeon/config.json", "rule set git-readonly", "rule set read-noise",
                       "rule set secrets", "rule set state-files"]
    assert book.problems == ()


async def test_a_bad_rule_in_a_file_is_a_problem_naming_the_file():
    rules, _ = await _rules(FakeConfigFiles(project='{"permissions": {"allow": ["file_read("]}}'))

    book = await rules.effective()

    assert book.problems == ("/repo/.orkeon/config.json: permissions.allow[0] 'file_read(' does not parse: "
                             "column 11: expected ')' closing the '(' at column 10",)


async def test_project_rules_are_appended_to_the_file_and_removed_from_it():
    files = FakeConfigFiles(project='{"permissions": {"allow": ["file_read"]}}')
    rules, _ = await _rules(files)

    await rules.add_project([Rule("allow", "shell_command", "make")])
    after_add = json.loads(files.texts["project"])
    await rules.remove_project(Rule("allow", "file_read"))
    await rules.remove_project(Rule("allow", "shell_command", "make"))

    assert after_add == {"permissions": {"allow": ["file_read", "shell_command(make)"]}}
    assert json.loads(files.texts["project"]) == {}


async def test_a_rule_is_not_added_to_a_project_file_whose_rules_are_broken():
    files = FakeConfigFiles(project='{"permissions": {"deny": ["x("]}}')
    rules, _ = await _rules(files)

    with pytest.raises(ConfigFileError, match="fix its permissions first"):
        await rules.add_project([Rule("allow", "file_read")])
    assert files.writes == []


async def test_a_file_pinned_read_only_adds_a_deny_rule_for_each_edit_tool():
    rules, deps = await _rules()
    await deps.session.set_state("context.files", [{"path": "/workspace/docs/spec.md", "readOnly": True},
                                                   {"path": "/workspace/src/a.py", "readOnly": False}])

    book = await rules.effective()

    pinned = [e for e in book.entries if e.source == "context file (read-only)"]
    assert [format_rule(e.rule) for e in pinned] == [f"{tool}(/docs/spec.md)" for tool in EDIT_TOOLS]
