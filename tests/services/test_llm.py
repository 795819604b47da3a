"""The Llm facade: act, complete and extract over the scripted model, and the usage each call records."""

import dataclasses

import pytest
from pydantic import BaseModel, Field, model_validator

from orkeon_engine.domain.context.answer_limits import DEFAULT_ANSWER_TOKENS, EXTRACT_ANSWER_TOKENS
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatReply, Usage
from orkeon_engine.ports.chat_model import AnswerCut, LlmFailure
from orkeon_engine.services.context_window import WindowChoice
from orkeon_engine.services.llm import ExtractFailure, Llm
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_usage_ledger import FakeUsageLedger
from tests.support.scripted_chat_model import Call, ScriptedChatModel
from tests.support.tiny_tools import ConcurrencyProbe, ProbeRead


class Judgement(BaseModel):
    verdict: str
    score: int


class Ranking(BaseModel):
    """Names ranked, the first among them: a rule no JSON schema can state."""

    names: list[str]
    first: str

    @model_validator(mode="after")
    def _first_is_ranked(self) -> "Ranking":
        if self.first not in self.names:
            raise ValueError(f"first names {self.first!r}, which is not among the names")
        return self


async def _llm(model, ledger=None, logger=None, command="review"):
    session = await CurrentSession.open(FakeSessionStore())
    return Llm(model, FakeClock(), session=session, ledger=ledger or FakeUsageLedger(), logger=logger,
               command=command)


async def test_complete_sends_the_system_and_the_user_message_and_no_tools():
    model = ScriptedChatModel(["a summary"])
    llm = await _llm(model)

    text = await llm.complete("Summarise.", "the transcript")

    assert text == "a summary"
    request = model.requests[0]
    assert [(m.role, m.text) for m in request.messages] == [("system", "Summarise."), ("user", "the transcript")]
    assert request.tools == ()


async def test_complete_passes_the_call_options_through():
    model = ScriptedChatModel(["ok"])
    llm = await _llm(model)

    await llm.complete("s", "u", CallOptions(reasoning_effort="high", max_tokens=50, model="other/model"))

    assert model.requests[0].options == CallOptions(reasoning_effort="high", max_tokens=50, model="other/model")


async def test_extract_returns_the_validated_model_from_a_fenced_answer():
    model = ScriptedChatModel(['Here it is:\n```json\n{"verdict": "VALID", "score": 3}\n```'])
    llm = await _llm(model)

    found = await llm.extract("Judge.", "the diff", Judgement)

    assert found == Judgement(verdict="VALID", score=3)
    assert '"score"' in model.requests[0].system


async def test_extract_repairs_once_with_the_validation_error():
    model = ScriptedChatModel(['{"verdict": "VALID", "score": "many"}', '{"verdict": "VALID", "score": 2}'])
    llm = await _llm(model)

    found = await llm.extract("Judge.", "the diff", Judgement)

    assert found.score == 2
    repair = model.requests[1].messages[-1]
    assert repair.role == "user" and "- score:" in repair.text
    assert model.requests[1].messages[-2].text == '{"verdict": "VALID", "score": "many"}'


async def test_extract_fails_after_the_repair_round_with_the_problems_and_the_last_answer():
    model = ScriptedChatModel(["no JSON here", '{"verdict": "VALID"}'])
    llm = await _llm(model)

    with pytest.raises(ExtractFailure) as failure:
        await llm.extract("Judge.", "the diff", Judgement)

    assert "did not fit Judgement after one repair round" in str(failure.value)
    assert "score" in failure.value.problems and failure.value.text == '{"verdict": "VALID"}'
    assert len(model.requests) == 2


async def test_extract_asks_for_the_models_schema_as_strict_structured_output():
    model = ScriptedChatModel(['{"verdict": "VALID", "score": 3}'])
    llm = await _llm(model)

    await llm.extract("Judge.", "the diff", Judgement)

    wanted = model.requests[0].options.structured
    assert (wanted.name, wanted.strict) == ("Judgement", True)
    assert wanted.schema["required"] == ["verdict", "score"] and wanted.schema["additionalProperties"] is False


async def test_extract_keeps_the_callers_options_beside_the_schema():
    model = ScriptedChatModel(['{"verdict": "VALID", "score": 3}'])
    llm = await _llm(model)

    await llm.extract("Judge.", "the diff", Judgement, CallOptions(max_tokens=99))

    assert model.requests[0].options.max_tokens == 99


async def test_extract_asks_for_temperature_zero_unless_its_caller_names_one():
    model = ScriptedChatModel(['{"verdict": "VALID", "score": 3}', '{"verdict": "VALID", "score": 4}'])
    llm = await _llm(model)

    await llm.extract("Judge.", "the diff", Judgement)
    await llm.extract("Judge.", "the diff", Judgement, CallOptions(temperature=0.7))

    assert [r.options.temperature for r in model.requests] == [0.0, 0.7]


