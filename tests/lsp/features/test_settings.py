"""What a settings change applies to the session: the keys that changed, those dropped, a changed mode."""

from __future__ import annotations

from orkeon_lsp.features.settings import session_changes
from orkeon_lsp.settings import DEFAULTS, ServerSettings


def test_the_first_settings_apply_every_key_and_the_mode():
    new = ServerSettings(mode="plan", config={"model": "openai/a"})

    assert session_changes(DEFAULTS, new) == ({"model": "openai/a"}, "plan")


def test_only_what_changed_is_applied_and_a_dropped_key_is_unset():
    previous = ServerSettings(mode="plan", config={"model": "openai/a", "model.apiBase": "http://h/v1"})
    new = ServerSettings(mode="plan", config={"model": "openai/b"})

    assert session_changes(previous, new) == ({"model": "openai/b", "model.apiBase": None}, None)


def test_a_mode_the_client_stops_sending_is_left_as_the_person_set_it():
    assert session_changes(ServerSettings(mode="plan"), DEFAULTS) == ({}, None)
