"""definition_rewrite: the focused calls' rewrite of one Python definition, written once two agree; whatever
cannot be rewritten is an error naming why, the file unchanged."""

import pytest

from orkeon_engine.tools.definition_rewrite import DISAGREEMENT_REPLIES, DefinitionRewriteTool
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.scripted_rewrite_turn import ScriptedRewriteTurn

CALC = '''def total(prices):
    result = 0
    for index in range(len(prices) - 1):
        result += prices[index]
    return result


def most_expensive(prices):
    return max(prices) if prices else None
'''
FIXED = CALC.replace("range(len(prices) - 1)", "range(len(prices))")
REQUEST = "The function total skips the last price. Fix it."


def _reply(text):
    return f"The loop stops one short.\n```python\n{text.split(chr(10) * 3)[0]}\n```"


RIGHT = _reply(FIXED)
WRONG = _reply(CALC.replace("range(len(prices) - 1)", "range(1, len(prices))"))
SAME = _reply(CALC)


def _tool(replies, files=None, refused=()):
    files = files or FakeFiles({"/workspace/calc.py": CALC, "/workspace/notes.md": "# notes\n"})
    writer = ScriptedRewriteTurn(replies, REQUEST, refused)
    return DefinitionRewriteTool(files, writer), files, writer


async def _run(tool, **arguments):
    return await tool.run(tool.parse({"path": "calc.py", "name": "total", **arguments}))


async def test_two_agreeing_rewrites_are_written_and_the_result_shows_the_diff():
    tool, files, writer = _tool([SAME, RIGHT, WRONG, RIGHT])

    result = await _run(tool)

    assert not result.is_error and await files.read_text("/workspace/calc.py") == FIXED
    assert result.text.startswith("rewrote total in /workspace/calc.py (2 of 4 rewrites agreed):")
    assert "-    for index in range(len(prices) - 1):\n+    for index in range(len(prices)):" in result.text
    assert result.data == {"path": "/workspace/calc.py", "definition": "total", "votes": 2, "replies": 4}
    assert len(writer.calls) == 4


async def test_the_calls_stop_as_soon_as_two_agree():
    tool, _, writer = _tool([RIGHT, RIGHT, WRONG])

    await _run(tool)

    assert len(writer.calls) == 2


async def test_after_a_reply_gave_the_definition_back_unchanged_the_later_calls_say_so():
    tool, files, writer = _tool([RIGHT, SAME, RIGHT])

    await _run(tool)

    said = [user for _, user, _ in writer.calls]
    assert [("changes nothing" in user) for user in said] == [False, False, True]
    assert await files.read_text("/workspace/calc.py") == FIXED


async def test_each_call_holds_the_file_and_the_persons_request_and_a_cap_on_its_answer():
    tool, _, writer = _tool([RIGHT, RIGHT])

    await _run(tool, change="remove the last price")  # a small model's own note is not passed on

    system, user, cap = writer.calls[0]
    assert CALC.rstrip() in user and REQUEST in user and "`total`" in user
    assert "remove the last price" not in user and 400 < cap < 1000


async def test_a_right_rewrite_agreed_on_after_a_wrong_one_and_four_unchanged_is_the_one_written():
    tool, files, writer = _tool([SAME, WRONG, SAME, SAME, SAME, RIGHT, SAME, RIGHT])

    result = await _run(tool)

    assert len(writer.calls) == 8 and "2 of" in result.text
    assert "range(len(prices))" in await files.read_text("/workspace/calc.py")


async def test_rewrites_that_never_agree_write_the_first_change_and_say_to_check_it():
    other = _reply(CALC.replace("range(len(prices) - 1)", "range(len(prices) + 0)"))
    third = _reply(CALC.replace("range(len(prices) - 1)", "range(0, len(prices) - 1 + 1)"))
    tool, files, writer = _tool([WRONG, other, RIGHT, SAME, third, SAME, SAME, SAME, SAME, SAME])

    result = await _run(tool)

    assert len(writer.calls) == DISAGREEMENT_REPLIES == 10 and "the 10 rewrites disagreed" in result.text
    assert "check it" in result.text
    assert "range(1, len(prices))" in await files.read_text("/workspace/calc.py")


async def test_disagreeing_rewrites_get_two_more_calls_and_an_agreement_there_is_written():
    tool, files, writer = _tool([WRONG, SAME, SAME, RIGHT, RIGHT])

    result = await _run(tool)

    assert len(writer.calls) == 5 and await files.read_text("/workspace/calc.py") == FIXED
    assert result.text.startswith("rewrote total in /workspace/calc.py (2 of 5 rewrites agreed):")


async def test_replies_that_change_nothing_leave_the_file_and_say_so():
    tool, files, _ = _tool([SAME, "I cannot see the bug.", SAME, SAME])

    result = await _run(tool)

    assert result.is_error and "none of 4 rewrites of total changed it" in result.text
    assert await files.read_text("/workspace/calc.py") == CALC


