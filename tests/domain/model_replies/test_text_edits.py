"""Edits written as text: each path-headed shape read as the file_write or file_edit it proposes, and what only
looks like one left as text."""

import pytest

from orkeon_engine.domain.model_replies.text_edits import as_path, read_text_edits, without_edits

CODE = "def total(prices):\n    return sum(prices)\n"


def _edits(text):
    return [(edit.tool, edit.arguments, edit.whole) for edit in read_text_edits(text)]


@pytest.mark.parametrize("text", [
    f"### /workspace/calc.py\n```python\n{CODE}```",
    f"## calc.py\n\n```python\n{CODE}```",
    f"calc.py:\n```python\n{CODE}```",
    f"**calc.py**\n```python\n{CODE}```",
    f"File: `calc.py`\n```\n{CODE}```",
    f"Updated file: calc.py\n```python\n{CODE}```",
    f"`calc.py`\n```python\n{CODE}```",
    f"```python calc.py\n{CODE}```",
    f"```calc.py\n{CODE}```",
    f"```python:calc.py\n{CODE}```",
    f'```python title="calc.py"\n{CODE}```',
], ids=["heading-virtual-path", "heading", "path-colon", "bold", "label-inline-code", "updated-label",
        "inline-code", "info-string", "info-path-alone", "info-colon", "info-title"])
def test_a_block_headed_by_a_path_is_a_whole_file_write(text):
    (edit,) = _edits(text)

    assert edit[0] == "file_write" and edit[1]["content"] == CODE and edit[2] is True
    assert edit[1]["path"] in ("calc.py", "/workspace/calc.py")


def test_a_whole_file_block_left_open_at_the_end_runs_to_it():
    assert _edits("### calc.py\n```python\nx = 1")[0][1] == {"path": "calc.py", "content": "x = 1\n"}


def test_aiders_search_replace_block_is_a_file_edit_of_its_path():
    text = ("calc.py\n```python\n<<<<<<< SEARCH\n    return 0\n=======\n    return sum(prices)\n"
            ">>>>>>> REPLACE\n```")

    assert _edits(text) == [("file_edit", {"path": "calc.py", "old": "    return 0", "new": "    return sum(prices)"},
                             False)]


def test_several_search_replace_blocks_in_one_fence_and_outside_any_each_keep_their_path():
    text = ("```python\ncalc.py\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n\n<<<<<<< SEARCH\nc\n=======\nd\n"
            ">>>>>>> REPLACE\n```\n\nnotes.md\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n")

    assert [(tool, args["path"], args["old"]) for tool, args, _ in _edits(text)] == [
        ("file_edit", "calc.py", "a"), ("file_edit", "calc.py", "c"), ("file_edit", "notes.md", "old")]


def test_an_empty_search_is_a_new_file_written_with_the_replacement():
    text = "tests/test_calc.py\n<<<<<<< SEARCH\n=======\nimport calc\n>>>>>>> REPLACE"

    assert _edits(text) == [("file_write", {"path": "tests/test_calc.py", "content": "import calc\n"}, False)]


def test_a_search_replace_block_with_no_path_anywhere_is_no_edit():
    assert _edits("<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE") == []


@pytest.mark.parametrize("text", [
    f"```python\n{CODE}```",
    f"Here is the fixed calc.py:\n```python\n{CODE}```",
    "### calc.py\n```bash\npytest calc.py\n```",
    "### calc.py\n```console\n$ python calc.py\n3\n```",
    "### calc.py\n```diff\n-a\n+b\n```",
    "### Version 1.5\n```\nnotes\n```",
    "### https://example.org/calc.py\n```python\nx = 1\n```",
], ids=["no-path", "a-sentence", "a-command", "a-session", "a-diff", "a-number", "a-url"])
def test_what_only_looks_like_an_edit_is_text(text):
    assert _edits(text) == []


def test_the_text_besides_the_edits_is_kept_in_order():
    text = f"The loop stops early.\n\n### calc.py\n```python\n{CODE}```\n\nRun the tests after."

    assert without_edits(text, read_text_edits(text)) == "The loop stops early.\n\nRun the tests after."


@pytest.mark.parametrize(("line", "path"), [("./src/a.py", "src/a.py"), ("`Makefile`", "Makefile"),
                                            ("### File: `calc.py`", "calc.py"), ("codec.py", "codec.py"),
                                            ("e.g.", None), ("3.14", None), ("Here is a.py", None)])
def test_a_line_names_a_path_only_when_it_is_one_in_its_decoration(line, path):
    assert as_path(line) == path


def test_a_reply_past_the_limit_is_not_read():
    assert read_text_edits("### a.py\n```python\n" + "x = 1\n" * 40_000 + "```") == []
