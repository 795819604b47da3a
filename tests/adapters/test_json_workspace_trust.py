import json
import os
from pathlib import Path

import pytest

from orkeon_engine.adapters.json_workspace_trust import JsonWorkspaceTrust


@pytest.fixture
def places(tmp_path):
    workspace = tmp_path / "project"
    workspace.mkdir()
    return workspace, {"XDG_CONFIG_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path)}


def test_a_workspace_is_untrusted_until_granted_and_the_grant_is_kept_in_the_users_folder(places):
    workspace, env = places
    trust = JsonWorkspaceTrust(workspace, env)

    before = trust.trusted()
    trust.grant()

    assert before is False and JsonWorkspaceTrust(workspace, env).trusted()
    assert json.loads(Path(trust.location()).read_text()) == {"trusted": [os.path.realpath(workspace)]}
    assert trust.location().startswith(env["XDG_CONFIG_HOME"])


def test_revoke_takes_the_trust_back(places):
    trust = JsonWorkspaceTrust(*places)
    trust.grant()

    trust.revoke()

    assert not trust.trusted()


def test_a_symlink_to_the_workspace_is_the_same_workspace(places, tmp_path):
    workspace, env = places
    os.symlink(workspace, tmp_path / "link")
    JsonWorkspaceTrust(workspace, env).grant()

    assert JsonWorkspaceTrust(tmp_path / "link", env).trusted()


def test_a_corrupt_store_is_untrusted_and_never_overwritten(places):
    workspace, env = places
    trust = JsonWorkspaceTrust(workspace, env)
    os.makedirs(os.path.dirname(trust.location()))
    with open(trust.location(), "w") as handle:
        handle.write("[" * 50_000)

    with pytest.raises(OSError, match="not valid JSON"):
        trust.grant()

    assert trust.trusted() is False and Path(trust.location()).read_text() == "[" * 50_000


def test_approved_rules_are_kept_per_workspace_beside_the_trust_and_survive_a_grant(places, tmp_path):
    workspace, env = places
    other = tmp_path / "other"
    other.mkdir()
    trust = JsonWorkspaceTrust(workspace, env)

    trust.approve_rules(["shell_command(ls)", "shell_command(ls)"])
    trust.grant()

    assert JsonWorkspaceTrust(workspace, env).approved_rules() == {"shell_command(ls)"}
    assert JsonWorkspaceTrust(other, env).approved_rules() == frozenset()
    assert json.loads(Path(trust.location()).read_text()) == {
        "trusted": [os.path.realpath(workspace)], "approved": {os.path.realpath(workspace): ["shell_command(ls)"]}}


def test_a_store_with_a_malformed_approved_list_approves_nothing_and_is_never_overwritten(places):
    workspace, env = places
    trust = JsonWorkspaceTrust(workspace, env)
    os.makedirs(os.path.dirname(trust.location()))
    Path(trust.location()).write_text(json.dumps({"trusted": [], "approved": {"/x": "file_write(**)"}}))

    with pytest.raises(OSError, match="approved"):
        trust.approve_rules(["file_read"])

    assert trust.approved_rules() == frozenset() and "file_write(**)" in Path(trust.location()).read_text()
