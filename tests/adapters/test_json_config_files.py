import os

import pytest

from orkeon_engine.adapters.json_config_files import JsonConfigFiles, user_config_dir, write_atomically


def test_the_user_file_is_under_xdg_config_home(tmp_path):
    files = JsonConfigFiles(tmp_path, {"XDG_CONFIG_HOME": str(tmp_path / "xdg")})

    assert files.location("user") == str(tmp_path / "xdg" / "orkeon" / "config.json")


def test_without_xdg_the_user_file_is_under_home(tmp_path):
    assert user_config_dir({"HOME": str(tmp_path)}) == tmp_path / ".config" / "orkeon"


def test_a_missing_file_reads_as_none(tmp_path):
    files = JsonConfigFiles(tmp_path, {"XDG_CONFIG_HOME": str(tmp_path)})

    assert files.read("project") is None


def test_a_file_that_is_not_utf8_is_an_os_error_naming_the_problem(tmp_path):
    files = JsonConfigFiles(tmp_path, {"XDG_CONFIG_HOME": str(tmp_path)})
    (tmp_path / ".orkeon").mkdir()
    (tmp_path / ".orkeon" / "config.json").write_bytes(b"\xff\xfe{}")

    with pytest.raises(OSError, match="not UTF-8 text"):
        files.read("project")


def test_a_write_creates_the_folder_and_replaces_the_file_whole(tmp_path):
    files = JsonConfigFiles(tmp_path, {"XDG_CONFIG_HOME": str(tmp_path)})
    files.write("project", '{"a": 1}\n')

    files.write("project", '{"b": 2}\n')

    assert files.read("project") == '{"b": 2}\n'
    assert os.listdir(tmp_path / ".orkeon") == ["config.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path):
    target = tmp_path / "config.json"
    target.write_text("old")

    with pytest.raises(UnicodeEncodeError):
        write_atomically(target, "a lone surrogate cannot be encoded: \udcff")

    assert target.read_text() == "old" and os.listdir(tmp_path) == ["config.json"]
