from orkeon_engine.commands.session.assistant import ARGS, run_assistant
from orkeon_engine.domain.ui.args import parse_args
from tests.support.deps import make_deps
from tests.support.scripted_chat_model import ScriptedChatModel


async def _run(tokens, *turns, rules=None):
    model = ScriptedChatModel(list(turns))
    deps = (await make_deps(chat_model=model)).for_run("assistant")
    if rules:
        await deps.session.set_state("permissions.rules", rules)
    view = await run_assistant(parse_args("assistant", ARGS, tokens), deps)
    return view, model


async def test_the_answer_is_the_message_and_a_document_with_the_mode_and_the_figures():
    view, model = await _run(["mode:plan", "how", "would", "you", "split", "it?"], "Split it in two:\n- a\n- b")

    assert view.message.startswith("Split it in two:\n- a\n- b\n\n(0 tool calls, 1 model call:")
    assert view.lines[0] == "mode: plan, from the mode: prefix of the request"
    assert view.document.title == "Orkeon: how would you split it?"
    assert view.document.content.startswith("Split it in two:\n- a\n- b\n\n---\n\n- mode: plan")


async def test_a_one_line_answer_is_the_message_alone():
    view, model = await _run(["is", "it", "split?"], "Yes.")

    assert view.message.startswith("Yes.\n\n(") and view.document is None


async def test_the_view_names_what_the_rules_removed():
    view, model = await _run(["list", "the", "files"], "done", rules={"deny": ["file_write"]})

    assert "the rules removed file_write (session) from the tools" in view.lines
    assert view.data["removedTools"] == ["file_write"] and "file_write" not in view.data["offeredTools"]


async def test_a_request_that_looks_like_flags_is_taken_as_words():
    view, model = await _run(["--verbose", "explain", "-x"], "ok")

    assert "## The request\n\n--verbose explain -x" in model.requests[0].last_user_text
