import pytest

from orkeon_engine.commands.settings.advisor import ARGS, run_advisor
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_usage_ledger import FakeUsageLedger
from tests.support.scripted_chat_model import ScriptedChatModel

ADVISOR = '{"advisor.model": "anthropic/claude-haiku-4-5"}'


def _args(*tokens):
    return parse_args("advisor", ARGS, list(tokens))


async def _deps(model, files=None, ledger=None):
    deps = await make_deps(chat_model=model, files=files or FakeConfigFiles(user=ADVISOR), ledger=ledger)
    await deps.session.append(BufferEntry("user", "fix the parser"), BufferEntry("assistant", "Changed parser.py:40."))
    return deps


async def test_advisor_asks_the_advisor_model_and_shows_the_advice():
    model = ScriptedChatModel(["1. parser.py:40 drops the last token; add a test."])
    deps = await _deps(model)

    view = await run_advisor(_args(), deps)

    assert model.requests[0].options.model == "anthropic/claude-haiku-4-5"
    assert view.lines == ("1. parser.py:40 drops the last token; add a test.",)
    assert view.document.title == "Second opinion"
    assert view.message == "second opinion from anthropic/claude-haiku-4-5."


async def test_the_advice_is_kept_in_the_conversation_as_advice():
    deps = await _deps(ScriptedChatModel(["Nothing to add."]))

    view = await run_advisor(_args(), deps)

    assert (await deps.session.entries())[-1] == BufferEntry("assistant", "Nothing to add.", kind="advice")
    assert view.data["nothingToAdd"] is True


async def test_a_focus_goes_to_the_model():
    model = ScriptedChatModel(["Nothing to add."])
    deps = await _deps(model)

    await run_advisor(_args("the", "error", "handling"), deps)

    assert model.requests[0].last_user_text.rstrip().endswith("the error handling")


async def test_without_advisor_model_the_sessions_model_answers_and_the_view_says_so():
    model = ScriptedChatModel(["Nothing to add."])
    deps = await _deps(model, files=FakeConfigFiles())

    view = await run_advisor(_args(), deps)

    assert model.requests[0].options.model is None
    assert view.message == "second opinion from scripted/model (advisor.model is unset, so the session's own model " \
                           "answered)."


async def test_the_call_is_recorded_under_the_advisor_command():
    ledger = FakeUsageLedger()
    deps = await _deps(ScriptedChatModel(["Nothing to add."]), ledger=ledger)

    await run_advisor(_args(), deps.for_run("advisor"))

    assert [record.command for record in ledger.records] == ["advisor"]


async def test_no_answer_in_the_conversation_fails_before_any_model_call():
    model = ScriptedChatModel()
    deps = await make_deps(chat_model=model)

    with pytest.raises(CommandFailedError, match="no answer to judge yet"):
        await run_advisor(_args(), deps)

    assert model.requests == []


async def test_no_model_configured_fails_at_once_saying_how_to_configure_one():
    deps = await _deps(ScriptedChatModel(not_configured=True), files=FakeConfigFiles())

    with pytest.raises(NotConfiguredError, match="no model is configured"):
        await run_advisor(_args(), deps)
