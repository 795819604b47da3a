"""file_edit: one exact snippet replaced, the rest of the file untouched; a snippet that cannot be placed is
an error naming why, the file unchanged."""


from orkeon_engine.tools.file_edit import FileEditTool
from tests.support.doubles.fake_files import FakeFiles

CALC = '''def total(prices):
    result = 0
    for index in range(len(prices) - 1):
        result += prices[index]
    return result
'''


def _tool(text=CALC):
    files = FakeFiles({"/workspace/calc.py": text})
    return FileEditTool(files), files


async def test_the_snippet_is_replaced_and_the_result_shows_the_diff():
    tool, files = _tool()

    result = await tool.run(tool.parse({"path": "calc.py", "old": "range(len(prices) - 1)",
                                        "new": "range(len(prices))"}))

    assert not result.is_error and "edited /workspace/calc.py (1 place)" in result.text
    assert "-    for index in range(len(prices) - 1):\n+    for index in range(len(prices)):" in result.text
    assert await files.read_text("/workspace/calc.py") == CALC.replace(" - 1)", ")")


async def test_a_snippet_written_at_another_indentation_is_placed_at_the_files():
    tool, files = _tool()

    result = await tool.run(tool.parse({"path": "calc.py", "old": "for index in range(len(prices) - 1):\n"
                                        "    result += prices[index]", "new": "for price in prices:\n"
                                        "    result += price"}))

    assert not result.is_error
    assert "    for price in prices:\n        result += price\n" in await files.read_text("/workspace/calc.py")


async def test_a_snippet_not_in_the_file_leaves_it_unchanged_and_says_so():
    tool, files = _tool()

    result = await tool.run(tool.parse({"path": "calc.py", "old": "return total", "new": "return 0"}))

    assert result.is_error and "/workspace/calc.py is unchanged: the text to replace is not in the file" in result.text
    assert await files.read_text("/workspace/calc.py") == CALC


async def test_a_snippet_found_twice_asks_for_more_lines_unless_every_one_is_wanted():
    tool, files = _tool("a = 1\nb = 1\n")

    twice = await tool.run(tool.parse({"path": "calc.py", "old": "= 1", "new": "= 2"}))
    every = await tool.run(tool.parse({"path": "calc.py", "old": "= 1", "new": "= 2", "replace_all": True}))

    assert twice.is_error and "occurs 2 times" in twice.text
    assert not every.is_error and await files.read_text("/workspace/calc.py") == "a = 2\nb = 2\n"


async def test_a_missing_file_is_an_error_result():
    tool, _ = _tool()

    result = await tool.run(tool.parse({"path": "nope.py", "old": "x", "new": "y"}))

    assert result.is_error and result.text.startswith("/workspace/nope.py: no such file")


async def test_the_gate_sees_the_whole_change_as_an_edit():
    tool, _ = _tool()

    call = await tool.describe(tool.parse({"path": "calc.py", "old": "result = 0", "new": "result = 0.0"}))

    assert call.tool_class == "edit" and call.paths == ("/workspace/calc.py",)
    assert call.edit is not None and call.edit.new_text == CALC.replace("result = 0\n", "result = 0.0\n")
    assert "+    result = 0.0" in call.preview


async def test_a_snippet_not_in_a_short_file_comes_back_with_the_file_to_copy_from():
    tool, _ = _tool()

    result = await tool.run(tool.parse({"path": "calc.py", "old": "return price[2] + price[3]", "new": "x"}))

    assert "The file as it is now:\n1\tdef total(prices):" in result.text
    assert "3\t    for index in range(len(prices) - 1):" in result.text


async def test_a_snippet_not_in_a_long_file_comes_back_with_the_closest_lines():
    text = "".join(f"value_{n} = {n}\n" for n in range(200))
    tool, _ = _tool(text)

    result = await tool.run(tool.parse({"path": "calc.py", "old": "value_150 = 15O", "new": "x"}))

    assert "The closest lines in the file:" in result.text and "151\tvalue_150 = 150" in result.text
    assert "value_10 = 10\n" not in result.text


async def test_an_edit_that_would_break_the_python_file_is_not_made():
    tool, files = _tool()

    result = await tool.run(tool.parse({"path": "calc.py", "old": "def total(prices):",
                                        "new": "def total(prices[:-1]):"}))

    assert result.is_error and files.texts["/workspace/calc.py"] == CALC
    assert "cannot read the file as it would be: line 1" in result.text and "whole change in one call" in result.text


async def test_a_missing_file_in_the_wrong_folder_names_where_the_file_of_that_name_is():
    tool, _ = _tool()

    result = await tool.run(tool.parse({"path": "/workspace/orkeon/calc.py", "old": "x", "new": "y"}))

    assert result.text == "/workspace/orkeon/calc.py: no such file. A file of that name is at: /workspace/calc.py"


async def test_the_same_refused_edit_sent_again_is_made():
    tool, files = _tool()
    edit = {"path": "calc.py", "old": "def total(prices):", "new": "def total[T](prices: list[T]):"}

    first = await tool.run(tool.parse(edit))
    second = await tool.run(tool.parse(edit))

    assert first.is_error and "send the very same call again" in first.text
    assert not second.is_error and files.texts["/workspace/calc.py"].startswith("def total[T](prices: list[T]):")
