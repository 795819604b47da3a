import json

import pytest

from orkeon_engine.commands.settings.permissions import ARGS, run_permissions
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgumentError, parse_args, split_line
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles


def _args(line):
    return parse_args("permissions", ARGS, split_line(line))


NO_SETS = '{"permissions.ruleSets": []}'


async def test_bare_lists_no_rules_and_says_the_modes_decide():
    deps = await make_deps(files=FakeConfigFiles(user=NO_SETS))

    view = await run_permissions(_args(""), deps)

    assert view.table is None and view.message.startswith("No rules")


async def test_bare_lists_the_secrets_rule_set_the_assistant_runs_under_by_default():
    deps = await make_deps()

    view = await run_permissions(_args(""), deps)

    assert ("deny", "*(.env)", "rule set secrets") in view.table.rows


async def test_add_puts_a_rule_in_the_session_and_the_list_shows_it_by_source():
    project = '{"permissions": {"allow": ["shell_command(npm test)"]}}'
    deps = await make_deps(files=FakeConfigFiles(user=NO_SETS, project=project))

    added = await run_permissions(_args("add deny shell_command(git push:*)"), deps)
    listed = await run_permissions(_args(""), deps)

    assert added.message == "added deny shell_command(git push:*) to this session"
    assert listed.table.rows == (("deny", "shell_command(git push:*)", "session"),
                                 ("allow", "shell_command(npm test)", "/repo/.orkeon/config.json"))


async def test_add_with_project_writes_the_project_file():
    files = FakeConfigFiles()
    deps = await make_deps(files=files)

    view = await run_permissions(_args("add ask file_write(src/**) --project"), deps)

    assert view.message == "added ask file_write(src/**) to /repo/.orkeon/config.json"
    assert json.loads(files.texts["project"]) == {"permissions": {"ask": ["file_write(src/**)"]}}


async def test_a_rule_whose_words_start_with_a_dash_is_kept_whole():
    deps = await make_deps()

    view = await run_permissions(_args("add deny shell_command(rm -rf:*)"), deps)

    assert view.message == "added deny shell_command(rm -rf:*) to this session"


async def test_a_rule_added_twice_is_said_to_be_there_already():
    deps = await make_deps()
    await run_permissions(_args("add allow file_read"), deps)

    view = await run_permissions(_args("add allow file_read"), deps)

    assert view.message == "allow file_read is already in this session"


async def test_a_rule_that_does_not_parse_is_refused_with_its_position():
    deps = await make_deps()

    with pytest.raises(CommandFailedError) as caught:
        await run_permissions(_args("add deny 'shell_command(git push'"), deps)

    assert str(caught.value) == ("the rule does not parse at column 23: expected ')' closing the '(' at column 14\n"
                                 "shell_command(git push\n"
                                 "                      ^")
    assert await deps.session.get_state("permissions.rules") is None


async def test_add_needs_a_list_name():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="add needs a list first: allow, ask or deny"):
        await run_permissions(_args("add file_read"), deps)


async def test_an_unknown_tool_name_is_added_with_a_note():
    deps = await make_deps()

    view = await run_permissions(_args("add allow jira_search"), deps)

    assert view.lines == ("note: no built-in tool is called jira_search; the rule applies to an extra tool of "
                          "that name",)


async def test_remove_takes_a_rule_out_of_the_session():
    deps = await make_deps(files=FakeConfigFiles(user=NO_SETS))
    await run_permissions(_args("add deny file_read(.env)"), deps)

    view = await run_permissions(_args("remove file_read(.env)"), deps)

    assert view.message == "removed deny file_read(.env) from the session's rules"
    assert (await run_permissions(_args(""), deps)).table is None


async def test_removing_a_rule_that_is_not_there_says_so():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match=r"file_read\(.env\) is not in the session's rules"):
        await run_permissions(_args("remove deny file_read(.env)"), deps)


async def test_remove_with_project_takes_it_out_of_the_file():
    files = FakeConfigFiles(project='{"permissions": {"allow": ["file_read", "file_write"]}}')
    deps = await make_deps(files=files)

    await run_permissions(_args("remove allow file_write --project"), deps)

    assert json.loads(files.texts["project"]) == {"permissions": {"allow": ["file_read"]}}


async def test_clear_empties_the_sessions_rules():
    deps = await make_deps()
    await run_permissions(_args("add allow file_read"), deps)
    await run_permissions(_args("add ask file_write"), deps)

    view = await run_permissions(_args("clear"), deps)

    assert view.message == "cleared the session's rules (2)"
    assert await deps.session.get_state("permissions.rules") is None


async def test_clear_refuses_the_project_flag():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="clear empties the session's rules"):
        await run_permissions(_args("clear --project"), deps)


async def test_sets_lists_every_set_with_its_reasons_and_the_steps():
    deps = await make_deps()

    view = await run_permissions(_args("sets"), deps)

    names = {row[0] for row in view.table.rows}
    assert names == {"git-readonly", "inline-interpreters", "read-noise", "secrets", "state-files"}
    assert ("secrets", "*(.env)", "an env file holds the environment's secrets") in view.table.rows
    assert "  dev-implement: git-readonly, inline-interpreters, read-noise, secrets, state-files" in view.lines


async def test_sets_with_a_name_shows_that_set_only():
    deps = await make_deps()

    view = await run_permissions(_args("sets secrets"), deps)

    assert {row[0] for row in view.table.rows} == {"secrets"}
    assert view.message == "13 deny rules in 1 set."


async def test_a_bad_settings_rule_is_shown_as_making_the_gate_refuse():
    deps = await make_deps(files=FakeConfigFiles(user='{"permissions": {"deny": ["Bash("]}}'))

    view = await run_permissions(_args(""), deps)

    assert view.lines[0].startswith("cannot be read: /home/dev/.config/orkeon/config.json: permissions.deny[0]")
    assert view.message == "The gate refuses every call until these are fixed."


async def test_an_unknown_action_names_the_actions():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="unknown action 'list'; expected add | remove | clear | sets"):
        await run_permissions(_args("list"), deps)
