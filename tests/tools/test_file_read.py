from orkeon_engine.tools.file_read import SEARCH_LIMIT, FileReadTool, split_lines
from orkeon_engine.tools.read_ledger import ReadLedger
from tests.support.doubles.fake_files import FakeFiles


def _numbered(count):
    return "".join(f"line {n}\n" for n in range(1, count + 1))


def _tool(texts):
    ledger = ReadLedger()
    return FileReadTool(FakeFiles(texts), ledger), ledger


async def test_a_whole_file_comes_back_numbered_without_a_cut_note():
    tool, ledger = _tool({"src/a.py": "x = 1\ny = 2\n"})

    result = await tool.run(tool.parse({"path": "src/a.py"}))

    assert result.text == "/workspace/src/a.py (2 lines):\n1\tx = 1\n2\ty = 2"
    assert not result.is_error and not ledger.last_read("/workspace/src/a.py").cut


async def test_a_range_shows_those_lines_and_says_how_much_was_left_out_and_where_to_read_on():
    tool, ledger = _tool({"big.txt": _numbered(340)})

    result = await tool.run(tool.parse({"path": "big.txt", "offset": 101, "limit": 100}))

    lines = result.text.splitlines()
    assert lines[0] == "/workspace/big.txt, lines 101-200 of 340:"
    assert lines[1] == "101\tline 101" and lines[100] == "200\tline 200"
    assert lines[-1] == ("[cut: 240 lines of 340 left out; lines 1-100 before this range; "
                         "lines 201-340 after it: read on with offset 201]")
    assert ledger.cut_read("/workspace/big.txt").last_line == 200


async def test_a_range_shorter_than_forty_lines_is_widened_from_its_offset():
    tool, _ = _tool({"settings.py": _numbered(10), "big.txt": _numbered(340)})

    small = await tool.run(tool.parse({"path": "settings.py", "offset": 1, "limit": 1}))
    big = await tool.run(tool.parse({"path": "big.txt", "offset": 11, "limit": 2}))

    assert small.text.startswith("/workspace/settings.py (10 lines):\n") and small.text.endswith("10\tline 10")
    assert big.text.splitlines()[0] == "/workspace/big.txt, lines 11-50 of 340:"


async def test_the_default_limit_cuts_a_long_file():
    tool, _ = _tool({"big.txt": _numbered(500)})

    result = await tool.run(tool.parse({"path": "big.txt"}))

    assert result.data["last_line"] == 200 and result.data["cut"]


async def test_a_very_long_line_is_shortened_and_counts_as_a_cut():
    tool, ledger = _tool({"min.js": "a" * 5000 + "\n"})

    result = await tool.run(tool.parse({"path": "min.js"}))

    assert "[... 3,000 more characters on this line]" in result.text
    assert result.text.endswith("[cut: 1 long line shortened]")
    assert ledger.cut_read("/workspace/min.js") is not None


async def test_an_empty_file_says_so():
    tool, _ = _tool({"empty.txt": ""})

    result = await tool.run(tool.parse({"path": "empty.txt"}))

    assert result.text == "/workspace/empty.txt is empty."


async def test_an_offset_past_the_end_is_an_error_naming_the_line_count():
    tool, _ = _tool({"a.txt": "one\ntwo\n"})

    result = await tool.run(tool.parse({"path": "a.txt", "offset": 9}))

    assert result.is_error and result.text == "/workspace/a.txt has 2 lines; offset 9 is past its end."


async def test_a_missing_file_or_a_refused_path_is_an_error_result():
    tool, _ = _tool({})

    missing = await tool.run(tool.parse({"path": "nope.py"}))
    outside = await tool.run(tool.parse({"path": "../etc/passwd"}))

    assert missing.is_error and missing.text.startswith("/workspace/nope.py: no such file")
    assert outside.is_error and "leaves the mount /workspace" in outside.text


async def test_describe_names_the_resolved_virtual_path_for_the_gate():
    tool, _ = _tool({})

    call = await tool.describe(tool.parse({"path": "src/./a.py"}))

    assert (call.name, call.tool_class, call.paths) == ("file_read", "read", ("/workspace/src/a.py",))


def test_lines_are_split_as_an_editor_counts_them():
    assert [split_lines(t) for t in ("", "a", "a\n", "a\r\nb", "a\n\n")] == [[], ["a"], ["a"], ["a", "b"], ["a", ""]]


async def test_a_missing_file_says_where_a_file_of_its_name_is():
    tool, _ = _tool({"/workspace/calc.py": "x = 1\n", "/workspace/lib/shop/calc.py": "y = 2\n"})

    result = await tool.run(tool.parse({"path": "/workspace/orkeon/Calc.py"}))

    assert result.is_error and result.text == ("/workspace/orkeon/Calc.py: no such file. A file of that name is "
                                               "at: /workspace/calc.py, /workspace/lib/shop/calc.py")


async def test_a_missing_file_whose_name_is_nowhere_says_so():
    tool, _ = _tool({"/workspace/calc.py": "x = 1\n"})

    result = await tool.run(tool.parse({"path": "src/main.rs"}))

    assert result.text == ("/workspace/src/main.rs: no such file. No file named main.rs is in /workspace "
                           "(directory_read lists a folder).")


async def test_a_missing_file_in_a_workspace_too_big_to_list_whole_claims_nothing_about_its_name():
    texts = {f"/workspace/f{n}.py": "" for n in range(SEARCH_LIMIT + 1)}
    tool, _ = _tool(texts)

    result = await tool.run(tool.parse({"path": "src/main.rs"}))

    assert result.text == "/workspace/src/main.rs: no such file"
