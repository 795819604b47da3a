"""config_store: a ConfigStore over the fakes, the person's own settings given as a dict."""

from __future__ import annotations

import json
from typing import Any

from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust


async def config_store(user: dict[str, Any] | None = None, project: dict[str, Any] | None = None,
                       trusted: bool = True) -> ConfigStore:
    """The settings of `user` (the person's file) and `project` (the repository's), in a workspace trusted or
    not."""
    files = FakeConfigFiles(user=json.dumps(user) if user else None, project=json.dumps(project) if project else None)
    session = await CurrentSession.open(FakeSessionStore())
    return ConfigStore(files, session, FakeWorkspaceTrust(trusted=trusted), {})
