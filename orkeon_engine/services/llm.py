"""Llm: the facade the crews and commands use over the ChatModel: `act` (the tool loop), `complete` (one
answer, no tools) and `extract` (JSON validated against a pydantic model).

`extract` asks for the model's JSON schema as structured output (CallOptions.structured): the adapter
picks the way (`model.structuredOutput`: response_format, a forced tool call, or the prompt) and says which
it used. The schema is in the instructions too, so every way reads the same prompt. An answer shaped by
the server (json_schema, tool) is validated once, unless it breaks only a rule of the model's validators
that no schema can state (then it gets the repair round, its JSON sent back as text); an answer asked
through the prompt gets one repair round.

Every call carries a max_tokens (domain/context/answer_limits.py): the model's output limit from its facts (`window`,
the same WindowChoice /context shows), bounded by the context the prompt leaves, and for an extract by its
cap (EXTRACT_ANSWER_TOKENS, or the less its caller asks). An answer the provider cut there is an AnswerCut
naming the limit and the bound that set it, never taken as whole; an extract's cut answer gets one more
round asking for a shorter answer, and a second cut is the AnswerCut.

An extract asks for temperature EXTRACT_TEMPERATURE unless its caller names one: a JSON answer reads the
material it is given, sampling only adds noise to it, and at 0 the same question gets the same answer on a
local server (whose own default is 0.8), so one run can be compared with the next. A provider that refuses
the parameter never sees it (litellm's drop_params).

Every successful model call is recorded in the usage ledger under the session, the model and the
running command; a failed call records nothing. `for_run` binds the facade to one command run (its name
and its progress line), which Deps.for_run does for every run the engine starts. A facade carrying a
`spawner` offers spawn_agent to every act it runs (the engine's does; a child's never does).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # pydantic loads with the first extract, not at start-up
    from pydantic import BaseModel, ValidationError

from orkeon_engine.domain.context.answer_limits import (
    EXTRACT_ANSWER_TOKENS,
    AnswerLimit,
    answer_limit,
    cut_text,
    was_cut,
)
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.model.usage import UsageRecord
from orkeon_engine.ports.chat_model import AnswerCut, ChatModel, TextSink
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.turn_events import TurnEvents
from orkeon_engine.ports.usage_ledger import UsageLedger
from orkeon_engine.services.session_io import CurrentSession

if TYPE_CHECKING:  # the tools, the tool loop, pydantic and the conversation's values (domain/model/chat.py) load with
    # the first call, not at start-up: a status builds this facade and never calls it
    from orkeon_engine.domain.model.act import ActResult, Budget
    from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatReply
    from orkeon_engine.domain.model.structured_output import StructuredOutput
    from orkeon_engine.domain.model_replies.prompt_tool_protocol import ToolProtocol
    from orkeon_engine.ports.permission_gate import PermissionGate
    from orkeon_engine.services.context_window import WindowChoice
    from orkeon_engine.services.hooks import TurnHooks
    from orkeon_engine.tools.base import Tool
    from orkeon_engine.tools.spawn_agent import Spawner

ModelT = TypeVar("ModelT", bound="BaseModel")
WindowSource = Callable[[], Awaitable["WindowChoice"]]
"""The model's window and output limit (services/context_window.resolve_context_window over the settings)."""

EXTRACT_TEMPERATURE = 0.0
"""The temperature of every extract whose caller names none (the module docstring)."""
JSON_INSTRUCTION = (
    "Answer with a single JSON object and nothing else: no prose before or after it, no code fence. "
    "It must validate against this JSON schema:\n{schema}"
)
SHORTER_INSTRUCTION = (
    "(Your last answer was cut at {tokens:,} tokens, before its JSON object ended. Answer again with a "
    "complete and much shorter JSON object: fewer items, and a sentence or two for each text.)"
)
REPAIR_INSTRUCTION = (
    "That answer does not validate against the schema:\n{problems}\n"
    "Send the corrected JSON object only."
)


