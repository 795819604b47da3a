"""The tool loop with calls written as text: they run through the same checks, gate and budget as native
calls, the note before them is kept, and the blob never reaches the answer or the streamed text."""

import pytest

from orkeon_engine.domain.model.act import Budget, BudgetExhausted
from orkeon_engine.domain.model.chat import ChatMessage
from orkeon_engine.services.act import act
from orkeon_engine.services.act_context import ActContext
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.doubles.fake_streaming_chat_model import FakeStreamingChatModel
from tests.support.doubles.fake_turn_events import FakeTurnEvents
from tests.support.scripted_chat_model import Call, ScriptedChatModel, Turn
from tests.support.tiny_tools import ConcurrencyProbe, ProbeRead, RaisingTool, RecordingEdit, TextRead

UNLIMITED = Budget(tool_calls=None, seconds=None, context_tokens=None)
WRITE = '```json\n{"name": "file_write", "arguments": {"path": "cart.py", "text": "TAX = 0.21"}}\n```'


async def _act(model, tools, gate=None, budget=UNLIMITED, events=None):
    context = ActContext(list(tools), budget, gate or FakePermissionGate(), model, FakeClock(), events=events)
    return await act("You are a test.", [ChatMessage.user("go")], context)


async def test_a_json_fenced_call_in_the_text_edits_the_file_and_the_answer_follows():
    edit = RecordingEdit()
    gate = FakePermissionGate()
    model = ScriptedChatModel([WRITE, "cart.py now sets TAX to 0.21."])

    result = await _act(model, [edit], gate)

    assert edit.written == {"cart.py": "TAX = 0.21"}
    assert gate.names() == ["file_write"]
    assert result.text == "cart.py now sets TAX to 0.21."
    assert [m.text for m in model.requests[1].messages if m.role == "tool"] == ["wrote cart.py"]


async def test_the_note_before_the_calls_stays_and_the_calls_join_the_conversation_as_calls():
    model = ScriptedChatModel([f"I will write it now.\n{WRITE}", "done"])

    result = await _act(model, [RecordingEdit()])

    said = model.requests[1].messages[-2]
    assert said.role == "assistant" and said.text == "I will write it now."
    assert [(c.name, c.decoded()) for c in said.tool_calls] == \
        [("file_write", {"path": "cart.py", "text": "TAX = 0.21"})]
    assert "```" not in "".join(m.text for m in result.messages if m.role == "assistant")


async def test_arguments_that_do_not_fit_go_back_to_the_model_as_the_calls_error():
    edit = RecordingEdit()
    model = ScriptedChatModel(['<tool_call>{"name": "file_write", "arguments": {"path": "cart.py"}}</tool_call>',
                               "sorry"])

    result = await _act(model, [edit])

    (record,) = result.calls
    assert record.result.is_error and "text" in record.result.text and "do not fit" in record.result.text
    assert edit.written == {}


async def test_a_reply_of_nothing_but_a_call_of_a_tool_not_offered_is_refused_as_a_native_call_is():
    text = '```json\n{"name": "rm_rf", "arguments": {}}\n```'
    native = ScriptedChatModel([Call("rm_rf", {}), "nothing removed"])
    written = ScriptedChatModel([text, "nothing removed"])

    by_native = await _act(native, [RecordingEdit()])
    by_text = await _act(written, [RecordingEdit()])

    assert by_text.text == "nothing removed" and "rm_rf" not in by_text.text
    assert [r.result.text for r in by_text.calls] == [r.result.text for r in by_native.calls]
    assert by_text.calls[0].result.is_error and "unknown tool 'rm_rf'" in by_text.calls[0].result.text


async def test_an_example_of_a_tool_not_offered_beside_prose_is_the_answer_as_written():
    text = 'An OpenAI call looks like this:\n```json\n{"name": "get_weather", "arguments": {}}\n```'
    model = ScriptedChatModel([text])

    result = await _act(model, [RecordingEdit()])

    assert result.text == text and result.calls == () and model.remaining == 0


