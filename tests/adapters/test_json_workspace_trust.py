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
