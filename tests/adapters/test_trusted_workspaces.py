import json

from orkeon_engine.adapters.trusted_workspaces import TRUST_FILE, TrustedWorkspaces


def _trust(tmp_path, listed):
    config = tmp_path / "config"
    config.mkdir()
    if listed is not None:
        (config / TRUST_FILE).write_text(listed if isinstance(listed, str) else json.dumps(listed), encoding="utf-8")
    return config


def test_a_listed_folder_and_the_folders_under_it_are_trusted(tmp_path):
    project = tmp_path / "work" / "app"
    project.mkdir(parents=True)
    config = _trust(tmp_path, [str(tmp_path / "work")])

    assert TrustedWorkspaces(config, project).is_trusted()


def test_a_folder_that_is_not_listed_is_not_trusted(tmp_path):
    project = tmp_path / "app"
    project.mkdir()
    config = _trust(tmp_path, [str(tmp_path / "other"), str(tmp_path / "ap")])

    assert not TrustedWorkspaces(config, project).is_trusted()


def test_a_missing_or_broken_list_trusts_nothing(tmp_path):
    project = tmp_path / "app"
    project.mkdir()
    broken = _trust(tmp_path, "{not json")

    assert not TrustedWorkspaces(broken, project).is_trusted()
    assert not TrustedWorkspaces(tmp_path / "nowhere", project).is_trusted()


def test_a_relative_entry_trusts_nothing(tmp_path):
    project = tmp_path / "app"
    project.mkdir()
    config = _trust(tmp_path, [".", "app"])

    assert not TrustedWorkspaces(config, project).is_trusted()


def test_the_hint_names_the_folder_and_the_file(tmp_path):
    hint = TrustedWorkspaces(tmp_path / "config", tmp_path / "app").how_to_trust()

    assert str(tmp_path / "app") in hint and TRUST_FILE in hint
