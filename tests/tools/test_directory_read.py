from orkeon_engine.ports.files import DirEntry
from orkeon_engine.tools.directory_read import DirectoryReadTool, render_tree
from tests.support.doubles.fake_files import FakeFiles


def _tool(texts):
    return DirectoryReadTool(FakeFiles(texts))


async def test_a_folder_comes_back_as_a_tree_with_sizes():
    tool = _tool({"src/app.py": "x" * 2048, "src/lib/util.py": "", "README.md": "hi\n"})

    result = await tool.run(tool.parse({}))

    assert result.text.splitlines() == [
        "/workspace/",
        "README.md  3 B",
        "src/",
        "  app.py  2.0 KB",
        "  lib/",
    ]


async def test_depth_goes_deeper_when_asked():
    tool = _tool({"src/lib/util.py": ""})

    result = await tool.run(tool.parse({"path": "src", "depth": 3}))

    assert result.text.splitlines() == ["/workspace/src/", "lib/", "  util.py  0 B"]


async def test_heavy_folders_are_shown_but_not_entered():
    tool = _tool({".git/HEAD": "ref\n", "node_modules/x/index.js": "", "a.py": ""})

    result = await tool.run(tool.parse({"depth": 3}))

    assert result.text.splitlines() == ["/workspace/", ".git/ (not entered)", "a.py  0 B",
                                        "node_modules/ (not entered)"]


async def test_a_listing_over_its_bound_is_cut_with_a_note():
    tool = _tool({f"f{n:02}.txt": "" for n in range(30)})

    result = await tool.run(tool.parse({"max_entries": 10}))

    lines = result.text.splitlines()
    assert len(lines) == 12 and result.data["cut"]
    assert lines[-1] == "[cut at 10 entries; more were left out: ask for a sub-folder or less depth]"


async def test_a_missing_folder_is_an_error_result():
    tool = _tool({})

    result = await tool.run(tool.parse({"path": "nowhere"}))

    assert result.is_error and result.text == "/workspace/nowhere: no such folder"


async def test_describe_names_the_folder():
    tool = _tool({})

    call = await tool.describe(tool.parse({"path": "/output"}))

    assert (call.tool_class, call.paths) == ("read", ("/output",))


def test_a_breadth_first_listing_renders_in_tree_order():
    entries = [DirEntry("/w/b", True), DirEntry("/w/a.txt", False, 5), DirEntry("/w/b/c.txt", False, 1)]

    assert render_tree("/w", entries) == ["a.txt  5 B", "b/", "  c.txt  1 B"]