async def test_complete_leaves_the_temperature_to_the_provider():
    model = ScriptedChatModel(["an answer"])
    llm = await _llm(model)

    await llm.complete("Say.", "something")

    assert model.requests[0].options.temperature is None


async def test_an_answer_shaped_by_the_server_that_does_not_fit_fails_without_a_repair_round():
    model = ScriptedChatModel(['{"verdict": "VALID"}'], structured_way="json_schema")
    llm = await _llm(model)

    with pytest.raises(ExtractFailure) as failure:
        await llm.extract("Judge.", "the diff", Judgement)

    assert len(model.requests) == 1
    assert "though asked through json_schema" in str(failure.value) and failure.value.way == "json_schema"


@pytest.mark.parametrize("way", ["json_schema", "tool"])
async def test_an_answer_shaped_by_the_server_breaking_only_a_validators_rule_gets_the_repair_round(way):
    broken, fixed = {"names": ["ann", "bo"], "first": "cy"}, {"names": ["ann", "bo"], "first": "bo"}
    model = ScriptedChatModel([Call("Ranking", broken), Call("Ranking", fixed)] if way == "tool" else
                              ['{"names": ["ann", "bo"], "first": "cy"}', '{"names": ["ann", "bo"], "first": "bo"}'],
                              structured_way=way)
    llm = await _llm(model)

    found = await llm.extract("Rank.", "the people", Ranking)

    assert found == Ranking(names=["ann", "bo"], first="bo")
    said, repair = model.requests[1].messages[-2:]
    assert said.role == "assistant" and said.tool_calls == () and '"first": "cy"' in said.text
    assert "which is not among the names" in repair.text


class Short(BaseModel):
    word: str = Field(max_length=4)


async def test_an_answer_shaped_by_the_server_over_a_limit_it_left_out_gets_the_repair_round_naming_it():
    model = ScriptedChatModel(['{"word": "toolong"}', '{"word": "ok"}'], structured_way="json_schema")
    llm = await _llm(model)

    assert await llm.extract("Say.", "a word", Short) == Short(word="ok")
    assert "- word: at most 4 characters, was 7: 'toolong'" in model.requests[1].messages[-1].text


async def test_a_forced_tool_calls_arguments_are_the_answer():
    model = ScriptedChatModel([Call("Judgement", {"verdict": "GAPS", "score": 1})], structured_way="tool")
    llm = await _llm(model)

    found = await llm.extract("Judge.", "the diff", Judgement)

    assert found == Judgement(verdict="GAPS", score=1)


async def test_a_tool_way_answered_in_text_is_read_from_the_text():
    model = ScriptedChatModel(['{"verdict": "VALID", "score": 5}'], structured_way="tool")
    llm = await _llm(model)

    found = await llm.extract("Judge.", "the diff", Judgement)

    assert found.score == 5


async def test_every_successful_call_is_recorded_under_the_session_model_and_command():
    ledger = FakeUsageLedger()
    model = ScriptedChatModel(["one"], model="openai/local", usage=Usage(10, 2, cost=None))
    llm = await _llm(model, ledger)

    await llm.complete("s", "u")

    [record] = ledger.records
    assert (record.session_id, record.command, record.model) == (llm.session.id, "review", "openai/local")
    assert record.usage == Usage(10, 2, cost=None)


async def test_a_failed_call_records_nothing():
    ledger = FakeUsageLedger()
    llm = await _llm(ScriptedChatModel([LlmFailure("openai/x: the provider answered 500: boom")]), ledger)

    with pytest.raises(LlmFailure):
        await llm.complete("s", "u")

    assert ledger.records == []


async def test_a_ledger_that_cannot_write_is_logged_and_the_answer_still_returned():
    ledger = FakeUsageLedger()
    ledger.fail_writes = OSError("state.db is read-only")
    logger = FakeLogger()
    llm = await _llm(ScriptedChatModel(["fine"]), ledger, logger)

    text = await llm.complete("s", "u")

    assert text == "fine" and "could not be recorded: state.db is read-only" in logger.text()


async def test_act_records_each_model_turn_and_takes_a_plain_request():
    ledger = FakeUsageLedger()
    model = ScriptedChatModel([Call("probe_read", {"path": "a"}), "done"])
    llm = await _llm(model, ledger)

    result = await llm.act("sys", "read a", [ProbeRead(ConcurrencyProbe())], Budget(), FakePermissionGate())

    assert result.text == "done" and len(ledger.records) == 2
    assert model.requests[0].last_user_text == "read a"


async def test_for_run_records_under_the_new_command():
    ledger = FakeUsageLedger()
    llm = (await _llm(ScriptedChatModel(["x"]), ledger, command="")).for_run("commit")

    await llm.complete("s", "u")

    assert ledger.records[0].command == "commit"


async def test_require_model_says_how_to_configure_when_there_is_no_model():
    llm = await _llm(ScriptedChatModel(not_configured=True))

    with pytest.raises(NotConfiguredError, match="orkeon config set model"):
        await llm.require_model()