class ExtractFailure(CommandFailedError):
    """The model's answer did not validate (after one repair round, when it was asked through the prompt);
    the problems, the last text, and the way the JSON was asked for."""

    def __init__(self, model_type: str, problems: str, text: str, way: str = "prompt") -> None:
        first = problems.splitlines()[0].lstrip("- ") if problems else "no JSON found"
        after = "after one repair round" if way == "prompt" else f"though asked through {way}"
        super().__init__(f"the model's answer did not fit {model_type} {after} ({first})")
        self.model_type = model_type
        self.problems = problems
        self.text = text
        self.way = way


@dataclasses.dataclass(frozen=True)
class Llm:
    """The model, its bookkeeping and the run it serves."""

    model: ChatModel
    clock: Clock
    session: CurrentSession | None = None
    ledger: UsageLedger | None = None
    logger: Logger | None = None
    progress: Progress | None = None
    command: str = ""
    spawner: Spawner | None = None
    """What starts a child when the model calls spawn_agent; None offers no spawn_agent (a child's model)."""
    run: str = ""
    """The run this facade serves, as a child names its parent (`/assistant (t2)`)."""
    window: WindowSource | None = None
    """The model's window and output limit, which bound each call's max_tokens (None: both unknown)."""

    def for_run(self, command: str, progress: Progress | None = None) -> Llm:
        """The same facade, recording under `command` and reporting on `progress` (when given)."""
        return dataclasses.replace(self, command=command, progress=progress or self.progress)

    async def require_model(self, options: CallOptions | None = None) -> str:
        """The model a call would use, or NotConfiguredError saying how to configure one (nothing is sent)."""
        from orkeon_engine.domain.model.chat import CallOptions

        return await self.model.configured_model(options or CallOptions())

    async def act(self, system: str, messages: str | Sequence[ChatMessage], tools: Sequence[Tool[Any]],
                  budget: Budget, gate: PermissionGate, options: CallOptions | None = None,
                  events: TurnEvents | None = None, hooks: TurnHooks | None = None) -> ActResult:
        """The tool loop (services/act.py) over this model; a string is one user message. `events` hears
        the turn as it goes (the model's text streamed, the calls checked, started, finished); `hooks` runs
        the PostToolUse hooks of the assistant's turn."""
        from orkeon_engine.domain.model.chat import CallOptions, ChatMessage
        from orkeon_engine.services import act as tool_loop
        from orkeon_engine.services.act_context import ActContext

        history = [ChatMessage.user(messages)] if isinstance(messages, str) else list(messages)
        parent = self.run or (f"/{self.command}" if self.command else "")
        context = ActContext(tools, budget, gate, _Recorded(self), self.clock, options=options or CallOptions(),
                             progress=self.progress, logger=self.logger, events=events, hooks=hooks,
                             spawner=self.spawner, parent=parent)
        return await tool_loop.act(system, history, context)

    async def complete(self, system: str, user: str, options: CallOptions | None = None) -> str:
        """One answer to `user` under the instructions `system`, no tools offered."""
        return (await self.reply(system, user, options)).message.text

    async def reply(self, system: str, user: str, options: CallOptions | None = None) -> ChatReply:
        """`complete`'s whole reply: the text with the call's usage and model."""
        return await self._call(_conversation(system, user), options)

    async def extract(self, system: str, user: str, model_type: type[ModelT],
                      options: CallOptions | None = None) -> ModelT:
        """A `model_type` read from the model's JSON answer, asked as structured output; ExtractFailure when
        it does not fit (after one repair round for the prompt way), AnswerCut when it was cut twice. Its
        answer may take EXTRACT_ANSWER_TOKENS, or `options.max_tokens` when that is less."""
        from pydantic import ValidationError

        from orkeon_engine.domain.model.chat import CallOptions, ChatMessage
        from orkeon_engine.domain.model.structured_output import ENFORCED_WAYS, structured_output
        from orkeon_engine.domain.model_replies.model_json import describe_validation_error

        schema = model_type.model_json_schema()
        wanted = structured_output(model_type.__name__, schema, model_type.__doc__ or "")
        options = options or CallOptions()
        cap = min(options.max_tokens or EXTRACT_ANSWER_TOKENS, EXTRACT_ANSWER_TOKENS)
        temperature = EXTRACT_TEMPERATURE if options.temperature is None else options.temperature
        options = dataclasses.replace(options, structured=wanted, max_tokens=cap, temperature=temperature)
        cap_source = f"the most a {model_type.__name__} answer may take"
        instructions = JSON_INSTRUCTION.format(schema=json.dumps(schema, ensure_ascii=False))
        conversation = _conversation(f"{system}\n\n{instructions}" if system else instructions, user)
        try:
            reply = await self._call(conversation, options, cap_source)
        except AnswerCut as cut:
            reply = await self._shorter(conversation, options, cap_source, cut)
        text = answer_text(reply, wanted)
        try:
            return _validate(model_type, text)
        except ValidationError as error:
            problems = describe_validation_error(error)
            only_rules = _breaks_only_rules(error)
        if reply.structured_way in ENFORCED_WAYS and not only_rules:
            raise ExtractFailure(model_type.__name__, problems, text, str(reply.structured_way))
        said = reply.message if reply.structured_way not in ENFORCED_WAYS else ChatMessage.assistant(text)
        conversation += [said, ChatMessage.user(REPAIR_INSTRUCTION.format(problems=problems))]
        repaired = await self._call(conversation, options, cap_source)
        try:
            return _validate(model_type, answer_text(repaired, wanted))
        except ValidationError as error:
            raise ExtractFailure(model_type.__name__, describe_validation_error(error),
                                 answer_text(repaired, wanted)) from None

    async def _shorter(self, conversation: list[ChatMessage], options: CallOptions, cap_source: str,
                       cut: AnswerCut) -> ChatReply:
        """The same question once more, its last message asking for a shorter answer (the prompt's start
        unchanged, so a server's prompt cache keeps it); a second cut raises its AnswerCut, said so."""
        from orkeon_engine.domain.model.chat import ChatMessage

        last = conversation[-1]
        shorter = SHORTER_INSTRUCTION.format(tokens=cut.tokens)
        asked = [*conversation[:-1], ChatMessage.user(f"{last.text}\n\n{shorter}")]
        try:
            return await self._call(asked, options, cap_source)
        except AnswerCut as again:
            raise AnswerCut(f"{again}, and again when asked for a shorter answer", again.model, again.tokens,
                            again.text) from None

    async def _call(self, messages: list[ChatMessage], options: CallOptions | None, cap_source: str = "") -> ChatReply:
        from orkeon_engine.domain.model.chat import CallOptions

        return await _Recorded(self, cap_source).chat(messages, [], options or CallOptions())

    async def answer_limit(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                           options: CallOptions, cap_source: str = "") -> AnswerLimit:
        """The max_tokens of a call of these messages, tools and options (domain/context/answer_limits.py)."""
        choice = await self.window() if self.window is not None else None
        return answer_limit(
            prompt_chars(messages, tools, options),
            window=choice.window if choice is not None else None,
            max_output=choice.max_output if choice is not None else None,
            output_source=choice.output_source if choice is not None else "",
            requested=options.max_tokens,
            requested_source=cap_source or "the call's own limit",
        )

    async def record(self, reply: ChatReply) -> None:
        """Put one successful call in the ledger; a bookkeeping failure is logged, never raised."""
        if self.ledger is None or self.session is None:
            return
        entry = UsageRecord(self.session.id, self.command, reply.model, reply.usage, self.clock.now())
        try:
            await self.ledger.record(entry)
        except OSError as error:
            if self.logger is not None:
                self.logger.warning(f"the usage of a {reply.model} call could not be recorded: {error}")


