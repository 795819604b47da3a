"""ChatModel: one call of the model, messages and tool specs in, one assistant message and its usage out;
StreamingChatModel: the same call with the text handed over piece by piece as it arrives."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from orkeon_engine.domain.errors import CommandFailedError

if TYPE_CHECKING:  # the prompt tool protocol's code and the conversation's values load with the first call
    from orkeon_engine.domain.model.call_usage import Usage
    from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatReply
    from orkeon_engine.domain.model_replies.prompt_tool_protocol import ToolProtocol


class LlmFailure(CommandFailedError):
    """A model call that failed for good: the provider's own message, after the retries were spent.

    `kind` is one of timeout, rate_limit, server, connection, auth, bad_request, bad_reply (an answer that
    is no chat completion), length (an answer cut at its max_tokens: AnswerCut), other, and local for an
    error of this machine before the request reached the provider (text that cannot be encoded); `status`
    the HTTP status when there was one. The message never holds a key."""

    def __init__(self, message: str, model: str = "", kind: str = "other", status: int | None = None) -> None:
        super().__init__(message)
        self.model = model
        self.kind = kind
        self.status = status


class AnswerCut(LlmFailure):
    """The provider stopped the answer at the call's max_tokens (finish_reason `length`): the message says
    at how many tokens and which bound set it (domain/context/answer_limits.py); `text` is what came before the
    cut, `tokens` the limit, `usage` what the cut call used (None: unknown)."""

    def __init__(self, message: str, model: str, tokens: int, text: str = "", usage: Usage | None = None) -> None:
        super().__init__(message, model, "length")
        self.tokens = tokens
        self.text = text
        self.usage = usage


class ChatModel(Protocol):
    """The model behind every crew.

    Failure contract: `chat` raises NotConfiguredError (domain/errors.py) when no model is configured,
    with a message saying how to configure one, and CommandFailedError (ConfigFileError...) when a setting
    it reads cannot be used, both before anything is sent; and LlmFailure when the provider fails
    (429 and 5xx are retried with backoff first, a connection error once at most; a timeout, which on a
    local server is the model still writing, and any other error are not). With `options.structured`, the
    reply says in `structured_way` how the JSON was asked for. A reply stopped at `options.max_tokens` is
    returned as it is, its finish_reason `length` (the Llm facade turns it into AnswerCut). Nothing else
    escapes it. A failed call has no usage to record. `configured_model` raises the same
    setting errors and sends nothing, so a command can fail at once, before any other work."""

    async def chat(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                   options: CallOptions) -> ChatReply:
        """One call. `tools` are OpenAI function specs (Tool.spec()); an empty list offers none."""
        ...

    async def configured_model(self, options: CallOptions) -> str:
        """The model a call with these options would use."""
        ...

    async def tool_protocol(self, options: CallOptions) -> ToolProtocol:
        """How a call with these options offers tools: `native` (the API's tools and tool_calls) or `prompt`
        (domain/model_replies/prompt_tool_protocol.py: the caller then writes the tools and results into the
        messages and sends no tools). Raises the same setting errors as `configured_model`."""
        ...


TextSink = Callable[[str], Awaitable[None]]
"""Receives each piece of the model's text as it arrives; never raises."""


@runtime_checkable
class StreamingChatModel(ChatModel, Protocol):
    """A ChatModel that can also stream: `chat_streamed` is `chat` with the text handed to `on_text` piece
    by piece as the provider sends it, and the same reply at the end.

    Failure contract: as `chat`'s. A provider fault before any text arrived is retried like `chat`'s; once
    some text was handed over, a fault is not retried (the pieces cannot be taken back) and raises
    LlmFailure."""

    async def chat_streamed(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                            options: CallOptions, on_text: TextSink) -> ChatReply:
        ...