async def test_an_act_with_turn_events_streams_the_model_and_records_each_streamed_call():
    from tests.support.doubles.fake_streaming_chat_model import FakeStreamingChatModel
    from tests.support.doubles.fake_turn_events import FakeTurnEvents

    ledger = FakeUsageLedger()
    model = FakeStreamingChatModel(ScriptedChatModel([[Call("probe_read", {"path": "a"})], "read it"]), piece=4)
    llm = await _llm(model, ledger)
    events = FakeTurnEvents()

    await llm.act("s", "go", [ProbeRead(ConcurrencyProbe())], Budget(), FakePermissionGate(), events=events)

    assert model.streamed == 2 and events.texts() == ["read it"]  # a first word alone might be a call's label
    assert len(ledger.records) == 2


def _cut(text: str) -> ChatReply:
    return ChatReply(ChatMessage.assistant(text), Usage(10, 40), "scripted/model", "length")


def _window(window=None, max_output=None, output_source=""):
    async def lookup() -> WindowChoice:
        return WindowChoice(window, "the server's /props (n_ctx)" if window else "", max_output, output_source)

    return lookup


async def test_every_call_carries_a_max_tokens_even_when_nothing_says_the_limit():
    model = ScriptedChatModel(["ok"])
    llm = await _llm(model)

    await llm.complete("s", "u")

    assert model.requests[0].options.max_tokens == DEFAULT_ANSWER_TOKENS


async def test_the_models_output_limit_from_its_facts_is_the_max_tokens():
    model = ScriptedChatModel(["ok"])
    llm = dataclasses.replace(await _llm(model), window=_window(16_384, 1_000, "model.maxOutputTokens (user)"))

    await llm.complete("s", "u")

    assert model.requests[0].options.max_tokens == 1_000


async def test_the_context_the_prompt_leaves_bounds_the_max_tokens():
    model = ScriptedChatModel(["ok"])
    llm = dataclasses.replace(await _llm(model), window=_window(8_192))

    await llm.complete("s", "x" * 4 * 6_000)

    assert model.requests[0].options.max_tokens < 8_192 - 6_000


async def test_the_tool_loops_calls_carry_the_max_tokens_too():
    model = ScriptedChatModel([Call("probe_read", {"path": "a"}), "done"])
    llm = dataclasses.replace(await _llm(model), window=_window(16_384, 2_000, "model.maxOutputTokens (user)"))

    await llm.act("sys", "go", [ProbeRead(ConcurrencyProbe())], Budget(), FakePermissionGate())

    assert [r.options.max_tokens for r in model.requests] == [2_000, 2_000]


async def test_an_extract_is_capped_below_the_models_limit():
    model = ScriptedChatModel(['{"verdict": "VALID", "score": 3}'])
    llm = await _llm(model)

    await llm.extract("Judge.", "the diff", Judgement)

    assert model.requests[0].options.max_tokens == EXTRACT_ANSWER_TOKENS


async def test_an_answer_cut_at_the_limit_is_a_failure_naming_the_tokens_and_the_setting():
    model = ScriptedChatModel([_cut("and so on and so on")])
    llm = dataclasses.replace(await _llm(model), window=_window(16_384, 1_000, "model.maxOutputTokens (project)"))

    with pytest.raises(AnswerCut) as failure:
        await llm.complete("s", "u")

    assert str(failure.value) == ("scripted/model: the model's answer was cut at 1,000 tokens "
                                  "(model.maxOutputTokens), before it was complete")
    assert failure.value.kind == "length" and failure.value.text == "and so on and so on"


async def test_a_cut_answer_of_the_tool_loop_is_the_same_failure():
    model = ScriptedChatModel([_cut("la la la")])
    llm = await _llm(model)

    with pytest.raises(AnswerCut) as failure:
        await llm.act("sys", "go", [], Budget(), FakePermissionGate())

    assert "cut at 4,096 tokens (model.maxOutputTokens unset" in str(failure.value)


async def test_a_cut_extract_is_asked_once_more_for_a_shorter_answer():
    model = ScriptedChatModel([_cut('{"verdict": "VALID", "score'), '{"verdict": "VALID", "score": 1}'])
    llm = await _llm(model)

    found = await llm.extract("Judge.", "the diff", Judgement)

    assert found.score == 1 and len(model.requests) == 2
    first, second = model.requests
    assert second.messages[0] == first.messages[0]
    assert second.last_user_text.startswith("the diff\n\n(Your last answer was cut at 2,048 tokens")


async def test_an_extract_cut_twice_fails_saying_so():
    model = ScriptedChatModel([_cut('{"verdict": "'), _cut('{"verdict": "')], structured_way="json_schema")
    llm = await _llm(model)

    with pytest.raises(AnswerCut) as failure:
        await llm.extract("Judge.", "the diff", Judgement)

    assert str(failure.value) == ("scripted/model: the model's answer was cut at 2,048 tokens (the most a Judgement "
                                  "answer may take), before it was complete, and again when asked for a shorter "
                                  "answer")
    assert len(model.requests) == 2
