from orkeon_engine.domain.tool_call import FileEdit
from orkeon_engine.tools.file_read import FileReadTool
from orkeon_engine.tools.file_write import FileWriteTool, short_diff
from orkeon_engine.tools.read_ledger import ReadLedger
from tests.support.doubles.fake_files import FakeFiles


def _tools(texts=None):
    files = FakeFiles(texts or {})
    ledger = ReadLedger()
    return files, FileReadTool(files, ledger), FileWriteTool(files, ledger)


async def test_a_new_file_is_created_with_the_whole_text():
    files, _, write = _tools()

    result = await write.run(write.parse({"path": "src/new.py", "content": "a = 1\nb = 2\n"}))

    assert result.text == "created /workspace/src/new.py (2 lines)"
    assert files.texts["/workspace/src/new.py"] == "a = 1\nb = 2\n"


async def test_a_file_read_whole_can_be_replaced():
    files, read, write = _tools({"a.txt": "old\n"})
    await read.run(read.parse({"path": "a.txt"}))

    result = await write.run(write.parse({"path": "a.txt", "content": "new\n"}))

    assert not result.is_error and result.text == "replaced /workspace/a.txt (1 line)"


async def test_a_file_whose_last_read_came_back_cut_is_not_rewritten_and_the_refusal_says_why():
    text = "".join(f"{n}\n" for n in range(300))
    files, read, write = _tools({"big.txt": text})
    await read.run(read.parse({"path": "big.txt", "limit": 100}))

    result = await write.run(write.parse({"path": "/workspace/big.txt", "content": "short\n"}))

    assert result.is_error
    assert "your last file_read of /workspace/big.txt came back cut (lines 1-100 of 300)" in result.text
    assert "replaces the whole file" in result.text and "offset 1, limit 300" in result.text
    assert files.writes == [] and files.texts["/workspace/big.txt"] == text


async def test_a_whole_read_after_a_cut_one_lifts_the_refusal():
    files, read, write = _tools({"big.txt": "a\n" * 60})
    await read.run(read.parse({"path": "big.txt", "limit": 1}))
    await read.run(read.parse({"path": "big.txt"}))

    result = await write.run(write.parse({"path": "big.txt", "content": "z\n"}))

    assert not result.is_error


async def test_an_edit_the_editor_refuses_is_reported_refused():
    files, _, write = _tools({"open.py": "x\n"})
    files.refuse_edits.add("/workspace/open.py")

    result = await write.run(write.parse({"path": "open.py", "content": "y\n"}))

    assert result.is_error and result.data["refused"]
    assert result.text == "refused: /workspace/open.py: the editor refused the edit of this open file; it is unchanged"


async def test_a_write_to_a_read_only_mount_is_an_error_result():
    _, _, write = _tools()

    result = await write.run(write.parse({"path": "/prompts/x.md", "content": "y"}))

    assert result.is_error and result.text == "/prompts/x.md: /prompts is a read-only mount"


async def test_describe_gives_the_gate_the_path_and_a_short_diff():
    _, _, write = _tools({"a.py": "x = 1\ny = 2\n"})

    call = await write.describe(write.parse({"path": "a.py", "content": "x = 1\ny = 3\n"}))

    assert (call.tool_class, call.paths) == ("edit", ("/workspace/a.py",))
    assert call.preview.splitlines() == [
        "--- /workspace/a.py", "+++ /workspace/a.py", "@@ -1,2 +1,2 @@", " x = 1", "-y = 2", "+y = 3"
    ]


async def test_describe_hands_the_whole_change_for_a_client_that_shows_it():
    _, _, write = _tools({"a.py": "x = 1\ny = 2\n"})

    call = await write.describe(write.parse({"path": "a.py", "content": "x = 1\ny = 3\n"}))

    assert call.edit == FileEdit("/workspace/a.py", "x = 1\ny = 2\n", "x = 1\ny = 3\n")


async def test_describe_of_a_new_file_diffs_against_nothing():
    _, _, write = _tools()

    call = await write.describe(write.parse({"path": "n.txt", "content": "hello"}))

    assert call.preview.splitlines()[:2] == ["--- /dev/null", "+++ /workspace/n.txt"]


def test_a_long_diff_is_cut_with_a_note():
    preview = short_diff("/workspace/a", "", "".join(f"{n}\n" for n in range(100)), max_lines=10)

    assert preview.splitlines()[-1] == "[... 93 more diff lines]" and len(preview.splitlines()) == 11


def test_an_unchanged_text_says_so():
    assert short_diff("/workspace/a", "same\n", "same\n") == "(no change)"


async def test_a_python_file_that_would_not_read_is_not_written():
    files, _, write = _tools({"calc.py": "a = 1\n"})

    result = await write.run(write.parse({"path": "calc.py", "content": "def total(prices[:-1]):\n"}))

    assert result.is_error and result.text.startswith("/workspace/calc.py was not written: Python")
    assert files.texts["/workspace/calc.py"] == "a = 1\n"


