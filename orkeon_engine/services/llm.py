"""Llm: the facade the crews and commands use over the ChatModel: `act` (the tool loop), `complete` (one
answer, no tools) and `extract` (JSON validated against a pydantic model).

`extract` asks for the model's JSON schema as structured output (CallOptions.structured): the adapter
picks the way (`model.structuredOutput`: response_format, a forced tool call, or the prompt) and says which
it used. The schema is in the instructions too, so every way reads the same prompt. An answer shaped by
the server (json_schema, tool) is validated once, unless it breaks only a rule of the model's validators
that no schema can state (then it gets the repair round, its JSON sent back as text); an answer asked
through the prompt gets one repair round.

Every successful model call is recorded in the usage ledger under the session, the model and the
running command; a failed call records nothing. `for_run` binds the facade to one command run (its name
and its progress line), which Deps.for_run does for every run the engine starts. A facade carrying a
`spawner` offers spawn_agent to every act it runs (the engine's does; a child's never does).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # pydantic loads with the first extract, not at start-up
    from pydantic import BaseModel, ValidationError

from orkeon_engine.domain.act import ActResult, Budget
from orkeon_engine.domain.chat import CallOptions, ChatMessage, ChatReply
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.model_json import describe_validation_error, json_candidate
from orkeon_engine.domain.prompt_tool_protocol import ToolProtocol
from orkeon_engine.domain.structured_output import ENFORCED_WAYS, StructuredOutput, structured_output
from orkeon_engine.domain.usage import UsageRecord
from orkeon_engine.ports.chat_model import ChatModel, TextSink
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.permission_gate import PermissionGate
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.turn_events import TurnEvents
from orkeon_engine.ports.usage_ledger import UsageLedger
from orkeon_engine.services import act as tool_loop
from orkeon_engine.services.session_io import CurrentSession

if TYPE_CHECKING:  # the tools (and pydantic) load with the first run, not at start-up
    from orkeon_engine.services.hooks import TurnHooks
    from orkeon_engine.tools.base import Tool
    from orkeon_engine.tools.spawn_agent import Spawner

ModelT = TypeVar("ModelT", bound="BaseModel")

JSON_INSTRUCTION = (
    "Answer with a single JSON object and nothing else: no prose before or after it, no code fence. "
    "It must validate against this JSON schema:\n{schema}"
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

    def for_run(self, command: str, progress: Progress | None = None) -> Llm:
        """The same facade, recording under `command` and reporting on `progress` (when given)."""
        return dataclasses.replace(self, command=command, progress=progress or self.progress)

    async def require_model(self, options: CallOptions | None = None) -> str:
        """The model a call would use, or NotConfiguredError saying how to configure one (nothing is sent)."""
        return await self.model.configured_model(options or CallOptions())

    async def act(self, system: str, messages: str | Sequence[ChatMessage], tools: Sequence[Tool[Any]],
                  budget: Budget, gate: PermissionGate, options: CallOptions | None = None,
                  events: TurnEvents | None = None, hooks: TurnHooks | None = None) -> ActResult:
        """The tool loop (services/act.py) over this model; a string is one user message. `events` hears
        the turn as it goes (the model's text streamed, the calls checked, started, finished); `hooks` runs
        the PostToolUse hooks of the assistant's turn."""
        history = [ChatMessage.user(messages)] if isinstance(messages, str) else list(messages)
        parent = self.run or (f"/{self.command}" if self.command else "")
        return await tool_loop.act(system, history, tools, budget, gate, model=_Recorded(self),
                                   clock=self.clock, progress=self.progress, options=options, logger=self.logger,
                                   events=events, spawner=self.spawner, parent=parent, hooks=hooks)

    async def complete(self, system: str, user: str, options: CallOptions | None = None) -> str:
        """One answer to `user` under the instructions `system`, no tools offered."""
        reply = await self._call(_conversation(system, user), options)
        return reply.message.text

    async def extract(self, system: str, user: str, model_type: type[ModelT],
                      options: CallOptions | None = None) -> ModelT:
        """A `model_type` read from the model's JSON answer, asked as structured output; ExtractFailure when
        it does not fit (after one repair round for the prompt way)."""
        from pydantic import ValidationError

        schema = model_type.model_json_schema()
        wanted = structured_output(model_type.__name__, schema, model_type.__doc__ or "")
        options = dataclasses.replace(options or CallOptions(), structured=wanted)
        instructions = JSON_INSTRUCTION.format(schema=json.dumps(schema, ensure_ascii=False))
        conversation = _conversation(f"{system}\n\n{instructions}" if system else instructions, user)
        reply = await self._call(conversation, options)
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
        repaired = await self._call(conversation, options)
        try:
            return _validate(model_type, answer_text(repaired, wanted))
        except ValidationError as error:
            raise ExtractFailure(model_type.__name__, describe_validation_error(error),
                                 answer_text(repaired, wanted)) from None

    async def _call(self, messages: list[ChatMessage], options: CallOptions | None) -> ChatReply:
        return await _Recorded(self).chat(messages, [], options or CallOptions())

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
    """The ChatModel seen through the facade: every reply it returns is recorded first. It streams when the
    model underneath can (and hands the whole text over at the end when it cannot)."""

    def __init__(self, llm: Llm) -> None:
        self._llm = llm

    async def chat(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                   options: CallOptions) -> ChatReply:
        reply = await self._llm.model.chat(messages, tools, options)
        await self._llm.record(reply)
        return reply

    async def chat_streamed(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                            options: CallOptions, on_text: TextSink) -> ChatReply:
        reply = await tool_loop.stream_chat(self._llm.model, messages, tools, options, on_text)
        await self._llm.record(reply)
        return reply

    async def configured_model(self, options: CallOptions) -> str:
        return await self._llm.model.configured_model(options)

    async def tool_protocol(self, options: CallOptions) -> ToolProtocol:
        return await self._llm.model.tool_protocol(options)


def _conversation(system: str, user: str) -> list[ChatMessage]:
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
    return model_type.model_validate_json(json_candidate(text))
