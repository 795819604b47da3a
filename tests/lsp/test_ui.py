"""LspHumanInput and LspLogger against a real client: a choice, no answer, free text, the log; and the
engine's permission gate asking through them."""

from __future__ import annotations

from typing import Any

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from orkeon_engine.domain.tool_call import FileEdit, ToolCall
from orkeon_engine.services.gate import gate_for_run
from tests.support.lsp_session import bare_capabilities, full_capabilities

GATE_ANSWERS = ["Allow once", "Allow for this session", "Always allow: shell_command(git status:*)", "Deny"]


def answering(title: str | None):
    asked: list[types.ShowMessageRequestParams] = []

    def answer(params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
        asked.append(params)
        return None if title is None else types.MessageActionItem(title=title)

    return answer, asked


async def test_a_choice_is_a_show_message_request_with_the_options_as_actions(connect):
    answer, asked = answering("Allow for this session")
    async with connect(features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer}) as (client, server):
        chosen = await server.human.choose("Run `git status`?", GATE_ANSWERS)

    assert chosen == "Allow for this session"
    assert [a.title for a in asked[0].actions] == GATE_ANSWERS and asked[0].message == "Run `git status`?"


async def test_a_dismissed_dialog_is_no_answer(connect):
    answer, _ = answering(None)
    async with connect(features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer}) as (client, server):
        chosen = await server.human.choose("Run `git push`?", GATE_ANSWERS)

    assert chosen is None


async def test_an_answer_that_is_not_an_option_is_no_answer(connect):
    answer, _ = answering("Sure, whatever")
    async with connect(features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer}) as (client, server):
        chosen = await server.human.choose("Run `git push`?", GATE_ANSWERS)

    assert chosen is None


async def test_an_error_answer_is_no_answer(connect):
    def fail(params: types.ShowMessageRequestParams) -> None:
        raise RuntimeError("the dialog crashed")

    async with connect(features={types.WINDOW_SHOW_MESSAGE_REQUEST: fail}) as (client, server):
        chosen = await server.human.choose("Run `git push`?", GATE_ANSWERS)

    assert chosen is None


async def test_a_client_that_declares_no_window_capabilities_is_asked_all_the_same(connect):
    answer, asked = answering("Allow once")
    async with connect(capabilities=bare_capabilities(), features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer}) as (
        client, server,
    ):
        chosen = await server.human.choose("Run `rm -rf build`?", GATE_ANSWERS)

    assert chosen == "Allow once" and asked[0].message == "Run `rm -rf build`?"


async def test_questions_turned_off_ask_nobody_and_say_which_call_went_unasked(connect):
    answer, asked = answering("Allow once")
    async with connect(features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer},
                       initialization_options={"askInEditor": False}) as (client, server):
        chosen = await server.human.choose("Allow shell_command?\n  $ rm -rf build", GATE_ANSWERS)

    assert chosen is None and asked == []
    (said,) = [m.message for m in client.messages if "askInEditor" in m.message]
    assert said.endswith("the safe answer applies: Allow shell_command?")


EDIT = FileEdit("/workspace/cart.py", "TAX = 0.2\n", "TAX = 0.21\n")


async def test_a_client_that_shows_edits_is_asked_with_orkeon_question_and_each_files_new_text(connect):
    asked: list[Any] = []

    def answer(ls: LanguageClient, params: Any) -> dict[str, str]:
        asked.append(params)
        return {"title": "Deny"}

    async with connect(capabilities=full_capabilities(orkeonQuestions=True),
                       features={"orkeon/question": answer}) as (client, server):
        chosen = await server.human.choose("Allow file_write?", GATE_ANSWERS, [EDIT])

    assert chosen == "Deny"
    assert asked[0].message == "Allow file_write?" and [a.title for a in asked[0].actions] == GATE_ANSWERS
    (edit,) = asked[0].edits
    assert (edit.path, edit.uri, edit.oldText, edit.newText) == ("/workspace/cart.py", "file:///repo/cart.py",
                                                                 "TAX = 0.2\n", "TAX = 0.21\n")


