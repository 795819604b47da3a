"""The tool loop with edits written as text (domain/model_replies/text_edits.py): each goes to the gate as the
file_write or file_edit it proposes, a part of a file is spliced or refused before the gate, a block written
again after it was made is the answer, and a quoted file is no edit."""

from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.model.chat import ChatMessage
from orkeon_engine.domain.tool_call import Verdict
from orkeon_engine.services.act import act
from orkeon_engine.services.act_context import ActContext
from orkeon_engine.tools.file_edit import FileEditTool
from orkeon_engine.tools.file_read import FileReadTool
from orkeon_engine.tools.file_write import FileWriteTool
from orkeon_engine.tools.read_ledger import ReadLedger
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.scripted_chat_model import Call, ScriptedChatModel

UNLIMITED = Budget(tool_calls=None, seconds=None, context_tokens=None)
STATS = ("import math\n\n\ndef mean(xs):\n    return sum(xs) / len(xs)\n\n\ndef median(xs):\n    xs = sorted(xs)\n"
         "    return xs[len(xs) // 2]\n\n\ndef spread(xs):\n    return max(xs) - min(xs)\n")
MEAN = "def mean(xs):\n    return math.fsum(xs) / len(xs)\n"


def _tools(files):
    ledger = ReadLedger()
    return [FileReadTool(files, ledger), FileWriteTool(files, ledger), FileEditTool(files)]


async def _act(model, files, gate=None, tools=None, request="go"):
    context = ActContext(tools or _tools(files), UNLIMITED, gate or FakePermissionGate(), model, FakeClock())
    return await act("You are a test.", [ChatMessage.user(request)], context)


async def test_a_whole_file_block_is_put_to_the_gate_as_a_file_write_and_written_once_allowed():
    files = FakeFiles({"/workspace/calc.py": "x = 1\n"})
    gate = FakePermissionGate()
    model = ScriptedChatModel(["The value was wrong.\n\n### calc.py\n```python\nx = 2\n```", "x is 2 now."])

    result = await _act(model, files, gate)

    assert gate.names() == ["file_write"] and gate.calls[0].preview.endswith("-x = 1\n+x = 2")
    assert await files.read_text("/workspace/calc.py") == "x = 2\n"
    assert result.text == "x is 2 now."
    assert model.requests[1].messages[-2].text == "The value was wrong."


async def test_a_refused_block_changes_nothing_and_the_model_reads_the_refusal():
    files = FakeFiles({"/workspace/calc.py": "x = 1\n"})
    gate = FakePermissionGate(default=Verdict.deny("the person said no"))
    model = ScriptedChatModel(["calc.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE", "Not changed."])

    result = await _act(model, files, gate)

    assert gate.names() == ["file_edit"]
    assert await files.read_text("/workspace/calc.py") == "x = 1\n"
    assert "refused by the permission gate: the person said no" in list(model.requests[1].tool_results().values())[0]
    assert result.text == "Not changed."


async def test_a_block_giving_one_function_of_a_larger_file_replaces_that_function_and_says_so():
    files = FakeFiles({"/workspace/stats.py": STATS})
    model = ScriptedChatModel([f"### stats.py\n```python\n{MEAN}```", "mean uses fsum."])

    await _act(model, files)

    assert await files.read_text("/workspace/stats.py") == STATS.replace("sum(xs) / len", "math.fsum(xs) / len")
    told = list(model.requests[1].tool_results().values())[0]
    assert "only mean replaced the file's own" in told


async def test_a_block_that_is_neither_the_file_nor_any_of_its_definitions_is_refused_before_the_gate():
    files = FakeFiles({"/workspace/stats.py": STATS})
    gate = FakePermissionGate()
    model = ScriptedChatModel(["### stats.py\n```python\nprint(mean([1, 2]))\n```", "ok"])

    await _act(model, files, gate)

    assert gate.names() == [] and await files.read_text("/workspace/stats.py") == STATS
    assert list(model.requests[1].tool_results().values())[0].startswith("/workspace/stats.py is unchanged")


async def test_blocks_written_again_after_they_were_made_are_the_answer_and_nothing_is_made_twice():
    files = FakeFiles({"/workspace/calc.py": "x = 1\n"})
    gate = FakePermissionGate()
    block = "### calc.py\n```python\nx = 2\n```"
    model = ScriptedChatModel([block, f"Done:\n{block}"])

    result = await _act(model, files, gate)

    assert gate.names() == ["file_write"] and result.text == f"Done:\n{block}"


async def test_a_block_quoting_a_file_the_model_read_is_its_answer_not_an_edit():
    files = FakeFiles({"/workspace/calc.py": "def total(prices):\n    return 0\n"})
    gate = FakePermissionGate()
    quote = "It returns 0:\n\n### calc.py\n```python\ndef total(prices):\n    return 0\n```"
    model = ScriptedChatModel([[Call("file_read", {"path": "calc.py"})], quote])

    result = await _act(model, files, gate)

    assert gate.names() == ["file_read"] and result.text == quote and result.ignored == ()
