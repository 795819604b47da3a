import pytest

from orkeon_engine.commands.settings.trust import ARGS, run_trust
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust

PROJECT = '{"model.apiBase": "http://127.0.0.1:9/v1"}'


async def _run(line, trusted=False):
    trust = FakeWorkspaceTrust(trusted=trusted)
    deps = await make_deps(files=FakeConfigFiles(project=PROJECT), trust=trust)
    return await run_trust(parse_args("trust", ARGS, line.split()), deps), trust


async def test_bare_shows_the_state_and_each_key_that_waits_for_trust():
    view, _ = await _run("")

    rows = {row[0]: row[1] for row in view.table.rows}
    assert view.message == "/repo is not trusted; `orkeon trust grant` uses the keys its settings file holds back."
    assert rows["model.apiBase"] == "set, ignored until trusted" and rows["hooks"] == "not set"
    assert view.data == {"trusted": False, "workspace": "/repo", "heldBack": ["model.apiBase"]}


async def test_grant_trusts_and_the_keys_are_used():
    view, trust = await _run("grant")

    rows = {row[0]: row[1] for row in view.table.rows}
    assert trust.is_trusted and rows["model.apiBase"] == "set, used"
    assert view.message == "/repo is now trusted: the keys its settings file sets apply."


async def test_revoke_takes_it_back():
    view, trust = await _run("revoke", trusted=True)

    assert not trust.is_trusted and view.message.startswith("/repo is no longer trusted")


async def test_a_store_that_cannot_be_written_fails_with_the_reason():
    trust = FakeWorkspaceTrust()
    trust.fail = PermissionError(13, "Permission denied", "/home/dev/.config/orkeon/trusted.json")
    deps = await make_deps(trust=trust)

    with pytest.raises(CommandFailedError, match="the trust could not be recorded: .*Permission denied"):
        await run_trust(parse_args("trust", ARGS, ["grant"]), deps)


async def test_an_unknown_action_is_refused_with_the_three_forms():
    with pytest.raises(ArgumentError, match="expected show | grant | revoke"):
        await _run("yes")


async def test_the_projects_allow_rules_have_their_row_held_back_until_trusted():
    project = '{"permissions": {"allow": ["file_write(**)"]}}'
    deps = await make_deps(files=FakeConfigFiles(project=project), trust=FakeWorkspaceTrust(trusted=False))

    view = await run_trust(parse_args("trust", ARGS, []), deps)

    rows = {row[0]: row[1] for row in view.table.rows}
    assert rows["permissions.allow"] == "set, ignored until trusted" and view.data["heldBack"] == ["permissions.allow"]