async def test_a_generic_client_gets_the_question_without_the_edits(connect):
    answer, asked = answering("Deny")
    async with connect(features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer}) as (client, server):
        await server.human.choose("Allow file_write?", GATE_ANSWERS, [EDIT])

    assert asked[0].message == "Allow file_write?"


async def test_free_text_is_asked_with_orkeon_input_when_the_client_declared_it(connect):
    asked: list[Any] = []

    def answer(ls: LanguageClient, params: Any) -> str:
        asked.append(params)
        return "feature/login"

    async with connect(capabilities=full_capabilities(orkeonInput=True), features={"orkeon/input": answer}) as (
        client, server,
    ):
        text = await server.human.ask_text("Branch name?", default="main")

    assert text == "feature/login"
    assert [(a.question, a.default) for a in asked] == [("Branch name?", "main")]


async def test_free_text_gets_no_answer_from_a_client_that_did_not_declare_it(connect):
    asked: list[object] = []
    async with connect(features={"orkeon/input": lambda params: asked.append(params) or "x"}) as (client, server):
        text = await server.human.ask_text("Branch name?")

    assert text is None and asked == []


async def test_the_log_goes_out_as_log_messages_at_their_level(connect):
    async with connect() as (client, server):
        server.logger.error("it broke")
        server.logger.debug("too quiet for the default level")
        await server.human.choose("nothing to choose", [])

    levels = {m.message: m.type for m in client.log_messages}
    assert levels.get("it broke") == types.MessageType.Error
    assert "too quiet for the default level" not in levels


def shell_call(command: str) -> ToolCall:
    return ToolCall("shell_command", "shell", {"command": command}, command=command)


@pytest.mark.parametrize(("title", "allowed"), [("Allow once", True), ("Deny", False), (None, False)])
async def test_the_permission_gate_asks_in_the_editor_and_follows_the_answer(connect, title, allowed):
    answer, asked = answering(title)
    async with connect(features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer}) as (client, server):
        deps = (await server.engine.get()).deps
        gate = await gate_for_run(deps.gate_ports(), "default")

        verdict = await gate.authorize(shell_call("make release"))

    assert verdict.allowed is allowed
    assert "make release" in asked[0].message
    assert [a.title for a in asked[0].actions] == ["Allow once", "Allow for this session", "Always allow", "Deny"]
    if title is None:
        assert "nobody answered" in verdict.reason


async def test_allow_for_this_session_is_not_asked_again(connect):
    answer, asked = answering("Allow for this session")
    async with connect(features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer}) as (client, server):
        deps = (await server.engine.get()).deps
        gate = await gate_for_run(deps.gate_ports(), "default")

        first = await gate.authorize(shell_call("make release"))
        again = await gate.authorize(shell_call("make release"))

    assert first.allowed and again.allowed and len(asked) == 1


async def test_questions_turned_off_get_the_gate_to_deny(connect):
    async with connect(initialization_options={"askInEditor": False}) as (client, server):
        deps = (await server.engine.get()).deps
        gate = await gate_for_run(deps.gate_ports(), "default")

        verdict = await gate.authorize(shell_call("make release"))

    assert not verdict.allowed and "nobody answered" in verdict.reason


async def test_a_question_with_a_free_answer_offers_one_more_button_then_a_text_box(connect):
    answer, asked = answering("Answer in my own words…")
    typed: list[Any] = []

    def text(ls: LanguageClient, params: Any) -> str:
        typed.append(params)
        return "  Only for members  "

    async with connect(capabilities=full_capabilities(orkeonInput=True),
                       features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer, "orkeon/input": text}) as (client, server):
        given = await server.human.choose_or_write("May a guest save a cart?", ["Yes", "No"])

    assert given == "Only for members"
    assert [a.title for a in asked[0].actions] == ["Yes", "No", "Answer in my own words…"]
    assert typed[0].question.startswith("May a guest save a cart?")


async def test_a_client_without_text_input_is_offered_the_options_alone(connect):
    answer, asked = answering("No")
    async with connect(features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer}) as (client, server):
        given = await server.human.choose_or_write("May a guest save a cart?", ["Yes", "No"])

    assert given == "No" and [a.title for a in asked[0].actions] == ["Yes", "No"]
