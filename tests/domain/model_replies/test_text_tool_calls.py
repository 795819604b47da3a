"""Tool calls written as text: the forms small open models write, and the rule that keeps prose, examples,
code and quotations from running."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.domain.model_replies.text_tool_calls import not_run_text, quoted_from, read_text_calls, unrun_calls

OFFERED = {
    "file_read": {"type": "object", "properties": {"path": {"type": "string"}}},
    "file_write": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}},
    "shell_command": {"type": "object", "properties": {"command": {"type": "string"},
                                                       "timeout": {"type": "integer"}}},
}
READ_A = '{"name": "file_read", "arguments": {"path": "a.py"}}'


def _calls(text, quoted=()):
    found = read_text_calls(text, OFFERED, quoted)
    assert found is not None, text
    return [(call.name, json.loads(call.arguments)) for call in found.calls]


def test_a_json_fence_that_is_the_whole_reply_is_a_call():
    assert _calls(f"```json\n{READ_A}\n```") == [("file_read", {"path": "a.py"})]


def test_what_qwen_coder_writes_on_llama_cpp_is_a_call():
    text = '```json\n{"name": "file_write", "arguments": {"path": "cart.py", "content": "TAX = 0.21"}}\n```'

    assert _calls(text) == [("file_write", {"path": "cart.py", "content": "TAX = 0.21"})]


def test_what_qwen_coder_wrote_unclosed_with_raw_line_breaks_is_still_the_call():
    text = ('{"name": "file_write", "arguments": {"path": "/workspace/calc.py", "content": "def total(prices):\n'
            '    return sum(prices)\n"}')

    assert _calls(text) == [("file_write", {"path": "/workspace/calc.py", "content": "def total(prices):\n"
                                                                                    "    return sum(prices)\n"})]


@pytest.mark.parametrize("text", ["{" * 1000 + "}" * 1000, "```json\n" + "{" * 1000 + "\n```",
                                  "<tool_call>" + "{" * 1200, "{{" * 3000])
def test_a_wall_of_braces_is_no_call_and_no_crash(text):
    assert read_text_calls(text, OFFERED) is None and unrun_calls(text, OFFERED) is None


# What the 0.5B wrote as its whole answer to the question row (f0940ad): shown as text before.
GARBLED = ('{\n    "name": "inventory/settings.py:1: """Where the inventory service listens."""\n    "arguments": {\n'
           '        "path": "/workspace/orkeon/config.json",\n        "line": 1\n    }\n}')


def test_a_garbled_envelope_that_is_the_whole_reply_is_a_call_of_a_tool_not_offered():
    assert _calls(GARBLED) == [("inventory/settings.py:1:", {})]
    assert _calls(UNREADABLE_WRITE.replace("file_write", "file_delete")) == [("file_delete", {})]


def test_a_garbled_envelope_naming_an_offered_tool_hands_its_arguments_on_as_written():
    found = read_text_calls('{"name": "file_read" "arguments": {"path": "a.py"}}', OFFERED)

    assert found is not None and [(c.name, c.arguments) for c in found.calls] == [("file_read", '{"path": "a.py"}')]


@pytest.mark.parametrize("text", [
    f"It says: {GARBLED}", f"{GARBLED} and so on", '{"name": "x" "detail": 3}',
    GARBLED.replace('"arguments"', '"details"'),
    # another key before the arguments: a tool's description, a note quoting a call, a config entry
    '{"name": "shell_command", "description": "Runs a "shell" command", "parameters": {"command": "ls -la"}}',
    '{"name": "file_read", "note": "call it with "arguments": {"path": "secret.env"}}',
    '{"name": "my-app", "version": "1", "input": "src/index.ts",}',
    '{"name": "Python: Current File", "type": "python", "args": ["a"],}',
    # arguments that are no object; a name with a control character
    '{"name": "file_read" "arguments":}', '{"name": "x", "args": ["a"],}', '{"name": "a\x00b\rc" "arguments": {}}',
])
def test_a_garbled_envelope_beside_prose_or_with_other_keys_or_no_object_is_text(text):
    assert read_text_calls(text, OFFERED) is None


@pytest.mark.parametrize("text", ['{"name": "' + "a" * 200_000 + "}",
                                  '{"name": "x"' + " " * 200_000 + '"arguments": {}',
                                  '{"name": "x"' + "b" * 199_000 + "}"])
def test_a_long_unclosed_envelope_is_text(text):
    assert read_text_calls(text, OFFERED) is None


def test_an_unreadable_envelope_with_prose_and_a_fence_after_it_is_text():
    text = '{"name": "shell_command", "arguments": {"command": "a\\q"}}\n\nFor example:\n```python\nprint(1)\n```'

    assert read_text_calls(text, OFFERED) is None


def test_a_fenced_call_missing_its_last_brace_is_the_call():
    assert _calls('```json\n{"name": "file_read", "arguments": {"path": "a.py"}\n```') == [
        ("file_read", {"path": "a.py"})]


@pytest.mark.parametrize("text", [
    '{"name": "file_write", "arguments": {"path": "a.py", "content": "def f(',
    '```json\n{"name": "file_write", "arguments": {"path": "a.py", "content": "x = \n```',
], ids=["bare", "fenced"])
def test_a_call_cut_inside_a_string_is_not_guessed_at_but_handed_on_unreadable(text):
    found = read_text_calls(text, OFFERED)

    assert found is not None and found.calls[0].name == "file_write"
    with pytest.raises(ValueError):
        json.loads(found.calls[0].arguments)


# What the 1.5B model wrote on llama.cpp: a docstring's quotes left unescaped inside the content.
UNREADABLE_WRITE = ('{"name": "file_write", "arguments": {"path": "calc.py", "content": "def total(prices):\n'
                    '    """The sum."""\n    return sum(prices)\n"}}')


# And the same with the content fenced inside the string (ab_a/fix10 on 1f741fb): shown as text before.
FENCED_CONTENT_WRITE = ('{"name": "file_write", "arguments": {"path": "calc.py", "content": "```python\n'
                        'def total(prices):\n    """The sum."""\n    return sum(prices)\n```"}')


@pytest.mark.parametrize("text", [UNREADABLE_WRITE, f"```json\n{UNREADABLE_WRITE}\n```",
                                  f"<tool_call>\n{UNREADABLE_WRITE}\n</tool_call>",
                                  f"Here is the fix.\n```json\n{UNREADABLE_WRITE}\n```",
                                  FENCED_CONTENT_WRITE],
                         ids=["bare", "fenced", "tagged", "after-a-note", "a-fence-in-its-string"])
def test_an_unreadable_call_of_an_offered_tool_is_still_a_call_its_arguments_as_written(text):
    found = read_text_calls(text, OFFERED)

    assert found is not None and [call.name for call in found.calls] == ["file_write"]
    assert found.calls[0].arguments.startswith('{"path": "calc.py", "content": "')
    assert "def total" in found.calls[0].arguments
    with pytest.raises(ValueError):
        json.loads(found.calls[0].arguments)


@pytest.mark.parametrize("text", [
    f"Here is the fix: {UNREADABLE_WRITE} and more words after it.",
    f"```python\n{UNREADABLE_WRITE}\n```",
], ids=["inside-prose", "python-fence"])
def test_an_unreadable_blob_that_is_no_call_attempt_stays_text(text):
    assert read_text_calls(text, OFFERED) is None


def test_a_call_wrapped_in_the_tools_tag_as_qwen2_5_1_5b_writes_it_is_a_call():
    text = '<tools>\n{"name": "codebase_search", "arguments": {"query": "port"}}\n</tools>'
    offered = {**OFFERED, "codebase_search": {"type": "object", "properties": {"query": {"type": "string"}}}}

    found = read_text_calls(text, offered)

    assert found is not None and [(c.name, json.loads(c.arguments)) for c in found.calls] == [
        ("codebase_search", {"query": "port"})]


def test_the_sentence_before_the_calls_is_kept_as_the_note():
    found = read_text_calls(f"I will read it first.\n\n```json\n{READ_A}\n```\n", OFFERED)

    assert found is not None and found.note == "I will read it first."


@pytest.mark.parametrize("text", [
    f"<tool_call>\n{READ_A}\n</tool_call>",
    f"<tool_call>{READ_A}",
    '{"name": "file_read", "parameters": {"path": "a.py"}}',
    '{"tool": "file_read", "args": {"path": "a.py"}}',
    '{"name": "file_read", "arguments": "{\\"path\\": \\"a.py\\"}"}',
    '{"name": "file_read", "path": "a.py"}',
    '[{"type": "function", "function": {"name": "file_read", "arguments": "{\\"path\\": \\"a.py\\"}"}}]',
    f"[TOOL_CALLS] [{READ_A}]",
    '[TOOL_CALLS]file_read[ARGS]{"path": "a.py"}',
    "<tool_call>\n<function=file_read>\n<parameter=path>\na.py\n</parameter>\n</function>\n</tool_call>",
    "<function=file_read><parameter=path>a.py</parameter></function>",
    f"```\n{READ_A}\n```",
    f"Sure: ```json\n{READ_A}```",
    '{"name": "FILE_READ", "arguments": {"path": "a.py"}}',
    '{"name": "functions.file_read", "arguments": {"path": "a.py"}}',
    '{"name": "file_read", "arguments": {"path": "a.py"}}}',
    f"<tool_call>\n{READ_A}}}\n</tool_call>",
    f"{READ_A}\n```",
], ids=["hermes", "hermes-unclosed", "llama3-parameters", "tool-args", "arguments-as-string", "flattened",
        "openai-shape", "mistral-list", "mistral-args", "qwen3-coder-xml", "bare-function-xml", "plain-fence",
        "inline-fence", "name-case", "functions-prefix", "brace-too-many",
        "brace-too-many-tagged", "stray-closing-fence"])
def test_every_common_form_reads_as_the_same_call(text):
    assert _calls(text) == [("file_read", {"path": "a.py"})]


def test_several_hermes_blocks_are_several_calls_in_order():
    text = f"<tool_call>\n{READ_A}\n</tool_call>\n<tool_call>\n" \
           '{"name": "file_read", "arguments": {"path": "b.py"}}\n</tool_call>'

    assert [args["path"] for _, args in _calls(text)] == ["a.py", "b.py"]


def test_qwen3_coder_parameters_are_typed_by_the_tools_schema():
    text = ("<tool_call>\n<function=shell_command>\n<parameter=command>\n30\n</parameter>\n"
            "<parameter=timeout>\n30\n</parameter>\n</function>\n</tool_call>")

    assert _calls(text) == [("shell_command", {"command": "30", "timeout": 30})]


def test_arguments_that_do_not_fit_the_tool_still_make_a_call_for_the_loop_to_refuse():
    assert _calls('{"name": "file_read", "arguments": {"path": 3, "extra": true}}') == \
        [("file_read", {"path": 3, "extra": True})]


@pytest.mark.parametrize("text", [
    'For instance {"name": "file_read", "arguments": {"path": "a.py"}} reads a file.',
    "Call `file_read` with the path to see it.",
    f"```json\n{READ_A}\n```\nThis reads a.py, which you can run yourself.",
    'Such as:\n```json\n{"name": "delete_everything", "arguments": {}}\n```',
    '```json\n{"name": "delete_everything", "path": "a"}\n```',
    f"```python\n{READ_A}\n```",
    '```json\n{"name": "Bob", "age": 3}\n```',
    '{"name": "file_read", "arguments": [1, 2]}',
    '{"answer": 42}',
    "```json\n{not json}\n```",
    "[TOOL_CALLS] nothing",
    "",
], ids=["object-in-a-sentence", "name-in-backticks", "prose-after", "unknown-tool-after-prose",
        "unknown-tool-flattened", "python-fence",
        "not-a-call", "arguments-not-an-object", "json-answer", "bad-json", "empty-mistral", "empty"])
def test_text_that_only_looks_like_a_call_is_not_one(text):
    assert read_text_calls(text, OFFERED) is None


@pytest.mark.parametrize("text", [
    '```json\n{"name": "file_delete", "arguments": {"path": "a.py"}}\n```',
    '{"name": "file_delete", "arguments": {"path": "a.py"}}',
    '<tool_call>\n{"name": "file_delete", "arguments": {"path": "a.py"}}\n</tool_call>',
    "<function=file_delete><parameter=path>a.py</parameter></function>",
])
def test_a_reply_of_nothing_but_a_call_of_a_tool_not_offered_is_a_call_for_the_loop_to_refuse(text):
    assert _calls(text) == [("file_delete", {"path": "a.py"})]


@pytest.mark.parametrize(("text", "call"), [
    ('```json\n{"name": "inventory/settings.py", "arguments": {"line": 10}}\n```',
     ("inventory/settings.py", {"line": 10})),
    ('{"name": "DEFAULT_PORT", "arguments": 8731}', ("DEFAULT_PORT", {})),
    ('{"name": "inventory/server.py:1: return int(x)", "arguments": ["10"]}',
     ("inventory/server.py:1: return int(x)", {})),
])
def test_a_reply_of_nothing_but_an_envelope_naming_a_file_or_a_constant_is_a_call_to_refuse(text, call):
    assert _calls(text) == [call]


@pytest.mark.parametrize("text", [
    'See:\n```json\n{"name": "inventory/settings.py", "arguments": {"line": 10}}\n```',
    '{"name": "' + "x" * 101 + '", "arguments": {}}',
    '{"name": "a\\nb", "arguments": {}}',
])
def test_an_envelope_beside_prose_or_with_an_overlong_or_broken_name_is_text(text):
    assert read_text_calls(text, OFFERED) is None


def test_a_reply_of_calls_alone_keeps_them_all_when_one_names_a_tool_not_offered():
    text = f'<tool_call>\n{READ_A}\n</tool_call>\n<tool_call>\n{{"name": "rm", "arguments": {{}}}}\n</tool_call>'

    assert [name for name, _ in _calls(text)] == ["file_read", "rm"]


def test_only_the_calls_after_the_last_block_that_is_not_one_count():
    text = f"```python\nprint(1)\n```\n```json\n{READ_A}\n```"

    found = read_text_calls(text, OFFERED)

    assert found is not None and [c.name for c in found.calls] == ["file_read"]
    assert found.note == "```python\nprint(1)\n```"


def test_a_call_quoted_from_a_file_the_model_read_does_not_run_when_the_reply_says_more():
    file_text = 'Example:\n```json\n{"name": "file_write",\n  "arguments": {"path": "x", "content": "y"}}\n```\n'
    reply = ('The file holds this example:\n```json\n'
             '{"name": "file_write", "arguments": {"path": "x", "content": "y"}}\n```')

    assert read_text_calls(reply, OFFERED, quoted=[file_text]) is None


def test_a_reply_that_is_nothing_but_a_call_a_file_held_is_a_copy_and_no_call():
    reply = f"```json\n{READ_A}\n```"

    assert read_text_calls(reply, OFFERED, quoted=[f"see {READ_A}"]) is None
    assert read_text_calls(reply, OFFERED, quoted=["see nothing of the kind"]) is not None


def test_quoted_from_names_the_input_that_holds_the_call_however_its_json_is_laid_out():
    found = read_text_calls('```json\n{"arguments": {"content": "y", "path": "x"}, "name": "file_write"}\n```',
                            OFFERED)
    shown = [("the result of file_read (a.py)", "print('a')"),
             ("the turn's prompt", 'AGENTS.md: first run\n```json\n{"name": "file_write",\n "arguments": '
                                  '{"path": "x", "content": "y"}}\n```')]

    assert found is not None
    assert quoted_from(found.calls, shown, OFFERED) == "the turn's prompt"
    assert quoted_from(found.calls, shown) is None  # as written only: the keys are in another order
    assert quoted_from(found.calls, shown[:1], OFFERED) is None


def test_nothing_is_a_call_when_no_tool_is_offered():
    assert read_text_calls(f"```json\n{READ_A}\n```", {}) is None


MARKUP = st.sampled_from(["```", "```json\n", "<tool_call>", "</tool_call>", "<function=file_read>",
                          "<parameter=path>", "</parameter>", "</function>", "[TOOL_CALLS]", "[ARGS]", "{", "}",
                          "[", "]", '"name"', '"arguments"', ":", ",", '"file_read"', "\n", " ", "\\", '"'])


@settings(max_examples=300, deadline=None)
@given(st.lists(MARKUP | st.text(max_size=6), max_size=30).map("".join))
def test_arbitrary_text_never_makes_it_crash_and_a_call_beside_a_note_names_an_offered_tool(text):
    found = read_text_calls(text, OFFERED, quoted=[text[:10]])

    assert found is None or all(isinstance(json.loads(call.arguments), dict) for call in found.calls)
    assert found is None or not found.note or all(call.name in OFFERED for call in found.calls)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_at_all_never_makes_it_crash(text):
    read_text_calls(text, OFFERED)


@given(st.text(alphabet=st.characters(blacklist_characters="`<[{"), max_size=40).filter(lambda s: s.strip()))
def test_prose_after_a_call_always_keeps_it_from_running(prose):
    assert read_text_calls(f"```json\n{READ_A}\n```\n{prose}", OFFERED) is None


def test_a_call_written_before_more_prose_is_an_unrun_call_named_with_where_it_starts():
    text = f"Step one:\n```json\n{READ_A}\n```\n### Output\nThe file says 8080."

    found = unrun_calls(text, OFFERED)

    assert found is not None and found.names == ("file_read",) and text[:found.start] == "Step one:\n"
    assert [(call.name, json.loads(call.arguments)) for call in found.calls] == [("file_read", {"path": "a.py"})]
    assert not_run_text(found) == "(The reply wrote a call of file_read with text after it, so it did not run.)"


@pytest.mark.parametrize("text", [
    "```python\nfile_read('a.py')\n```\nThat is all.",
    'Here:\n```json\n{"name": "get_weather", "arguments": {}}\n```\nThat is all.',
    "No call here at all.",
], ids=["python-fence", "not-offered", "prose"])
def test_what_is_no_call_of_an_offered_tool_is_no_unrun_call(text):
    assert unrun_calls(text, OFFERED) is None


@pytest.mark.parametrize("lead", [READ_A, "{" + READ_A + "}}"], ids=["plain", "doubled-brace-and-a-closer-too-many"])
def test_a_bare_call_opening_the_reply_on_its_own_line_with_prose_under_it_is_an_unrun_call(lead):
    text = f"{lead}\nThe file says 8080."

    found = unrun_calls(text, OFFERED)

    assert read_text_calls(text, OFFERED) is None
    assert found is not None and found.start == 0
    assert [(call.name, json.loads(call.arguments)) for call in found.calls] == [("file_read", {"path": "a.py"})]


@pytest.mark.parametrize("text", [
    f"{READ_A} is how a read looks.\nThat is all.",  # the object does not end its line: prose
    '{"port": 8080}\nThat is the configuration.',  # an object that is no call
    '{"verdict": "ok", "name": "file_read"}\nLooks fine.',  # an answer with a "name", no arguments
    '{"name": "get_weather", "arguments": {}}\nIt is sunny.',  # a tool not offered
], ids=["in-a-sentence", "no-call", "answer-with-a-name", "not-offered"])
def test_a_bare_object_that_is_no_lone_call_of_an_offered_tool_is_no_unrun_call(text):
    assert unrun_calls(text, OFFERED) is None and read_text_calls(text, OFFERED) is None


def test_a_leading_bare_call_never_runs_beside_the_fenced_call_that_ends_the_reply():
    write = '{"name": "file_write", "arguments": {"path": "a.py", "content": "x"}}'
    text = f"{write}\n```json\n{READ_A}\n```"

    found = read_text_calls(text, OFFERED)

    assert found is not None and [call.name for call in found.calls] == ["file_read"] and found.note == write


@pytest.mark.parametrize("tail", ["\n```", "\n\n```\n", "\n```\n```"], ids=["mark", "open-fence", "empty-fence"])
def test_a_stray_fence_mark_after_a_tagged_call_does_not_keep_it_from_ending_the_reply(tail):
    text = f"<tools>\n  <function name=\"file_read\" arguments='{{\"path\": \"a.py\"}}'/>\n</tools>{tail}"

    assert _calls(text) == [("file_read", {"path": "a.py"})]


def test_a_json_info_string_fallen_onto_the_fences_first_line_is_forgiven_in_a_plain_fence_only():
    fallen = f"```\njson\n{READ_A}\n```"

    assert _calls(fallen) == [("file_read", {"path": "a.py"})]
    assert read_text_calls(fallen.replace("```\n", "```python\n", 1), OFFERED) is None


def test_a_fence_with_words_in_it_after_a_call_is_still_prose_after_it():
    text = f"<tool_call>\n{READ_A}\n</tool_call>\n```\nthe file says 8080\n```"

    assert read_text_calls(text, OFFERED) is None and unrun_calls(text, OFFERED) is not None


def test_a_garbled_envelope_over_several_lines_is_still_a_call_attempt_not_a_leading_call():
    text = '{"name": "file_write" "arguments": {"path": "a.py"}}\n  "content": "x"}'

    found = read_text_calls(text, OFFERED)

    assert found is not None and [call.name for call in found.calls] == ["file_write"]


def test_a_fence_opened_on_the_line_of_a_leading_object_still_holds_the_call_that_runs():
    text = '{"a": 1}```json\n' + READ_A + "\n```"

    assert _calls(text) == [("file_read", {"path": "a.py"})]


def test_a_call_quoted_from_what_the_model_read_is_no_unrun_call():
    text = f"The notes hold:\n```json\n{READ_A}\n```\nOnly an example."

    assert unrun_calls(text, OFFERED, [f"notes: {READ_A}"]) is None


def test_several_bare_calls_one_a_line_are_several_calls_in_order():
    text = f'{READ_A}\n{{"name": "shell_command", "arguments": {{"command": "pytest"}}}}\n'

    assert _calls(text) == [("file_read", {"path": "a.py"}), ("shell_command", {"command": "pytest"})]


def test_bare_objects_with_prose_between_them_are_no_calls():
    assert read_text_calls(f"{READ_A}\nand then\n{READ_A}", OFFERED) is None


@settings(max_examples=200, deadline=None)
@given(st.lists(MARKUP | st.text(max_size=6), max_size=30).map("".join))
def test_any_shown_text_is_read_for_copies_without_crashing_and_a_copy_is_always_found(shown):
    found = read_text_calls(f"```json\n{READ_A}\n```", OFFERED)

    assert found is not None
    assert quoted_from(found.calls, [("a file", shown)], OFFERED) in (None, "a file")
    assert quoted_from(found.calls, [("a file", shown + READ_A)], OFFERED) == "a file"


# --- rule 11: one JSON object naming an offered tool below its top level ------------------------------------

@pytest.mark.parametrize("text", [
    '{"name": "function", "arguments": {"name": "file_read", "path": "a.py"}}',
    '{"name": "function", "arguments": {"name": "file_read", "path": "a.py", ...}}',
    '```json\n{"function_call": {"name": "file_read", "arguments": {"path": "a.py"}}}\n```',
    '{"tool_calls": [{"type": "function", "function": {"name": "file_read", '
    '"arguments": "{\\"path\\": \\"a.py\\"}"}}]}',
    '{"action": "file_read", "action_input": {"path": "a.py"}}',
    '{"response": {"steps": [{"tool": "file_read", "args": {"path": "a.py"}}]}}',
], ids=["name-function-wrapper", "with-an-ellipsis", "function-call", "openai-list", "action", "deep"])
def test_one_json_object_naming_an_offered_tool_at_any_depth_is_its_call(text):
    assert _calls(text) == [("file_read", {"path": "a.py"})]


@pytest.mark.parametrize("text", [
    '{"answer": "file_read reads a file"}',
    'For instance {"data": {"name": "file_read", "path": "a.py"}} is how it looks.',
    '{"data": {"name": "file_read"}}\n\nThat is the shape.',
], ids=["a-name-in-a-value", "inside-a-sentence", "prose-after"])
def test_a_tool_named_in_text_or_beside_prose_is_no_nested_call(text):
    assert read_text_calls(text, OFFERED) is None


def test_an_ellipsis_for_more_items_is_forgiven_in_a_call():
    assert _calls('{"name": "file_read", "arguments": {"path": "a.py", ...}}') == [("file_read", {"path": "a.py"})]


# --- rule 12: edits written as text -----------------------------------------------------------------------

EDIT_OFFERED = {**OFFERED, "file_edit": {"type": "object", "properties": {}}}


def test_a_block_under_a_path_is_a_whole_file_write_its_prose_the_note():
    found = read_text_calls("The loop stopped early.\n\n### calc.py\n```python\nx = 2\n```\n\nDone.", EDIT_OFFERED)

    assert found is not None and found.note == "The loop stopped early.\n\nDone."
    assert [(c.name, json.loads(c.arguments), c.form) for c in found.calls] == [
        ("file_write", {"path": "calc.py", "content": "x = 2\n"}, "whole")]


def test_a_search_replace_block_is_a_file_edit_when_file_edit_is_offered_and_nothing_when_not():
    text = "calc.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE"

    found = read_text_calls(text, EDIT_OFFERED)

    assert found is not None and [(c.name, c.form) for c in found.calls] == [("file_edit", "replace")]
    assert read_text_calls(text, OFFERED) is None


def test_no_edit_is_read_where_no_edit_tool_is_offered():
    assert read_text_calls("### calc.py\n```python\nx = 2\n```", {"file_read": {}}) is None


def test_a_call_ending_the_reply_comes_before_the_edits_above_it():
    found = read_text_calls(f"### calc.py\n```python\nx = 2\n```\n```json\n{READ_A}\n```", EDIT_OFFERED)

    assert found is not None and [c.name for c in found.calls] == ["file_read"]


def test_an_edit_is_quoted_when_a_shown_text_holds_its_lines_and_not_when_only_inside_a_longer_line():
    found = read_text_calls("### calc.py\n```python\nx = 1\n```", EDIT_OFFERED)
    assert found is not None

    assert quoted_from(found.calls, [("the file", "a = 0\n    x = 1\nb = 2\n")]) == "the file"
    assert quoted_from(found.calls, [("the file", "max = 10\n")]) is None
