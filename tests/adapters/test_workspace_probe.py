from orkeon_engine.adapters.workspace_probe import probe_workspace


def test_a_git_repository_is_found_from_a_subfolder(tmp_path):
    (tmp_path / ".git").mkdir()
    sub = tmp_path / "src"
    sub.mkdir()

    info, _ = probe_workspace(sub)

    assert info.git_root == str(tmp_path)


def test_local_state_folder_gets_its_own_gitignore(tmp_path):
    _, local = probe_workspace(tmp_path)

    assert local == tmp_path / ".orkeon" / "local"
    assert (local / ".gitignore").read_text().splitlines()[-1] == "*"


def test_a_plain_folder_is_limited_but_usable(tmp_path):
    info, local = probe_workspace(tmp_path)

    assert info.git_root is None and local is not None
    assert any("not a git repository" in line for line in info.limitations)


def test_a_folder_that_cannot_hold_local_state_keeps_sessions_in_memory(tmp_path):
    (tmp_path / ".orkeon").write_text("a file where the folder should be")

    info, local = probe_workspace(tmp_path)

    assert local is None and not info.writable
    assert any("sessions are kept in memory only" in line for line in info.limitations)
