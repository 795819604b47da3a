"""The model conversation as the engine sees it: messages, the tool calls the model asks for, the usage and
cost of a call (its type lives in call_usage.py, below the prices), and the options of one call.

These are plain values; the ChatModel port takes and returns them, and its adapter alone knows a
provider's wire format.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from orkeon_engine.domain.json_nesting import ARGUMENTS_NESTING, nests_deeper_than
from orkeon_engine.domain.model.call_usage import Usage as Usage  # a reply's usage: chat's values name it too
from orkeon_engine.domain.model.pricing import NO_PRICING, Pricing
from orkeon_engine.domain.model.structured_output import StructuredOutput, StructuredWay

ChatRole = Literal["system", "user", "assistant", "tool"]
ReasoningEffort = Literal["minimal", "low", "medium", "high"]


@dataclass(frozen=True)
class ToolCallRequest:
    """A tool call the model asked for: its id (echoed in the result), the tool's name, and the arguments
    as the JSON text the model wrote (possibly not valid JSON: the tool loop checks)."""

    id: str
    name: str
    arguments: str = "{}"

    def decoded(self) -> dict[str, Any]:
        """The arguments as an object; ValueError naming the problem when they are not a JSON object."""
        text = self.arguments.strip() or "{}"
        try:
            value = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(f"the arguments are not valid JSON ({error.msg} at character {error.pos}); nothing "
                             "ran: write the call again, with each quote and line break inside a string escaped "
                             '(\\" and \\n)') from None
        except RecursionError:
            value = None
        if value is None or nests_deeper_than(value, ARGUMENTS_NESTING):
            raise ValueError(f"the arguments nest more than {ARGUMENTS_NESTING} levels deep, which no tool takes")
        if not isinstance(value, dict):
            raise ValueError(f"the arguments must be a JSON object, not {type(value).__name__}")
        return value


@dataclass(frozen=True)
class ChatMessage:
    """One message of the conversation.

    An assistant message may carry tool calls; a tool message answers one of them (`tool_call_id`, and the
    tool's `name`)."""

    role: ChatRole
    text: str = ""
    tool_calls: tuple[ToolCallRequest, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None

    @classmethod
    def system(cls, text: str) -> ChatMessage:
        return cls("system", text)

    @classmethod
    def user(cls, text: str) -> ChatMessage:
        return cls("user", text)

    @classmethod
    def assistant(cls, text: str = "", tool_calls: tuple[ToolCallRequest, ...] = ()) -> ChatMessage:
        return cls("assistant", text, tuple(tool_calls))

    @classmethod
    def tool(cls, call: ToolCallRequest, text: str) -> ChatMessage:
        return cls("tool", text, tool_call_id=call.id, name=call.name)


@dataclass(frozen=True)
class CallOptions:
    """The options of one model call; None leaves the provider's default."""

    reasoning_effort: ReasoningEffort | None = None
    max_tokens: int | None = None
    temperature: float | None = None
    model: str | None = None
    """Another model than the configured one, for this call (as litellm names it)."""
    structured: StructuredOutput | None = None
    """JSON of this schema is asked for: the adapter picks the way (model.structuredOutput)."""


@dataclass(frozen=True)
class ChatSettings:
    """Where the model is served and how a call is made, as the settings say (services/model_settings.py)."""

    model: str
    api_base: str | None = None
    retries: int = 3
    timeout: float = 300.0
    pricing: Pricing = NO_PRICING
    structured_output: str = "auto"
    """How JSON is asked for: auto, json_schema, tool or prompt (domain/model/structured_output.py)."""
    tool_calls: str = "auto"
    """How tools are offered: auto, native or prompt (domain/model_replies/prompt_tool_protocol.py)."""
    first_byte_seconds: float | None = None
    """`llm.firstByteSeconds`: how long a call waits for its first byte; None: by the api base
    (domain/model/model_wait.py)."""


@dataclass(frozen=True)
class ChatReply:
    """What one call returns: the assistant's message, its usage, the model that answered, why it stopped."""

    message: ChatMessage
    usage: Usage
    model: str
    finish_reason: str = ""
    structured_way: StructuredWay | None = None
    """How the JSON was asked for when the call asked for it (None: it did not, or the fake does not say)."""
