import json

import pytest

from orkeon_engine.commands.settings.config import ARGS, run_config
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.settings.config_schema import CONFIG_KEYS
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust


def _args(*tokens):
    return parse_args("config", ARGS, list(tokens))


async def test_keys_lists_every_key_with_what_it_accepts_and_who_reads_it():
    deps = await make_deps()

    view = await run_config(_args("keys"), deps)

    assert [row[0] for row in view.table.rows] == [k.key for k in CONFIG_KEYS]
    assert view.table.columns[1:4] == ("accepts", "default", "read by")


async def test_set_without_a_scope_writes_the_session():
    deps = await make_deps()

    view = await run_config(_args("set", "model", "openai/x"), deps)

    assert view.message == "model = openai/x (this session only; --user or --project keeps it)"
    assert await deps.session.get_state("config:model") == "openai/x"


async def test_set_project_writes_the_project_file():
    files = FakeConfigFiles()
    deps = await make_deps(files=files)

    await run_config(_args("set", "model", "openai/x", "--project"), deps)

    assert json.loads(files.texts["project"]) == {"model": "openai/x"}


async def test_get_of_an_unset_key_shows_its_description():
    deps = await make_deps()

    view = await run_config(_args("get", "model.apiBase"), deps)

    assert "OpenAI-compatible server" in view.lines[0]
    assert view.message.startswith("model.apiBase is unset")


async def test_unset_removes_the_key_from_the_user_file():
    files = FakeConfigFiles(user='{"model": "a/b"}')
    deps = await make_deps(files=files)

    await run_config(_args("unset", "model", "--user"), deps)

    assert json.loads(files.texts["user"]) == {}


async def test_bare_config_lists_each_key_with_its_source():
    deps = await make_deps(files=FakeConfigFiles(project='{"model": "p/m"}'))

    view = await run_config(_args(), deps)

    assert ["model", "p/m", "project"] in [list(row) for row in view.table.rows]


async def test_an_unknown_action_is_an_argument_error():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="unknown action 'frob'"):
        await run_config(_args("frob"), deps)


async def test_project_and_user_together_are_refused():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="exclude each other"):
        await run_config(_args("set", "model", "a/b", "--project", "--user"), deps)


async def test_an_empty_value_is_refused_with_the_key():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="model"):
        await run_config(_args("set", "model", ""), deps)


async def test_a_permissions_value_holding_a_rule_that_does_not_parse_is_refused_and_nothing_written():
    files = FakeConfigFiles()
    deps = await make_deps(files=files)

    with pytest.raises(CommandFailedError, match=r"permissions.allow\[0\] 'file_read\(\(' does not parse"):
        await run_config(_args("set", "permissions", '{"allow": ["file_read(("]}', "--project"), deps)

    assert files.texts["project"] is None


async def test_the_listing_says_which_keys_of_an_untrusted_project_are_ignored():
    deps = await make_deps(files=FakeConfigFiles(project='{"model.apiBase": "http://evil.example/v1"}'),
                           trust=FakeWorkspaceTrust(trusted=False))

    view = await run_config(parse_args("config", ARGS, []), deps)

    rows = {row[0]: row[2] for row in view.table.rows}
    assert rows["model.apiBase"] == "default"
    assert view.lines[0].startswith("/repo/.orkeon/config.json sets model.apiBase, ignored until you trust")


@pytest.mark.parametrize(("value", "named"), [
    ('{"PreToolUse": [{"comand": "./guard.sh"}]}', r"hooks.PreToolUse\[0\]: unknown field 'comand'"),
    ('{"beforeTool": ["./guard.sh"]}', r"hooks.beforeTool: not an event \(the old name beforeTool: use PreToolUse"),
    ('{"PreToolUse": [{"command": "./guard.sh", "timeout": 0}]}', r"hooks.PreToolUse\[0\]: the timeout must be"),
    ('{"Stop": [7]}', r'hooks.Stop\[0\]: expected \{"matcher"'),
    ('["./guard.sh"]', r'hooks: \["./guard.sh"\] is not accepted; expected JSON object'),
    ('{"Stop": [', r"hooks: not valid JSON"),
])
async def test_a_hooks_value_holding_an_entry_that_does_not_parse_is_refused_and_nothing_written(value, named):
    files = FakeConfigFiles()
    deps = await make_deps(files=files)

    with pytest.raises(CommandFailedError, match=named) as refused:
        await run_config(_args("set", "hooks", value, "--user"), deps)

    assert "nothing written: hooks takes an object of events (PreToolUse, PostToolUse" in str(refused.value)
    assert files.texts["user"] is None


async def test_a_hooks_value_that_parses_is_written():
    files = FakeConfigFiles()
    deps = await make_deps(files=files)

    await run_config(_args("set", "hooks", '{"PreToolUse": [{"matcher": "shell_command", "command": "./g.sh"}]}',
                           "--user"), deps)

    assert json.loads(files.texts["user"])["hooks"]["PreToolUse"][0]["command"] == "./g.sh"


async def test_list_is_keys_as_git_and_npm_take_it():
    deps = await make_deps()

    assert await run_config(_args("list"), deps) == await run_config(_args("keys"), deps)


async def test_no_key_is_cut_in_an_80_column_terminal():
    from orkeon_engine.domain.ui.view import render_text

    view = await run_config(_args("keys"), await make_deps())

    text = render_text(view, width=80)
    shown = {line.split("  ")[0] for line in text.splitlines()[2:] if line and not line.startswith(" ")}
    assert {k.key for k in CONFIG_KEYS} <= shown