class _Recorded:
    """The ChatModel seen through the facade: every call gets its max_tokens, every reply it returns is
    recorded first, and a reply cut at the limit raises AnswerCut. It streams when the model underneath can
    (and hands the whole text over at the end when it cannot)."""

    def __init__(self, llm: Llm, cap_source: str = "") -> None:
        self._llm = llm
        self._cap_source = cap_source

    async def chat(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                   options: CallOptions) -> ChatReply:
        limit = await self._llm.answer_limit(messages, tools, options, self._cap_source)
        reply = await self._llm.model.chat(messages, tools, dataclasses.replace(options, max_tokens=limit.tokens))
        await self._llm.record(reply)
        return _whole(reply, limit)

    async def chat_streamed(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                            options: CallOptions, on_text: TextSink) -> ChatReply:
        limit = await self._llm.answer_limit(messages, tools, options, self._cap_source)
        bounded = dataclasses.replace(options, max_tokens=limit.tokens)
        from orkeon_engine.services import act as tool_loop

        reply = await tool_loop.stream_chat(self._llm.model, messages, tools, bounded, on_text)
        await self._llm.record(reply)
        return _whole(reply, limit)

    async def configured_model(self, options: CallOptions) -> str:
        return await self._llm.model.configured_model(options)

    async def tool_protocol(self, options: CallOptions) -> ToolProtocol:
        return await self._llm.model.tool_protocol(options)


