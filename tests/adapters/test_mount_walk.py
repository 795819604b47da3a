import errno
import os

import pytest

from orkeon_engine.adapters.mount_walk import HardLinkedError, LeavesMountError, MountWalk


@pytest.fixture
def mount(tmp_path):
    root = tmp_path / "root"
    (root / "src").mkdir(parents=True)
    (root / "src" / "a.txt").write_text("a")
    (tmp_path / "outside.txt").write_text("secret")
    return root, MountWalk(str(root))


def test_a_relative_and_an_absolute_symlink_inside_the_mount_are_followed(mount):
    root, walk = mount
    os.symlink("src/a.txt", root / "rel")
    os.symlink(root / "src", root / "abs")

    assert walk.read_bytes(["rel"], 100) == b"a" and walk.read_bytes(["abs", "a.txt"], 100) == b"a"


def test_a_symlink_out_and_a_dot_dot_above_the_mount_are_refused(mount):
    root, walk = mount
    os.symlink(root.parent / "outside.txt", root / "out")
    os.symlink("../../outside.txt", root / "src" / "up")

    for parts in (["out"], ["src", "up"], ["..", "outside.txt"]):
        with pytest.raises(LeavesMountError):
            walk.read_bytes(parts, 100)


def test_a_loop_of_symlinks_stops(mount):
    root, walk = mount
    os.symlink("b", root / "a")
    os.symlink("a", root / "b")

    with pytest.raises(OSError) as caught:
        walk.read_bytes(["a"], 100)

    assert caught.value.errno == errno.ELOOP


def test_a_write_through_a_symlink_replaces_its_target_and_keeps_the_link(mount):
    root, walk = mount
    os.symlink("src/a.txt", root / "link")

    walk.write_bytes(["link"], b"b", 0o644)

    assert (root / "src" / "a.txt").read_text() == "b" and (root / "link").is_symlink()


def test_a_write_makes_the_missing_folders(mount):
    root, walk = mount

    walk.write_bytes(["new", "deep", "f.txt"], b"x", 0o640)

    assert (root / "new" / "deep" / "f.txt").read_bytes() == b"x"
    assert (root / "new" / "deep" / "f.txt").stat().st_mode & 0o777 == 0o640


def test_a_hard_linked_file_is_refused(mount):
    root, walk = mount
    os.link(root / "src" / "a.txt", root / "twin.txt")

    with pytest.raises(HardLinkedError):
        walk.write_bytes(["twin.txt"], b"x", 0o644)


def test_a_file_past_the_size_limit_says_its_size(mount):
    _, walk = mount

    with pytest.raises(ValueError) as caught:
        walk.read_bytes(["src", "a.txt"], 0)

    assert caught.value.args == (1,)
