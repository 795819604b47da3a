"""LitellmChatModel: the ChatModel port over litellm, for any provider it knows and any OpenAI-compatible
server (`openai/<name>` with an api base).

litellm is imported on the first call, never at start-up (the import takes seconds), with
LITELLM_LOCAL_MODEL_COST_MAP=True so it never fetches prices, and silenced: its debug banner is off and
its loggers write to stderr only, since stdout is the language server's protocol stream. Timeouts,
connection errors, 429 and 5xx are retried with a doubling wait on the Clock port (`llm.retries` times),
litellm's and the OpenAI client's own retries being off; then an LlmFailure with the provider's message,
from which any key found in the environment is masked.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sys
import threading
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from orkeon_engine.domain.chat import (
    CallOptions,
    ChatMessage,
    ChatReply,
    ChatSettings,
    ToolCallRequest,
    Usage,
)
from orkeon_engine.domain.secret_masking import mask_secrets
from orkeon_engine.ports.chat_model import LlmFailure, TextSink
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.logger import Logger

SettingsSource = Callable[[], Awaitable[ChatSettings]]
RETRYABLE = ("timeout", "rate_limit", "server", "connection")
KIND_WORDS = {"rate_limit": "rate limited", "server": "server error", "auth": "not authorised",
              "bad_request": "request refused", "other": "error"}
LITELLM_LOGGERS = ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy")
_PREFIX = re.compile(r"^(litellm\.\w+:\s*)?(\w+Error:\s*)?(\w+Exception\s*-\s*)?")

_litellm: Any = None
_import_lock = threading.Lock()


def load_litellm() -> Any:
    """Import litellm once, offline and quiet (see the module docstring)."""
    global _litellm
    with _import_lock:
        if _litellm is None:
            os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
            import litellm

            litellm.suppress_debug_info = True
            setattr(litellm, "set_verbose", False)  # noqa: B010 (not re-exported in its stubs)
            for name in LITELLM_LOGGERS:
                _to_stderr(logging.getLogger(name))
            _litellm = litellm
    return _litellm


def _to_stderr(logger: logging.Logger) -> None:
    """Route a litellm logger to stderr (its own handler sends the records below WARNING to stdout),
    keeping the filters litellm put on it (they mask secrets)."""
    target = logging.StreamHandler(sys.stderr)
    for handler in list(logger.handlers):
        for log_filter in handler.filters:
            target.addFilter(log_filter)
        if handler.formatter is not None:
            target.setFormatter(handler.formatter)
        logger.removeHandler(handler)
    logger.addHandler(target)
    logger.setLevel(max(logger.level, logging.WARNING))
    logger.propagate = False


class LitellmChatModel:
    """The model as the settings name it, called through litellm."""

    def __init__(self, settings: SettingsSource, clock: Clock, logger: Logger, first_wait: float = 1.0,
                 max_wait: float = 30.0, env: Mapping[str, str] | None = None) -> None:
        self._settings = settings
        self._clock = clock
        self._logger = logger
        self._first_wait = first_wait
        self._max_wait = max_wait
        self._env = env

    async def configured_model(self, options: CallOptions) -> str:
        settings = await self._settings()
        return options.model or settings.model

    async def chat(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                   options: CallOptions) -> ChatReply:
        settings = await self._settings()
        model = options.model or settings.model
        litellm = _litellm or await asyncio.to_thread(load_litellm)  # seconds, once: off the event loop
        request = self._request(model, settings, messages, tools, options)
        attempts = settings.retries + 1
        for attempt in range(1, attempts + 1):
            try:
                response = await litellm.acompletion(**request)
            except Exception as error:  # every provider fault becomes an LlmFailure
                failure = self._failure(error, model, settings, attempt)
                if failure.kind not in RETRYABLE or attempt == attempts:
                    raise failure from None
                wait = min(self._first_wait * 2 ** (attempt - 1), self._max_wait)
                self._logger.warning(f"{model}: {failure.kind} on attempt {attempt} of {attempts}; "
                                     f"retrying in {wait:g} s")
                await self._clock.sleep(wait)
                continue
            try:
                return _reply(response, model, settings)
            except (AttributeError, IndexError, TypeError, ValueError) as error:
                raise LlmFailure(f"{model}: the provider's answer could not be read ({error})", model) from None
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def chat_streamed(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                            options: CallOptions, on_text: TextSink) -> ChatReply:
        """`chat` streamed: each piece of text goes to `on_text` as the provider sends it, and the pieces
        (tool calls and usage included) are put back together into the same reply. A fault is retried
        like `chat`'s only while no text has been handed over."""
        settings = await self._settings()
        model = options.model or settings.model
        litellm = _litellm or await asyncio.to_thread(load_litellm)
        request = self._request(model, settings, messages, tools, options)
        request.update(stream=True, stream_options={"include_usage": True})
        attempts = settings.retries + 1
        for attempt in range(1, attempts + 1):
            stream = _StreamedReply(on_text)
            try:
                await stream.read(await litellm.acompletion(**request))
            except Exception as error:  # every provider fault becomes an LlmFailure
                failure = self._failure(error, model, settings, attempt)
                if failure.kind not in RETRYABLE or attempt == attempts or stream.handed_over:
                    raise failure from None
                wait = min(self._first_wait * 2 ** (attempt - 1), self._max_wait)
                self._logger.warning(f"{model}: {failure.kind} on attempt {attempt} of {attempts}; "
                                     f"retrying in {wait:g} s")
                await self._clock.sleep(wait)
                continue
            try:
                return _reply(litellm.stream_chunk_builder(stream.chunks, messages=request["messages"]), model,
                              settings)
            except (AttributeError, IndexError, TypeError, ValueError) as error:
                raise LlmFailure(f"{model}: the provider's streamed answer could not be read ({error})",
                                 model) from None
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _request(self, model: str, settings: ChatSettings, messages: Sequence[ChatMessage],
                 tools: Sequence[dict[str, Any]], options: CallOptions) -> dict[str, Any]:
        request: dict[str, Any] = {
            "model": model,
            "messages": [to_wire(m) for m in messages],
            "timeout": settings.timeout,
            "num_retries": 0,
            "max_retries": 0,
            "drop_params": True,
        }
        if tools:
            request["tools"] = list(tools)
        if settings.api_base:
            request["api_base"] = settings.api_base
            if _provider(model) == "openai" and not os.environ.get("OPENAI_API_KEY"):
                request["api_key"] = "none"  # a local server takes any key; the client refuses none
        if options.max_tokens is not None:
            request["max_tokens"] = options.max_tokens
        if options.temperature is not None:
            request["temperature"] = options.temperature
        if options.reasoning_effort is not None:
            request["reasoning_effort"] = options.reasoning_effort
        return request

    def _failure(self, error: Exception, model: str, settings: ChatSettings, attempt: int) -> LlmFailure:
        kind, status = _classify(error)
        tried = f"after {attempt} attempt{'' if attempt == 1 else 's'}"
        if kind == "timeout":
            what = f"no answer within {settings.timeout:g} s ({tried})"
        elif kind == "connection":
            where = settings.api_base or "the provider"
            what = f"could not reach {where} ({tried}): {_provider_message(error)}"
        else:
            code = f" {status}" if status else ""
            what = f"the provider answered{code} ({KIND_WORDS[kind]}, {tried}): {_provider_message(error)}"
        return LlmFailure(self._redact(f"{model}: {what}"), model, kind, status)

    def _redact(self, text: str) -> str:
        environments: list[Mapping[str, str]] = [os.environ] + ([self._env] if self._env is not None else [])
        return mask_secrets(text, environments)