def _whole(reply: ChatReply, limit: AnswerLimit) -> ChatReply:
    """The reply, unless the provider cut it at the limit: then the AnswerCut saying so."""
    if was_cut(reply.finish_reason):
        raise AnswerCut(cut_text(reply.model, limit), reply.model, limit.tokens, reply.message.text, reply.usage)
    return reply


def prompt_chars(messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]], options: CallOptions) -> int:
    """The characters a call sends the model to read: its messages, its tools' specs, the asked schema."""
    size = sum(len(m.text) + sum(len(c.name) + len(c.arguments) for c in m.tool_calls) for m in messages)
    if tools:
        size += len(json.dumps(list(tools), ensure_ascii=False, default=str))
    if options.structured is not None:
        size += len(json.dumps(options.structured.schema, ensure_ascii=False, default=str))
    return size


def _conversation(system: str, user: str) -> list[ChatMessage]:
    from orkeon_engine.domain.model.chat import ChatMessage

    return ([ChatMessage.system(system)] if system else []) + [ChatMessage.user(user)]


def answer_text(reply: ChatReply, wanted: StructuredOutput) -> str:
    """The JSON text of an answer: the arguments of the forced tool's call when the way was `tool` (the
    text when the server answered in text after all), else the message's text."""
    if reply.structured_way == "tool":
        calls = reply.message.tool_calls
        chosen = next((c for c in calls if c.name == wanted.name), calls[0] if calls else None)
        if chosen is not None:
            return chosen.arguments
    return reply.message.text


def _breaks_only_rules(error: ValidationError) -> bool:
    """Whether every problem is a rule the model type's validators state and no JSON schema can (a rule
    naming a use case that does not exist), or a limit some servers leave out of their grammar (a length,
    a pattern, a count, a bound: llama.cpp drops a maxLength beside a pattern, Ollama keeps the shape alone):
    a server that shaped the answer to the schema can still break one, and the repair round tells it which.
    A wrong shape (a field missing, a wrong type) is the server not enforcing at all, and fails at once."""
    return all(problem.get("type") in _RULE_ERRORS for problem in error.errors())


_RULE_ERRORS = frozenset({"value_error", "assertion_error", "string_too_long", "string_too_short",
                          "string_pattern_mismatch", "too_short", "too_long", "greater_than_equal",
                          "less_than_equal", "greater_than", "less_than"})


def _validate(model_type: type[ModelT], text: str) -> ModelT:
    from orkeon_engine.domain.model_replies.model_json import json_candidate

    return model_type.model_validate_json(json_candidate(text))
