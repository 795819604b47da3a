import os
import tempfile
from pathlib import Path

from orkeon_engine.adapters.workspace_probe import (
    CEILING_VARIABLE,
    ceiling_folders,
    find_workspace_root,
    probe_workspace,
    temp_roots,
)


def _folders(root, *names):
    for name in names:
        (root / name).mkdir(parents=True, exist_ok=True)
    return root


def test_the_root_is_the_nearest_folder_up_holding_orkeon(tmp_path):
    _folders(tmp_path, "repo/.git", "repo/.orkeon", "repo/src/pkg")

    assert find_workspace_root(tmp_path / "repo" / "src" / "pkg", home=tmp_path / "home") == tmp_path / "repo"


def test_without_orkeon_the_root_is_the_git_top_level(tmp_path):
    _folders(tmp_path, "repo/.git", "repo/src")

    assert find_workspace_root(tmp_path / "repo" / "src", home=tmp_path / "home") == tmp_path / "repo"


def test_an_orkeon_folder_above_the_repository_does_not_swallow_it(tmp_path):
    _folders(tmp_path, ".orkeon", "repo/.git", "repo/src")

    assert find_workspace_root(tmp_path / "repo" / "src", home=tmp_path / "home") == tmp_path / "repo"


def test_an_orkeon_folder_inside_the_repository_is_nearer_than_its_top(tmp_path):
    _folders(tmp_path, "repo/.git", "repo/.orkeon", "repo/service/.orkeon", "repo/service/api")

    found = find_workspace_root(tmp_path / "repo" / "service" / "api", home=tmp_path / "home")

    assert found == tmp_path / "repo" / "service"


def test_outside_git_an_orkeon_folder_above_is_the_root(tmp_path):
    _folders(tmp_path, "notes/.orkeon", "notes/2026/may")

    assert find_workspace_root(tmp_path / "notes" / "2026" / "may", home=tmp_path / "home") == tmp_path / "notes"


def test_outside_git_without_orkeon_the_root_is_the_current_folder(tmp_path):
    _folders(tmp_path, "plain/sub")

    assert find_workspace_root(tmp_path / "plain" / "sub", home=tmp_path / "home") == tmp_path / "plain" / "sub"


def test_an_orkeon_folder_in_the_home_folder_is_not_taken_from_below(tmp_path):
    home = _folders(tmp_path / "home", ".orkeon", "scratch")

    assert find_workspace_root(home / "scratch", home=home) == home / "scratch"


def test_an_orkeon_folder_above_a_ceiling_folder_is_not_taken_from_below(tmp_path):
    outer = _folders(tmp_path / "outer", ".orkeon", "ws")
    home = tmp_path / "home"

    assert find_workspace_root(outer / "ws", home=home, env={}) == outer
    assert find_workspace_root(outer / "ws", home=home, env={CEILING_VARIABLE: str(outer)}) == outer / "ws"


def test_ceiling_folders_are_absolute_paths_joined_by_the_path_separator(tmp_path):
    value = os.pathsep.join([str(tmp_path / "a"), "", "relative/b", str(tmp_path / "c")])

    assert ceiling_folders({CEILING_VARIABLE: value}) == {tmp_path / "a", tmp_path / "c"}


def test_an_orkeon_folder_in_the_temporary_root_is_not_taken_from_below(tmp_path):
    # An earlier run's /tmp/.orkeon/ made every test folder one workspace; `outer` plays the temporary root.
    outer = _folders(tmp_path / "outer", ".orkeon", "ws")
    home = tmp_path / "home"

    assert find_workspace_root(outer / "ws", home=home, env={}, temp_root=tmp_path / "elsewhere") == outer
    assert find_workspace_root(outer / "ws", home=home, env={}, temp_root=outer) == outer / "ws"


def test_an_orkeon_folder_in_the_environment_s_temporary_folder_is_not_taken_from_below(tmp_path):
    outer = _folders(tmp_path / "outer", ".orkeon", "ws")
    home = tmp_path / "home"

    assert find_workspace_root(outer / "ws", home=home, env={}) == outer
    assert find_workspace_root(outer / "ws", home=home, env={"TMPDIR": str(outer)}) == outer / "ws"
    assert find_workspace_root(outer / "ws", home=home, env={"TMP": str(outer)}) == outer / "ws"


def test_the_temporary_roots_hold_the_folder_tempfile_picks():
    assert Path(tempfile.gettempdir()).resolve() in temp_roots(os.environ)


def test_every_test_folder_lies_below_the_temporary_root_the_search_stops_at(tmp_path):
    # So a stray `.orkeon/` in the temporary root (or above it) never reaches a test, in process or in the
    # processes a test starts (their environment has no ORKEON_ variable).
    assert Path(tempfile.gettempdir()).resolve() in tmp_path.resolve().parents


def test_the_person_s_folder_is_kept_beside_the_root(tmp_path):
    _folders(tmp_path, "repo/.git", "repo/src")

    info, _ = probe_workspace(tmp_path / "repo", cwd=tmp_path / "repo" / "src")

    assert (info.root, info.here) == (str(tmp_path / "repo"), str(tmp_path / "repo" / "src"))


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


def test_a_folder_that_cannot_hold_the_output_folder_says_so_and_keeps_its_state(tmp_path):
    (tmp_path / ".orkeon").write_text("a file where the folder should be")

    info, local = probe_workspace(tmp_path, env={"XDG_STATE_HOME": str(tmp_path / "state")})

    assert local is None and not info.writable
    assert any("output folder cannot be written" in line for line in info.limitations)
    assert info.state_dir is not None and info.state_dir.startswith(str(tmp_path / "state"))


def test_the_state_folder_is_in_the_persons_state_folder_never_under_the_workspace(tmp_path):
    workspace = tmp_path / "repo"
    workspace.mkdir()

    info, _ = probe_workspace(workspace, env={"XDG_STATE_HOME": str(tmp_path / "state")})

    assert info.state_dir is not None
    assert not info.state_dir.startswith(str(workspace))
    assert info.state_dir.startswith(str(tmp_path / "state" / "orkeon" / "workspaces" / "repo-"))


def test_a_state_folder_that_cannot_be_made_keeps_sessions_in_memory(tmp_path):
    (tmp_path / "state").write_text("a file where the state folder should be")

    info, _ = probe_workspace(tmp_path, env={"XDG_STATE_HOME": str(tmp_path / "state")})

    assert info.state_dir is None
    assert any("sessions are kept in memory only" in line for line in info.limitations)
