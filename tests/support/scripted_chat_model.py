"""ScriptedChatModel: the ChatModel port playing scripted turns, for the tests of the tool loop, the Llm
facade and the crews.

Each call takes the next turn of the script. A turn is one of:

- a `str`: an assistant answer with that text and no tool call;
- a `Call` or a list of `Call`s: an assistant message asking for those tool calls (ids `call_<n>_<i>`
  unless given); `Turn(text, calls, usage)` says all three;
- a `ChatReply`: returned as it is;
- an exception instance (an `LlmFailure`, ...): raised;
- a function of the `ChatRequest` (sync or async) returning any of the above, to answer from what was sent.

`structured_way` plays a server that shapes JSON answers: when set, a reply to a call asking for
structured output (CallOptions.structured) says it was asked that way (`tool`: give the JSON as a `Call`
of the schema's name). Every call is kept in `requests` (messages, tool specs, options). `max_active` is
the highest number of calls seen in flight at once; set `hold` to an asyncio.Event to keep every call
waiting until it is set. A call with no turn left fails the test with an AssertionError naming the request.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatReply, ToolCallRequest, Usage
from orkeon_engine.domain.model.structured_output import StructuredWay
from orkeon_engine.services.model_settings import HOW_TO_CONFIGURE

DEFAULT_USAGE = Usage(input_tokens=100, output_tokens=20, cost=0.001)


@dataclass(frozen=True)
class Call:
    """A tool call the scripted model asks for; `arguments` as an object, or a string sent as is."""

    name: str
    arguments: dict[str, Any] | str = field(default_factory=dict)
    id: str | None = None


@dataclass(frozen=True)
class Turn:
    """A whole scripted assistant message: text, tool calls, and its usage (the model's default if None)."""

    text: str = ""
    calls: tuple[Call, ...] = ()
    usage: Usage | None = None


@dataclass(frozen=True)
class ChatRequest:
    """One call as the model received it."""

    messages: tuple[ChatMessage, ...]
    tools: tuple[dict[str, Any], ...]
    options: CallOptions

    @property
    def tool_names(self) -> list[str]:
        return [spec["function"]["name"] for spec in self.tools]

    @property
    def system(self) -> str:
        return next((m.text for m in self.messages if m.role == "system"), "")

    @property
    def last_user_text(self) -> str:
        return next((m.text for m in reversed(self.messages) if m.role == "user"), "")

    def tool_results(self) -> dict[str, str]:
        """The tool messages of the request, by tool call id."""
        return {m.tool_call_id or "": m.text for m in self.messages if m.role == "tool"}


Script: TypeAlias = str | Call | list[Call] | Turn | ChatReply | BaseException | Callable[[ChatRequest], Any]
"""A turn, or a function of the request returning (or awaiting to) a turn."""


class ScriptedChatModel:
    def __init__(self, turns: Iterable[Script] = (), model: str = "scripted/model",
                 usage: Usage = DEFAULT_USAGE, hold: asyncio.Event | None = None,
                 not_configured: bool = False, structured_way: StructuredWay | None = None,
                 tool_protocol: str = "native") -> None:
        self.turns: list[Script] = list(turns)
        self.protocol = tool_protocol
        self.structured_way = structured_way
        self.model = model
        self.usage = usage
        self.hold = hold
        self.not_configured = not_configured
        self.requests: list[ChatRequest] = []
        self.active = 0
        self.max_active = 0

    def add(self, *turns: Script) -> None:
        self.turns.extend(turns)

    @property
    def remaining(self) -> int:
        return len(self.turns)

    async def configured_model(self, options: CallOptions) -> str:
        if self.not_configured:
            raise NotConfiguredError(HOW_TO_CONFIGURE)
        return options.model or self.model

    async def tool_protocol(self, options: CallOptions) -> str:
        """`native`, or `prompt` for a model played as one without function calling (`tool_protocol=`)."""
        await self.configured_model(options)
        return self.protocol

    async def chat(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                   options: CallOptions) -> ChatReply:
        model = await self.configured_model(options)
        request = ChatRequest(tuple(messages), tuple(tools), options)
        self.requests.append(request)
        number = len(self.requests)
        self.active += 1
        self.max_active = max(self.max_active, self.active)
        try:
            if self.hold is not None:
                await self.hold.wait()
            else:
                await asyncio.sleep(0)  # let concurrent callers overlap, so max_active can see them
            if not self.turns:
                raise AssertionError(f"ScriptedChatModel: no turn left for request #{number} "
                                     f"(last user message: {request.last_user_text[:200]!r})")
            turn = self.turns.pop(0)
            reply = await self._play(turn, request, number, model)
            if self.structured_way is not None and options.structured is not None:
                reply = dataclasses.replace(reply, structured_way=self.structured_way)
            return reply
        finally:
            self.active -= 1

    async def _play(self, turn: Script, request: ChatRequest, number: int, model: str) -> ChatReply:
        while callable(turn) and not isinstance(turn, BaseException):
            produced = turn(request)
            turn = await produced if inspect.isawaitable(produced) else produced
        if isinstance(turn, BaseException):
            raise turn
        if isinstance(turn, ChatReply):
            return turn
        if isinstance(turn, str):
            turn = Turn(turn)
        elif isinstance(turn, Call):
            turn = Turn(calls=(turn,))
        elif isinstance(turn, list):
            turn = Turn(calls=tuple(turn))
        calls = tuple(_request(call, number, index) for index, call in enumerate(turn.calls))
        return ChatReply(ChatMessage.assistant(turn.text, calls), turn.usage or self.usage, model,
                         "tool_calls" if calls else "stop")


def _request(call: Call, number: int, index: int) -> ToolCallRequest:
    arguments = call.arguments if isinstance(call.arguments, str) else json.dumps(call.arguments)
    return ToolCallRequest(call.id or f"call_{number}_{index}", call.name, arguments)
