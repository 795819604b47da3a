"""The prompt's history: one file per workspace in the user's state folder, never in the repository."""

from pathlib import Path

from orkeon_engine.adapters.terminal_prompt import history_path


def test_each_workspace_has_its_own_history_in_the_users_state_folder(tmp_path):
    environ = {"XDG_STATE_HOME": str(tmp_path / "state")}
    one, other = tmp_path / "work" / "app", tmp_path / "clone" / "app"

    first = history_path(one, environ)

    assert first.parent == tmp_path / "state" / "orkeon" / "history"
    assert first == history_path(one, environ) != history_path(other, environ)
    assert first.name.startswith("app-") and not first.is_relative_to(one)


def test_without_xdg_state_home_the_platforms_state_folder_holds_it(tmp_path):
    path = history_path(tmp_path, {})

    assert "orkeon" in path.parts and not path.is_relative_to(tmp_path) and isinstance(path, Path)