class _StreamedReply:
    """The chunks of one streamed answer, kept to rebuild the reply; its text handed on as it comes."""

    def __init__(self, on_text: TextSink) -> None:
        self._on_text = on_text
        self.chunks: list[Any] = []
        self.handed_over = False

    async def read(self, stream: Any) -> None:
        async for chunk in stream:
            self.chunks.append(chunk)
            text = _delta_text(chunk)
            if text:
                self.handed_over = True
                await self._on_text(text)


def _delta_text(chunk: Any) -> str:
    """The text a streamed chunk adds ('' for a chunk of tool calls, usage or the stop)."""
    choices = getattr(chunk, "choices", None) or ()
    delta = getattr(choices[0], "delta", None) if choices else None
    content = getattr(delta, "content", None) if delta is not None else None
    return content if isinstance(content, str) else ""


def to_wire(message: ChatMessage) -> dict[str, Any]:
    """A message in the OpenAI chat format litellm takes."""
    wire: dict[str, Any] = {"role": message.role, "content": message.text}
    if message.role == "assistant" and message.tool_calls:
        wire["content"] = message.text or None
        wire["tool_calls"] = [
            {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}
            for call in message.tool_calls
        ]
    if message.role == "tool":
        wire["tool_call_id"] = message.tool_call_id
        if message.name:
            wire["name"] = message.name
    return wire


