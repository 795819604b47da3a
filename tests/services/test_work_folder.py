import pytest

from orkeon_engine.domain.dev.work_folder import WorkCodeError
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.session_io import CurrentSession
from orkeon_engine.services.work_folder import WorkFolder, work_folder_setting
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust


async def _config(project=None):
    return ConfigStore(FakeConfigFiles(project=project), await CurrentSession.open(FakeSessionStore()),
                       FakeWorkspaceTrust(trusted=True))


async def test_an_unset_work_folder_is_under_orkeon():
    assert await work_folder_setting(await _config()) == ".orkeon/work"


async def test_the_setting_moves_the_work_folder():
    assert await work_folder_setting(await _config('{"dev.workFolder": "docs/work/"}')) == "docs/work"


async def test_a_setting_leaving_the_workspace_is_refused_naming_it():
    with pytest.raises(CommandFailedError, match="the dev.workFolder setting '../x' holds"):
        await work_folder_setting(await _config('{"dev.workFolder": "../x"}'))


async def test_a_place_is_refused_for_a_code_that_names_no_folder():
    with pytest.raises(WorkCodeError):
        WorkFolder(FakeFiles(), ".orkeon/work").place("a/b")


async def test_the_kind_held_comes_from_the_file_written():
    files = FakeFiles({"/workspace/.orkeon/work/cart/brief.md": "# Change brief"})
    folder = WorkFolder(files, ".orkeon/work")

    held = [await folder.held(folder.place("cart")), await folder.held(folder.place("other"))]

    assert held == ["brief", None]


async def test_a_file_is_written_and_read_back_and_an_absent_one_is_none():
    folder = WorkFolder(FakeFiles(), ".orkeon/work")

    await folder.write(".orkeon/work/cart/spec.md", "text")

    assert await folder.read(".orkeon/work/cart/spec.md") == "text"
    assert await folder.read(".orkeon/work/cart/review.md") is None
    assert folder.host_path(".orkeon/work/cart/spec.md") == "/repo/.orkeon/work/cart/spec.md"


async def test_a_write_the_editor_refuses_says_which_file():
    files = FakeFiles()
    files.refuse_edits.add("/workspace/.orkeon/work/cart/spec.md")

    with pytest.raises(CommandFailedError, match=".orkeon/work/cart/spec.md could not be written"):
        await WorkFolder(files, ".orkeon/work").write(".orkeon/work/cart/spec.md", "text")