async def test_text_calls_count_against_the_tool_call_budget():
    model = ScriptedChatModel([WRITE, WRITE, "done"])

    with pytest.raises(BudgetExhausted) as stopped:
        await _act(model, [RecordingEdit()], budget=Budget(tool_calls=1, seconds=None, context_tokens=None))

    assert stopped.value.kind == "tool_calls" and len(stopped.value.calls) == 1


async def test_a_streamed_reply_shows_the_note_and_never_the_blob():
    events = FakeTurnEvents()
    model = FakeStreamingChatModel(ScriptedChatModel([f"Reading it.\n{WRITE}", "All set."]), piece=5)

    await _act(model, [RecordingEdit()], events=events)

    shown = "".join(events.texts())
    assert "Reading it." in shown and "All set." in shown
    assert "file_write" not in shown and "```" not in shown


async def test_native_calls_are_left_as_they_are_and_their_text_is_not_read_for_more():
    probe = ConcurrencyProbe()
    model = ScriptedChatModel([Turn(WRITE, (Call("probe_read", {"path": "a"}),)), "done"])
    edit = RecordingEdit()

    result = await _act(model, [ProbeRead(probe), edit])

    assert [c.name for c in result.calls] == ["probe_read"] and edit.written == {}


# What the 1.5B model wrote: a call mid-reply, then what it imagined the call returned.
IMAGINED = (f"Let me write it.\n{WRITE}\n\n### Output\nThe file now holds TAX = 0.21, so the tax is 21%.")


async def test_a_call_written_mid_reply_does_not_run_and_the_model_is_told_once_then_answers():
    edit = RecordingEdit()
    model = ScriptedChatModel([IMAGINED, WRITE, "cart.py now sets TAX to 0.21."])

    result = await _act(model, [edit])

    told = model.requests[1].messages[-1]
    assert told.role == "user" and told.text.startswith("Nothing ran: your reply wrote a call of file_write")
    assert edit.written == {"cart.py": "TAX = 0.21"} and len(result.calls) == 1
    assert result.text == "cart.py now sets TAX to 0.21."


async def test_an_edit_written_mid_reply_again_after_the_note_does_not_run_and_is_named_not_shown():
    edit = RecordingEdit()
    model = ScriptedChatModel([IMAGINED, IMAGINED])

    result = await _act(model, [edit])

    assert result.text == "Let me write it.\n\n(The reply wrote a call of file_write with text after it, so it did " \
                          "not run.)"
    assert result.calls == () and edit.written == {} and model.remaining == 0


READ_THEN_TALK = ('To find it, search:\n```json\n{"name": "file_read", "arguments": {"path": "settings.py"}}\n```\n'
                  "After running it, check the results for the port.")


async def test_a_read_written_mid_reply_again_after_the_note_runs_and_the_text_after_it_is_dropped():
    model = ScriptedChatModel([READ_THEN_TALK, READ_THEN_TALK, "It listens on 8731."])

    result = await _act(model, [TextRead({"settings.py": "PORT = 8731\n"})])

    assert [(c.name, c.result.text) for c in result.calls] == [("file_read", "PORT = 8731\n")]
    said = model.requests[2].messages[-2]
    assert said.role == "assistant" and said.text == "To find it, search:"
    assert result.text == "It listens on 8731." and model.remaining == 0


async def test_a_read_and_an_edit_written_mid_reply_again_run_nothing():
    both = ('```json\n{"name": "file_read", "arguments": {"path": "settings.py"}}\n```\nthen\n'
            '```json\n{"name": "file_write", "arguments": {"path": "a.py", "text": "x"}}\n```\nand done.')
    edit = RecordingEdit()
    model = ScriptedChatModel([both, both])

    result = await _act(model, [TextRead({"settings.py": "PORT = 8731\n"}), edit])

    assert result.calls == () and edit.written == {}
    assert result.text == "(The reply wrote a call of file_read, file_write with text after it, so it did not run.)"


async def test_a_streamed_reply_with_a_call_mid_text_shows_only_what_came_before_the_call():
    events = FakeTurnEvents()
    model = FakeStreamingChatModel(ScriptedChatModel([IMAGINED, "No change was needed."]), piece=7)

    await _act(model, [RecordingEdit()], events=events)

    shown = "".join(events.texts())
    assert "Let me write it." in shown and "No change was needed." in shown
    assert "file_write" not in shown and "21%" not in shown


