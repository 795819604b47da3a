from orkeon_engine.tools.list_mounts import ListMountsTool
from tests.support.doubles.fake_files import FakeFiles


async def test_the_mounts_are_listed_with_whether_they_can_be_written_and_no_host_path():
    tool = ListMountsTool(FakeFiles())

    result = await tool.run(tool.parse({}))

    lines = result.text.splitlines()
    assert lines[0] == "/workspace  writable   the project"
    assert lines[3] == "/prompts    read-only  the packaged prompts"
    assert lines[-1].startswith("A relative path is taken under /workspace")
    assert "/repo" not in result.text