def _reply(response: Any, model: str, settings: ChatSettings) -> ChatReply:
    choice = response.choices[0]
    message = choice.message
    calls = tuple(
        ToolCallRequest(call.id or f"call_{index}", call.function.name or "", call.function.arguments or "{}")
        for index, call in enumerate(getattr(message, "tool_calls", None) or ())
    )
    usage = _usage(getattr(response, "usage", None))
    hidden = getattr(response, "_hidden_params", None) or {}
    cost = hidden.get("response_cost")
    if cost is None:
        cost = settings.pricing.cost(model, usage)
    return ChatReply(
        ChatMessage.assistant(message.content or "", calls),
        Usage(usage.input_tokens, usage.output_tokens, usage.cache_read_tokens, usage.cache_write_tokens,
              None if cost is None else float(cost)),
        model,
        str(choice.finish_reason or ""),
    )


def _usage(raw: Any) -> Usage:
    if raw is None:
        return Usage(cost=None)
    details = getattr(raw, "prompt_tokens_details", None)
    cached = getattr(details, "cached_tokens", None) if details is not None else None
    written = getattr(raw, "cache_creation_input_tokens", None)
    return Usage(int(getattr(raw, "prompt_tokens", 0) or 0), int(getattr(raw, "completion_tokens", 0) or 0),
                 int(cached or 0), int(written or 0), None)


def _classify(error: Exception) -> tuple[str, int | None]:
    names = _names_in_chain(error)
    status = getattr(error, "status_code", None)
    status = status if isinstance(status, int) else None
    if "Timeout" in names or "APITimeoutError" in names:
        return "timeout", None
    if "APIConnectionError" in names:
        return "connection", None
    if status == 429 or "RateLimitError" in names:
        return "rate_limit", status
    if status is not None and status >= 500:
        return "server", status
    if status in (401, 403) or "AuthenticationError" in names:
        return "auth", status
    if status is not None and 400 <= status < 500:
        return "bad_request", status
    return "other", status


def _names_in_chain(error: BaseException) -> set[str]:
    """The class names of the error and of what caused it (litellm reports a refused connection as a 500
    whose cause is the client's APIConnectionError)."""
    names: set[str] = set()
    current: BaseException | None = error
    for _ in range(12):
        if current is None:
            break
        names.update(cls.__name__ for cls in type(current).__mro__)
        current = current.__cause__ or current.__context__
    return names


def _provider_message(error: Exception) -> str:
    raw = getattr(error, "message", None)
    text = raw if isinstance(raw, str) and raw else str(error) or type(error).__name__
    return _PREFIX.sub("", text.strip(), count=1).strip() or type(error).__name__


def _provider(model: str) -> str:
    return model.split("/", 1)[0] if "/" in model else "openai"
