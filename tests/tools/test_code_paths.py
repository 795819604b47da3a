import pytest

from orkeon_engine.tools.code_paths import OutsideWorkspaceError, virtual, workspace_relative
from tests.support.doubles.fake_files import FakeFiles


def test_a_virtual_or_relative_path_becomes_workspace_relative():
    files = FakeFiles()

    assert workspace_relative(files, "/workspace/src/a.py") == "src/a.py"
    assert workspace_relative(files, "src/a.py") == "src/a.py"
    assert workspace_relative(files, "/workspace") == "."


def test_a_path_of_another_mount_is_refused_as_not_indexed():
    with pytest.raises(OutsideWorkspaceError, match="only files under /workspace are indexed"):
        workspace_relative(FakeFiles(), "/tmp/a.py")


def test_a_relative_path_goes_back_under_the_workspace():
    assert virtual("src/a.py") == "/workspace/src/a.py"
    assert virtual(".") == "/workspace"