async def test_an_example_of_an_offered_tool_quoted_from_a_file_is_no_unrun_call():
    quoting = ScriptedChatModel([Call("file_read", {"path": "notes.md"}),
                                 f"The notes hold this example:\n{WRITE}\nIt is only an example."])
    read = TextRead({"notes.md": f"Example:\n{WRITE}\n"})

    result = await _act(quoting, [RecordingEdit(), read])

    assert result.text.endswith("It is only an example.") and quoting.remaining == 0


# --- a reply that only writes the result back (domain/model_replies/echoed_results.py) --------------------------------

async def test_a_reply_repeating_the_result_is_sent_back_once_and_the_next_reply_is_the_answer():
    model = ScriptedChatModel([Call("file_read", {"path": "notes.md"}), "ship on Friday\n</tool_response>",
                               "notes.md says to ship on Friday."])

    result = await _act(model, [TextRead({"notes.md": "ship on Friday\n"})])

    told = model.requests[2].messages[-1]
    assert told.role == "user" and told.text.startswith("Your reply repeated a tool's result instead of answering")
    assert result.text == "notes.md says to ship on Friday." and model.remaining == 0


async def test_a_second_repeat_without_markup_is_taken_as_the_answer():
    repeat = "ship on Friday at noon\nwith the release notes\nand the changelog"
    model = ScriptedChatModel([Call("file_read", {"path": "notes.md"}), repeat, repeat])

    result = await _act(model, [TextRead({"notes.md": repeat + "\n"})])

    assert result.text == repeat and model.remaining == 0


async def test_a_reply_writing_back_the_error_of_an_unknown_tool_gets_the_echo_note():
    echoed = "```\nunknown tool 'file_settings'; the tools offered are: file_read\n```"
    model = ScriptedChatModel([Call("file_settings", {"path": "inventory/settings.py"}), echoed, "The port is 8731."])

    result = await _act(model, [TextRead({"inventory/settings.py": "PORT = 8731\n"})])

    assert model.requests[2].messages[-1].text.startswith("Your reply repeated a tool's result instead of answering")
    assert result.text == "The port is 8731."


async def test_a_reply_quoting_a_tools_own_failure_is_an_answer():
    model = ScriptedChatModel([Call("broken_read", {"path": "a.py"}), "placeholder"])
    await _act(model, [RaisingTool()])
    failure = model.requests[1].tool_results()
    error = next(iter(failure.values()))
    again = ScriptedChatModel([Call("broken_read", {"path": "a.py"}), error])

    result = await _act(again, [RaisingTool()])

    assert len(error.split()) >= 8 and result.text == error and again.remaining == 0


# --- a reply that only writes the prompt back (domain/model_replies/echoed_results.py) --------------------------------

async def test_a_reply_repeating_the_prompt_is_sent_back_once_and_the_next_reply_is_the_answer():
    request = ChatMessage.user("<system-reminder>\nContext in use: 21% of the window.\n</system-reminder>\n\n"
                               "## The request\n\nOn which port does it listen?")
    model = ScriptedChatModel([Call("file_read", {"path": "/settings.py"}), request.text,
                               "It listens on 8731."])

    result = await act("You are a test.", [request],
                       ActContext([TextRead({"settings.py": "PORT = 8731\n"})], UNLIMITED, FakePermissionGate(), model,
                                  FakeClock()))

    told = model.requests[2].messages[-1]
    assert told.role == "user" and told.text.startswith("Your reply repeated the instructions you were given")
    assert result.text == "It listens on 8731." and model.remaining == 0


async def test_a_second_reply_writing_the_harness_text_back_is_not_shown_a_sentence_is():
    request = ChatMessage.user("<system-reminder>\nContext in use: 21% of the window.\n</system-reminder>\n\n"
                               "## The request\n\nOn which port does it listen?")
    model = ScriptedChatModel([request.text, request.text])

    result = await act("You are a test.", [request],
                       ActContext([TextRead({})], UNLIMITED, FakePermissionGate(), model, FakeClock()))

    assert result.text.startswith("The model's answer only repeated the instructions it was given, so it is not "
                                  "shown.")
    assert "system-reminder" not in result.text and model.remaining == 0


