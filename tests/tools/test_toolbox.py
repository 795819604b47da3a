import pytest

from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.tools.catalogue import UnknownToolError
from orkeon_engine.tools.toolbox import STANDARD_TOOL_NAMES
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.doubles.fake_web_pages import FakeWebPages


async def test_the_standard_toolbox_holds_every_standard_tool_in_its_class():
    deps = await make_deps()

    box = deps.run_toolbox()

    assert box.catalogue.names() == [*STANDARD_TOOL_NAMES, "memory_recall"]
    classes = {tool.name: tool.tool_class for tool in box.catalogue}
    assert classes == {
        "file_read": "read", "file_edit": "edit", "file_write": "edit", "directory_read": "read", "list_mounts": "read",
        "shell_command": "shell", "start_job": "shell", "job_status": "read", "job_tail": "read",
        "progress_report": "read", "memory_recall": "read",
    }


async def test_the_file_tools_of_one_run_share_its_read_ledger():
    deps = await make_deps(vfs=FakeFiles({"big.txt": "a\n" * 60}))
    box = deps.run_toolbox()
    read, write = box.select(["file_read", "file_write"])

    await read.run(read.parse({"path": "big.txt", "limit": 1}))
    refused = await write.run(write.parse({"path": "big.txt", "content": "x"}))

    assert refused.is_error and box.ledger.cut_read("/workspace/big.txt") is not None


async def test_each_run_gets_a_fresh_ledger():
    deps = await make_deps(vfs=FakeFiles({"big.txt": "a\n" * 60}))
    first = deps.run_toolbox()
    read = first.catalogue.get("file_read")
    await read.run(read.parse({"path": "big.txt", "limit": 1}))

    write = deps.run_toolbox().catalogue.get("file_write")
    result = await write.run(write.parse({"path": "big.txt", "content": "x"}))

    assert not result.is_error


async def test_progress_reports_go_to_the_progress_of_the_run():
    deps = await make_deps()
    run_progress = FakeProgress()
    deps.progress = run_progress

    tool = deps.run_toolbox().catalogue.get("progress_report")
    await tool.run(tool.parse({"message": "indexing"}))

    assert run_progress.events == [("report", "indexing")]


async def test_a_crew_naming_an_unknown_tool_fails_before_anything_runs():
    deps = await make_deps()

    with pytest.raises(UnknownToolError, match="unknown tool web_search; registered tools: file_read"):
        deps.run_toolbox().select(["file_read", "web_search"])


async def test_extra_tools_join_the_standard_ones():
    deps = await make_deps()
    other = deps.run_toolbox().catalogue.get("list_mounts")
    renamed = type("OtherMounts", (type(other),), {"name": "other_mounts"})(deps.files)

    box = deps.run_toolbox([renamed])

    assert box.catalogue.names()[-1] == "other_mounts"


async def test_deps_without_tools_say_so():
    deps = await make_deps()
    deps.toolbox = None

    with pytest.raises(NotConfiguredError, match="tools are not wired"):
        deps.run_toolbox()


async def test_a_web_port_adds_web_fetch_of_class_network():
    deps = await make_deps(web=FakeWebPages())

    tool = deps.run_toolbox().catalogue.get("web_fetch")

    assert tool.tool_class == "network"


async def test_without_a_web_port_there_is_no_web_fetch():
    deps = await make_deps()

    assert "web_fetch" not in deps.run_toolbox().catalogue
def test_import_tool_modules_imports_every_module_of_the_tools_package():
    import pkgutil
    import sys

    import orkeon_engine.tools as package
    from orkeon_engine.tools.toolbox import import_tool_modules

    import_tool_modules()

    names = [m.name for m in pkgutil.iter_modules(package.__path__, "orkeon_engine.tools.")]
    assert names and all(name in sys.modules for name in names)