@pytest.mark.parametrize(("arguments", "said"), [
    ({"name": "totl"}, "no function or class named `totl`"),
    ({"path": "notes.md"}, "changes a Python file"),
    ({"path": "missing.py"}, "missing.py"),
])
async def test_what_cannot_be_rewritten_makes_no_call(arguments, said):
    tool, files, writer = _tool([])

    result = await _run(tool, **arguments)

    assert result.is_error and said in result.text and writer.calls == []
    assert await files.read_text("/workspace/calc.py") == CALC


async def test_a_file_that_does_not_parse_is_left_to_file_edit():
    files = FakeFiles({"/workspace/calc.py": "def total(:\n"})
    tool, _, writer = _tool([], files)

    result = await _run(tool)

    assert result.is_error and "does not parse" in result.text and "file_edit" in result.text and not writer.calls


async def test_a_refused_write_is_reported_and_nothing_changes():
    tool, files, _ = _tool([RIGHT, RIGHT])
    files.refuse_edits.add("/workspace/calc.py")

    result = await _run(tool)

    assert result.is_error and result.data["refused"] and await files.read_text("/workspace/calc.py") == CALC


async def test_describe_reads_nothing_and_calls_no_model():
    tool, _, writer = _tool([])

    call = await tool.describe(tool.parse({"path": "calc.py", "name": "total"}))

    assert call.paths == ("/workspace/calc.py",) and call.tool_class == "edit" and not writer.calls
    assert call.preview == "rewrite total in /workspace/calc.py for the request"


async def test_a_method_is_rewritten_in_its_class_and_keeps_its_docstring():
    basket = ('class Basket:\n    def add(self, price):\n        """Put a price in."""\n'
              '        self.prices.insert(0, price)\n')
    files = FakeFiles({"/workspace/basket.py": basket})
    reply = "```python\ndef add(self, price):\n    self.prices.append(price)\n```"
    tool, _, _ = _tool([reply, reply], files)

    result = await _run(tool, path="basket.py", name="Basket.add")

    assert not result.is_error, result.text
    assert await files.read_text("/workspace/basket.py") == basket.replace("insert(0, price)", "append(price)")


async def test_a_file_the_read_rules_keep_from_the_model_is_never_read_or_sent():
    tool, files, writer = _tool([], refused={"/workspace/calc.py"})

    result = await _run(tool)

    assert result.is_error and "may not go to the model unasked" in result.text and "file_read(keys.py)" in result.text
    assert writer.calls == [] and await files.read_text("/workspace/calc.py") == CALC


async def test_a_method_whose_string_runs_back_to_column_zero_is_rewritten_string_and_all():
    shelf = 'class Shelf:\n    def label(self):\n        return """top\nbottom"""\n'
    reply = '```python\ndef label(self):\n    return """top\nbottom""".upper()\n```'
    files = FakeFiles({"/workspace/shelf.py": shelf})
    tool, _, _ = _tool([reply, reply], files)

    result = await _run(tool, path="shelf.py", name="label")

    assert not result.is_error, result.text
    assert await files.read_text("/workspace/shelf.py") == shelf.replace('bottom"""', 'bottom""".upper()')


async def test_a_lone_carriage_return_file_is_left_to_file_edit():
    files = FakeFiles({"/workspace/calc.py": 'x = """a\rb"""\n\n\ndef total(prices):\n    return 0\n'})
    tool, _, writer = _tool([], files)

    result = await _run(tool)

    assert result.is_error and "lone carriage return" in result.text and not writer.calls


# --- what can change nothing is said before the gate asks anyone ------------------------------------------

@pytest.mark.parametrize(("path", "name", "said"), [
    ("calc.py", "inventory_port", "/workspace/calc.py is unchanged: no function or class named `inventory_port`"),
    ("notes.md", "total", "/workspace/notes.md is unchanged: definition_rewrite changes a Python file"),
])
async def test_a_call_that_can_change_nothing_fails_in_describe_before_the_gate(path, name, said):
    tool, _, writer = _tool([])

    with pytest.raises(ValueError) as caught:
        await tool.describe(tool.parse({"path": path, "name": name}))

    assert str(caught.value).startswith(said) and writer.calls == []


async def test_a_file_the_read_rules_keep_from_the_model_is_not_looked_at_before_the_gate():
    files = FakeFiles({"/workspace/keys.py": "SECRET = 'x'\n"})
    tool, _, _ = _tool([], files=files, refused=["/workspace/keys.py"])

    call = await tool.describe(tool.parse({"path": "keys.py", "name": "no_such_name"}))

    assert call.paths == ("/workspace/keys.py",)
    assert call.preview == "rewrite no_such_name in /workspace/keys.py for the request"


async def test_a_value_of_a_file_the_read_rules_keep_from_the_model_is_not_quoted_before_the_gate():
    files = FakeFiles({"/workspace/keys.py": "SECRET = 'hunter2-value'\n"})
    tool, _, _ = _tool([], files=files, refused=["/workspace/keys.py"])

    call = await tool.describe(tool.parse({"path": "keys.py", "name": "SECRET"}))

    assert "hunter2" not in call.preview and "hunter2" not in str(call.arguments)


async def test_a_file_that_is_not_there_goes_to_the_gate_and_run_says_where_one_is():
    tool, _, _ = _tool([])

    call = await tool.describe(tool.parse({"path": "lib/calc.py", "name": "total"}))

    assert call.paths == ("/workspace/lib/calc.py",)
