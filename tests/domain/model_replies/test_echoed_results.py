import pytest

from orkeon_engine.domain.model_replies.echoed_results import (
    echoes_error,
    echoes_prompt,
    echoes_result,
    repeats_harness,
    repeats_note,
)

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


# --- a reply that repeats the prompt ------------------------------------------------------------------------

PROMPT = ["You are Orkeon, a coding assistant.",
          "- The project's files:\n\n```\nREADME.md\ninventory/settings.py\n```\n\n<system-reminder>\nContext in use: "
          "21% of the window.\n</system-reminder>\n\n## The request\n\nOn which port does the service listen? Read "
          "the code.\n\nThe host may ask the person before a call runs."]
WRITTEN_BACK = ("<system-reminder>\nContext in use: 21% of the window.\n</system-reminder>\n\n## The request\n\n"
                "On which port does the service listen? Read the code.\n\nThe host may ask the person before a call "
                "runs.")


def test_a_reply_that_writes_the_request_block_back_repeats_the_prompt():
    assert echoes_prompt(WRITTEN_BACK, PROMPT) and repeats_harness(WRITTEN_BACK, PROMPT)


def test_lines_of_the_prompt_without_the_markup_repeat_it_but_are_not_the_harness_s_text():
    reply = ("## The request\nOn which port does the service listen? Read the code.\n"
             "The host may ask the person before a call runs.")

    assert echoes_prompt(reply, PROMPT) and not repeats_harness(reply, PROMPT)


@pytest.mark.parametrize("reply", [
    "The service listens on 8731 by default (DEFAULT_PORT in inventory/settings.py).",
    "The project has these files:\n```\nREADME.md\ninventory/settings.py\n```\nand nothing else.",
    '{"answer": "<system-reminder>\\nContext in use: 21% of the window."}',
    "",
])
def test_an_answer_is_not_a_repeat_of_the_prompt(reply):
    assert not echoes_prompt(reply, PROMPT) and not repeats_harness(reply, PROMPT)


def test_a_reminder_block_of_the_model_s_own_with_nothing_else_said_is_the_harness_s_text():
    reply = "<system-reminder>\nContext in use: 44% of the window.\n</system-reminder>"

    assert repeats_harness(reply, PROMPT) and echoes_prompt(reply, PROMPT)


def test_a_tag_named_in_an_answer_is_neither_a_repeat_nor_the_harness_s_text():
    reply = "A <system-reminder> block comes from the harness.\nIt says how full the context is."

    assert not echoes_prompt(reply, PROMPT) and not repeats_harness(reply, PROMPT)


def test_code_that_builds_the_block_quoted_in_an_answer_is_not_the_harness_s_text():
    reply = ('The gauge is built here:\n```python\nreturn "<system-reminder>\\n" + text + "\\n</system-reminder>"\n'
             '```\nand it says how full the context is.')

    assert not echoes_prompt(reply, PROMPT) and not repeats_harness(reply, PROMPT)


NAMED = ["## Files the request names\n\n/workspace/calc.py:\n```\ndef total(items):\n    result = 0\n"
         "    for item in items:\n        result += item\n    return result\n```\n\n## The request\n\nshow me total"]


def test_an_answer_quoting_a_function_the_prompt_showed_fenced_is_an_answer():
    reply = "Here it is:\ndef total(items):\n    result = 0\n    for item in items:\n        result += item\n" \
            "    return result"

    assert not echoes_prompt(reply, NAMED)


NOTE = ("Nothing ran: your reply wrote a call of definition_rewrite with more text after it, and only a call that "
        "ends the reply runs. To use a tool, end your reply with the call alone; its result comes back in the next "
        "message.")


@pytest.mark.parametrize("reply", [
    "To use a tool, end your reply with the call alone; its result comes back in the next message.",
    "  to use a tool, end your reply with\nthe call alone;  ",
    f'"{NOTE}"',
])
def test_a_reply_that_is_a_piece_of_the_loops_note_repeats_it(reply):
    assert repeats_note(reply, [NOTE])


@pytest.mark.parametrize("reply", [
    "Nothing ran.",  # too short to tell from an answer
    "end your reply with the call alone",  # seven words: a piece too small to be sure of
    "I will end my reply with the call alone: definition_rewrite.",
    "To use a tool, end your reply with the call alone; its result comes back in the next message. Done.",
])
def test_a_reply_saying_more_than_a_piece_of_the_note_is_not_its_repeat(reply):
    assert not repeats_note(reply, [NOTE])


def test_without_notes_nothing_repeats_one():
    assert not repeats_note("To use a tool, end your reply with the call alone", [])


ERROR = "unknown tool 'file_settings'; the tools offered are: codebase_search, file_read, file_write"


@pytest.mark.parametrize("reply", [ERROR, f"```\n{ERROR}\n```", f"  {ERROR}  \n\n"])
def test_a_reply_that_only_writes_an_error_back_repeats_it_even_on_one_line(reply):
    assert echoes_error(reply, ERROR)


@pytest.mark.parametrize("reply", [
    f"{ERROR}\nSo I will read the file with file_read instead.",  # a line of its own beside it
    "file_read",  # too few words to be a repeat
    '{"error": "' + ERROR + '"}',  # JSON is an answer, whatever it says
    "",
])
def test_a_reply_saying_more_than_the_error_or_too_little_does_not(reply):
    assert not echoes_error(reply, ERROR)
