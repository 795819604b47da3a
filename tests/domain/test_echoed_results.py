import pytest

from orkeon_engine.domain.echoed_results import echoes_result, imitates_result, stand_in

DIFF = """edited /workspace/calc.py (1 place):
--- /workspace/calc.py
+++ /workspace/calc.py
@@ -6,5 +6,5 @@
     result = 0
-        result += prices[index]
+        result += prices[index - 1]
     return result"""


@pytest.mark.parametrize("reply", [
    "@@ -6,5 +6,5 @@\n    result = 0\n-        result += prices[index]\n"
    "+        result += prices[index - 1]\n</tool_response>",
    "--- /workspace/calc.py\n+++ /workspace/calc.py\n     result = 0\n     return result",
    "<tool_response>\nok\n</tool_response>",
])
def test_a_reply_that_writes_the_result_back_repeats_it(reply):
    assert echoes_result(reply, DIFF)


@pytest.mark.parametrize("reply", [
    "I fixed the loop in calc.py: `result += prices[index - 1]` now adds the last price.",
    "The edit changed this line:\n```\n+        result += prices[index - 1]\n```\nThe tests still need to run.",
    "8731",
    "",
    'The config holds {"a": 1} as its default.',
    '{"findings": [{"path": "calc.py", "line": 6}]}',
])
def test_an_answer_that_quotes_a_line_of_the_result_is_an_answer(reply):
    assert not echoes_result(reply, DIFF)


def test_a_json_answer_is_never_taken_for_a_repeat_even_when_it_holds_the_results_lines():
    result = '{\n  "path": "calc.py",\n  "line": 6,\n  "quote": "result += prices[index]"\n}'

    assert not echoes_result(result, result)


def test_an_answer_in_result_markup_imitates_a_result_and_a_json_one_does_not():
    assert imitates_result("<tool_response>\nchecked and saved\n</tool_response>")
    assert not imitates_result('{"note": "</tool_response>"}')
    assert not imitates_result("The fix is in calc.py:6.")


def test_the_stand_in_says_what_it_is_and_gives_the_result_whole():
    text = stand_in("rewrote total in /workspace/calc.py:\n-a\n+b\n")

    assert text.startswith("The model's answer only imitated a tool's result") and text.endswith("-a\n+b")