async def test_a_prompt_echo_and_a_result_echo_each_have_their_own_note():
    request = ChatMessage.user("## The request\n\nWhat do the notes say about the release date?\n"
                               "The host may ask the person before a call runs.")
    repeat = "## The request\nWhat do the notes say about the release date?\n" \
             "The host may ask the person before a call runs."
    model = ScriptedChatModel([repeat, Call("file_read", {"path": "notes.md"}), "ship\n</tool_response>",
                               "The notes say to ship."])

    result = await act("You are a test.", [request],
                       ActContext([TextRead({"notes.md": "ship\n"})], UNLIMITED, FakePermissionGate(), model,
                                  FakeClock()))

    notes = [m.text.split(" instead")[0] for m in model.requests[-1].messages if m.role == "user"][1:]
    assert notes == ["Your reply repeated the instructions you were given", "Your reply repeated a tool's result"]
    assert result.text == "The notes say to ship." and model.remaining == 0


async def test_an_imagined_result_after_the_nothing_ran_note_gets_the_echo_note_once_then_the_reply_stands():
    read = TextRead({"settings.py": "PORT = 8731\n"})
    imagined = "<tool_response>\nPORT = 1234\n</tool_response>"
    model = ScriptedChatModel([Call("file_read", {"path": "settings.py"}), READ_THEN_TALK, imagined, imagined])

    result = await _act(model, [read])

    told = [m.text for m in model.requests[-1].messages if m.role == "user"][1:]
    assert told[0].startswith("Nothing ran") and told[1].startswith("Your reply repeated a tool's result")
    assert result.text == imagined and model.remaining == 0  # the echo stand-in is gone (docs/models.md)


async def test_an_answer_naming_the_result_tag_after_a_note_is_the_answer():
    read = TextRead({"settings.py": "PORT = 8731\n"})
    answer = "The template wraps each result in a `<tool_response>` tag; the port is 8731."
    model = ScriptedChatModel([Call("file_read", {"path": "settings.py"}), READ_THEN_TALK, answer])

    result = await _act(model, [read])

    assert result.text == answer and model.remaining == 0


async def test_a_reply_made_of_a_piece_of_the_loops_own_note_gets_the_echo_note_then_a_sentence():
    echo = "To use a tool, end your reply with the call alone; its result comes back in the next message."
    model = ScriptedChatModel([READ_THEN_TALK, echo, echo])

    result = await _act(model, [TextRead({"settings.py": "PORT = 8731\n"})])

    told = model.requests[2].messages[-1]
    assert told.role == "user" and told.text.startswith("Your reply repeated the instructions you were given")
    assert result.text.startswith("The model's answer only repeated the instructions it was given")
    assert model.remaining == 0


async def test_a_read_that_already_ran_written_mid_reply_again_is_not_rerun_the_model_is_told_its_result_is_above():
    read = TextRead({"settings.py": "PORT = 8731\n"})
    model = ScriptedChatModel([READ_THEN_TALK, Call("file_read", {"path": "settings.py"}), READ_THEN_TALK,
                               "It listens on 8731."])

    result = await _act(model, [read])

    told = model.requests[3].messages[-1]
    assert told.role == "user" and told.text.startswith("That file_read call already ran in this turn")
    assert len(result.calls) == 1 and result.text == "It listens on 8731." and model.remaining == 0


async def test_after_both_notes_a_read_that_already_ran_runs_again_as_insisted():
    read = TextRead({"settings.py": "PORT = 8731\n"})
    model = ScriptedChatModel([READ_THEN_TALK, Call("file_read", {"path": "settings.py"}), READ_THEN_TALK,
                               READ_THEN_TALK, "It listens on 8731."])

    result = await _act(model, [read])

    assert len(result.calls) == 2 and result.text == "It listens on 8731." and model.remaining == 0
