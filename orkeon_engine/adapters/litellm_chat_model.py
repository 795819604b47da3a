"""LitellmChatModel: the ChatModel port over litellm, for any provider it knows, and over httpx for an
OpenAI-compatible server (`openai/<name>` with an api base: adapters/httpx_openai_client.py, which offers the
few names of litellm's module used here, so both ways share what follows).

Each call is watched for its first byte (adapters/first_byte_watch.py, `llm.firstByteSeconds`): the wait is
shown (`waiting`), and when the deadline passes the api base's health is asked (`probe`): a busy server gets
its time, a hung one ends the call as a timeout in one sentence, never retried. A call to a provider's API
without an api base that is not streamed has only `llm.timeout` (its first byte is its whole answer).

litellm is loaded by adapters/litellm_loader.py: on the first call (or earlier, in the background, by an
idle front end), never at start-up, with LITELLM_LOCAL_MODEL_COST_MAP=True so it never fetches prices, and
silenced: its debug banner is off and its loggers write to stderr only, since stdout is the language
server's protocol stream. 429 and 5xx are retried with a doubling wait on the Clock port (`llm.retries`
times); a server that cannot be reached is retried once at most, with one warning line however many calls
hit it, and not at all once it is known to be down. A timeout (`llm.timeout` for the whole answer, a
stream's included) is not retried: on a local server it is the model still writing a long answer, and the
same request would take as long again; its failure says the setting, its value and what to change. litellm's
and the OpenAI client's own retries are off. Then an LlmFailure with the provider's message, from which any
key found in the environment is masked. An error raised here, before anything reached the provider (text
that cannot be encoded, a bad argument), is an LlmFailure of kind `local`, never reported as the provider's.
A reply litellm cannot read (a 200 without `choices` or `message`, or not JSON), which it reports as a 500
with its own traceback, is one sentence of its own kind, `bad_reply`, and is not retried.

Structured output (CallOptions.structured): the way comes from `model.structuredOutput` (see
domain/model/structured_output.py); with `auto`, a way the server refuses with a 400 is remembered for this
adapter's life (the session) by model and api base, and the same call goes on the next way.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from orkeon_engine.adapters.first_byte_watch import WaitLine, watch_first_byte
from orkeon_engine.adapters.http_server_health import probe_health
from orkeon_engine.adapters.httpx_openai_client import HttpxOpenAIClient
from orkeon_engine.adapters.litellm_loader import litellm_client, load_litellm, preload_litellm
from orkeon_engine.domain.model.chat import (
    CallOptions,
    ChatMessage,
    ChatReply,
    ChatSettings,
    ToolCallRequest,
    Usage,
)
from orkeon_engine.domain.model.model_wait import ServerHealth, first_byte_failure, first_byte_seconds, server_name
from orkeon_engine.domain.model.structured_output import AUTO, StructuredOutput, StructuredWay, ways_to_try
from orkeon_engine.domain.model_replies.prompt_tool_protocol import ToolProtocol, choose_protocol
from orkeon_engine.domain.secrets.secret_masking import mask_secrets
from orkeon_engine.ports.chat_model import LlmFailure, TextSink
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.logger import Logger

__all__ = ["LitellmChatModel", "encodable", "load_litellm", "preload_model_client", "speaks_openai_directly",
           "to_wire"]

SettingsSource = Callable[[], Awaitable[ChatSettings]]
HealthProbe = Callable[[str | None], Awaitable[ServerHealth]]
RETRYABLE = ("rate_limit", "server", "connection")
"""The faults retried; a timeout is not (the module docstring)."""
KIND_WORDS = {"rate_limit": "rate limited", "server": "server error", "auth": "not authorised",
              "bad_request": "request refused", "other": "error"}
OPENAI_COMPATIBLE = ("openai", "hosted_vllm", "openai_like", "custom_openai", "lm_studio", "llamafile")
"""Providers that speak the OpenAI chat API to whatever api base they are given."""
REFUSAL_STATUSES = (400, 422)
_PREFIX = re.compile(r"^(litellm\.\w+:\s*)?(\w+Error:\s*)?(\w+Exception\s*-\s*)?")
_LOCAL_ERRORS = ("UnicodeEncodeError",)
"""Errors raised on this machine while the request was being encoded (litellm wraps them in a 500 of its
own): the provider never saw the request. (A decoding error may come from the answer: not listed.)"""
_SURROGATE = re.compile("[\ud800-\udfff]")


class LitellmChatModel:
    """The model as the settings name it, called through litellm."""

    def __init__(self, settings: SettingsSource, clock: Clock, logger: Logger, first_wait: float = 1.0,
                 max_wait: float = 30.0, env: Mapping[str, str] | None = None,
                 notice: Callable[[str], None] | None = None, waiting: WaitLine | None = None,
                 probe: HealthProbe = probe_health, openai_direct: bool = True) -> None:
        self._settings = settings
        self._clock = clock
        self._logger = logger
        self._first_wait = first_wait
        self._max_wait = max_wait
        self._env = env
        self._notice = notice
        self._waiting = waiting
        self._probe = probe
        self._direct = HttpxOpenAIClient(env if env is not None else os.environ) if openai_direct else None
        """The httpx client of OpenAI-compatible api bases; None sends them through litellm too (the tests of
        that way, against the same stub)."""
        self._refused: set[tuple[str, str, str]] = set()
        """(model, api base, way): the structured-output ways a server refused, for this session."""
        self._unreachable: set[str] = set()
        """The api bases (or providers) whose last call could not connect: warned once, not retried."""

    async def configured_model(self, options: CallOptions) -> str:
        settings = await self._settings()
        return options.model or settings.model

    async def tool_protocol(self, options: CallOptions) -> ToolProtocol:
        """`model.toolCalls` as it applies to this model (domain/model_replies/prompt_tool_protocol.choose_protocol):
        auto asks litellm's table whether the model supports function calling."""
        settings = await self._settings()
        model = options.model or settings.model
        if settings.tool_calls in ("native", "prompt"):
            return choose_protocol(settings.tool_calls, knows_tools=False, openai_compatible_base=False)
        litellm = await self._client(model, settings)
        return choose_protocol(settings.tool_calls, knows_tools=_knows(litellm.supports_function_calling, model),
                               openai_compatible_base=bool(settings.api_base) and _provider(model) in OPENAI_COMPATIBLE)

    async def chat(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                   options: CallOptions) -> ChatReply:
        settings = await self._settings()
        model = options.model or settings.model
        litellm = await self._client(model, settings)
        wanted = options.structured
        if wanted is None:
            return await self._call(litellm, self._request(model, settings, messages, tools, options), model,
                                    settings)
        ways = self._ways(litellm, model, settings)
        for index, way in enumerate(ways):
            request = self._request(model, settings, messages, tools, options)
            _ask_structured(request, wanted, way)
            try:
                reply = await self._call(litellm, request, model, settings)
            except LlmFailure as failure:
                if index + 1 == len(ways) or not _refuses(failure):
                    raise self._explained(failure, settings, way) from None
                self._refused.add((model, settings.api_base or "", way))
                self._logger.info(f"{model}: the server refused {way} structured output ({failure.status}); "
                                  f"asking through {ways[index + 1]} for the rest of the session")
                continue
            return dataclasses.replace(reply, structured_way=way)
        raise AssertionError("unreachable: the last way returns or raises")

    def _ways(self, litellm: Any, model: str, settings: ChatSettings) -> tuple[StructuredWay, ...]:
        base = settings.api_base or ""
        return ways_to_try(
            settings.structured_output,
            openai_compatible=bool(settings.api_base) and _provider(model) in OPENAI_COMPATIBLE,
            knows_schema=_knows(litellm.supports_response_schema, model),
            knows_tools=_knows(litellm.supports_function_calling, model),
            refused={way for (m, b, way) in self._refused if (m, b) == (model, base)},
        )

    def _explained(self, failure: LlmFailure, settings: ChatSettings, way: str) -> LlmFailure:
        """The failure, with a hint when an explicit structured-output setting was refused."""
        if settings.structured_output == AUTO or way == "prompt" or not _refuses(failure):
            return failure
        hint = (f" (model.structuredOutput is {settings.structured_output}: set it to auto or prompt for a "
                "server that does not take it)")
        return LlmFailure(str(failure) + hint, failure.model, failure.kind, failure.status)

    async def _call(self, litellm: Any, request: dict[str, Any], model: str, settings: ChatSettings) -> ChatReply:
        """One completion request, retried, read into a ChatReply."""
        async def send() -> Any:
            async with asyncio.timeout(settings.timeout):  # the whole answer, whatever the client counts
                answer = litellm.acompletion(**request)
                if not settings.api_base:  # a provider's API: its first byte is its whole answer (the docstring)
                    return await answer
                return await self._first_byte(answer, lambda: False, model, settings)

        response = await self._with_retries(model, settings, send)
        try:
            return _reply(response, model, settings)
        except (AttributeError, IndexError, TypeError, ValueError) as error:
            raise _unreadable(model, error) from None

    async def _with_retries(self, model: str, settings: ChatSettings, send: Callable[[], Awaitable[Any]],
                            may_retry: Callable[[], bool] = lambda: True) -> Any:
        """What `send()` returns, retried as the module docstring says (and while `may_retry()`: a stream
        that has handed text over is not sent again); else the LlmFailure."""
        where = settings.api_base or _provider(model)
        attempts = settings.retries + 1
        for attempt in range(1, attempts + 1):
            try:
                result = await send()
            except LlmFailure:  # said already (no first byte in time): never retried
                raise
            except Exception as error:  # every provider fault becomes an LlmFailure
                failure = self._failure(error, model, settings, attempt)
                last = attempts if failure.kind != "connection" else self._connection_attempts(where, attempts)
                if failure.kind == "connection":
                    self._unreachable.add(where)
                if failure.kind not in RETRYABLE or attempt >= last or not may_retry():
                    raise failure from None
                wait = min(self._first_wait * 2 ** (attempt - 1), self._max_wait)
                self._warn(failure, model, attempt, last, wait)
                await self._clock.sleep(wait)
                continue
            self._unreachable.discard(where)
            return result
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def chat_streamed(self, messages: Sequence[ChatMessage], tools: Sequence[dict[str, Any]],
                            options: CallOptions, on_text: TextSink) -> ChatReply:
        """`chat` streamed: each piece of text goes to `on_text` as the provider sends it, and the pieces
        (tool calls and usage included) are put back together into the same reply. A fault is retried
        like `chat`'s only while no text has been handed over."""
        settings = await self._settings()
        model = options.model or settings.model
        litellm = await self._client(model, settings)
        request = self._request(model, settings, messages, tools, options)
        request.update(stream=True, stream_options={"include_usage": True})
        streams: list[_StreamedReply] = []

        async def send() -> _StreamedReply:
            stream = _StreamedReply(on_text)
            streams.append(stream)
            try:  # the whole answer within llm.timeout: the client's own timeout is between two pieces only
                async with asyncio.timeout(settings.timeout):
                    await self._first_byte(_read(stream, litellm.acompletion(**request)),
                                           lambda: bool(stream.chunks), model, settings)
            finally:
                await stream.close()
            return stream

        stream = await self._with_retries(model, settings, send, lambda: not streams[-1].handed_over)
        try:
            return _reply(litellm.stream_chunk_builder(stream.chunks, messages=request["messages"]), model,
                          settings)
        except (AttributeError, IndexError, TypeError, ValueError) as error:
            raise _unreadable(model, error) from None

    async def _client(self, model: str, settings: ChatSettings) -> Any:
        """What the call goes through: httpx straight to an OpenAI-compatible api base, else litellm (loaded
        on the first call that needs it)."""
        if self._direct is not None and speaks_openai_directly(model, settings.api_base):
            return self._direct
        return await litellm_client(self._notice)

    async def _first_byte(self, work: Awaitable[Any], has_first_byte: Callable[[], bool], model: str,
                          settings: ChatSettings) -> Any:
        """`work` watched for its first byte (adapters/first_byte_watch.py): the wait shown, the server
        asked at `llm.firstByteSeconds`, and one sentence when it is hung."""
        seconds = first_byte_seconds(settings.first_byte_seconds, settings.api_base)
        server = server_name(settings.api_base, model)

        async def probe() -> ServerHealth:
            return await self._probe(settings.api_base)

        def fail(health: ServerHealth) -> LlmFailure:
            return LlmFailure(self._redact(first_byte_failure(model, server, seconds, health)), model, "timeout")

        return await watch_first_byte(work, has_first_byte, seconds, server,
                                      probe if settings.api_base else None, fail, self._waiting)

    def _connection_attempts(self, where: str, attempts: int) -> int:
        """A server that cannot be reached gets one retry; none when it was already down."""
        return 1 if where in self._unreachable else min(attempts, 2)

    def _warn(self, failure: LlmFailure, model: str, attempt: int, last: int, wait: float) -> None:
        if failure.kind == "connection":
            self._logger.warning(f"{model}: {failure}; retrying once in {wait:g} s")
            return
        self._logger.warning(f"{model}: {failure.kind} on attempt {attempt} of {last}; retrying in {wait:g} s")

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
        unreadable = unreadable_reply(error)
        if unreadable is not None:
            where = settings.api_base or "the provider"
            said = f"{model}: {where} answered, but its reply could not be read ({unreadable}); an OpenAI-compatible " \
                   "chat completion was expected"
            return LlmFailure(self._redact(said), model, "bad_reply")
        kind, status = _classify(error)
        tried = f"after {attempt} attempt{'' if attempt == 1 else 's'}"
        if kind == "local":
            what = f"the request could not be sent, a local error before it reached the provider ({_root(error)})"
        elif kind == "timeout":
            return LlmFailure(self._redact(timeout_text(model, settings.timeout)), model, kind, status)
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


def speaks_openai_directly(model: str, api_base: str | None) -> bool:
    """Whether a call of `model` goes straight to its api base over httpx (adapters/httpx_openai_client.py):
    an OpenAI-compatible provider with an api base. Every other model goes through litellm."""
    return bool(api_base) and _provider(model) in OPENAI_COMPATIBLE


def preload_model_client(model: str, api_base: str | None) -> str:
    """Load the client a call of `model` goes through (httpx for an OpenAI-compatible api base, else
    litellm) in the calling thread, a front end's background one; one line for the log. Never raises."""
    if speaks_openai_directly(model, api_base):
        import httpx  # noqa: F401 (loaded ahead, as litellm would be)

        return "the model client is loaded (httpx, for an OpenAI-compatible api base)"
    return preload_litellm()


async def _read(stream: _StreamedReply, answer: Awaitable[Any]) -> None:
    await stream.read(await answer)


def _ask_structured(request: dict[str, Any], wanted: StructuredOutput, way: StructuredWay) -> None:
    """Add what asks for the JSON `wanted` describes to a request, the `way` given."""
    if way == "json_schema":
        spec: dict[str, Any] = {"name": wanted.name, "schema": wanted.schema, "strict": wanted.strict}
        if wanted.description:
            spec["description"] = wanted.description
        request["response_format"] = {"type": "json_schema", "json_schema": spec}
    elif way == "tool":
        function: dict[str, Any] = {"name": wanted.name, "parameters": wanted.schema, "strict": wanted.strict}
        if wanted.description:
            function["description"] = wanted.description
        request["tools"] = [*request.get("tools", []), {"type": "function", "function": function}]
        request["tool_choice"] = {"type": "function", "function": {"name": wanted.name}}


def _refuses(failure: LlmFailure) -> bool:
    """A 400 (or 422) to a request: what a server says to a request shape it does not take."""
    return failure.kind == "bad_request" and failure.status in REFUSAL_STATUSES


def _knows(question: Callable[..., Any], model: str) -> bool:
    """What litellm's table says of the model; False when it does not know the model."""
    try:
        return bool(question(model=model))
    except Exception:  # an unmapped model, or a surprise of the table: it does not know
        return False


def timeout_text(model: str, timeout: float) -> str:
    """The one sentence of a call that timed out."""
    return (f"{model}: no complete answer within {timeout:g} s (llm.timeout is {timeout:g}), and the same request "
            "was not sent again since it would take as long: set llm.timeout higher, or model.maxOutputTokens "
            "lower so the model's answers end sooner")


class _StreamedReply:
    """The chunks of one streamed answer, kept to rebuild the reply; its text handed on as it comes."""

    def __init__(self, on_text: TextSink) -> None:
        self._on_text = on_text
        self.chunks: list[Any] = []
        self.handed_over = False
        self._stream: Any = None

    async def close(self) -> None:
        """Close the provider's stream (so a server stops writing an answer nobody reads); never raises."""
        closer = getattr(self._stream, "aclose", None)
        if callable(closer):
            with contextlib.suppress(Exception):
                await closer()

    async def read(self, stream: Any) -> None:
        self._stream = stream
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
    """A message in the OpenAI chat format litellm takes; text that cannot be encoded as UTF-8 (lone
    surrogates, from bytes decoded with surrogateescape) has those characters replaced."""
    wire: dict[str, Any] = {"role": message.role, "content": encodable(message.text)}
    if message.role == "assistant" and message.tool_calls:
        wire["content"] = encodable(message.text) or None
        wire["tool_calls"] = [
            {"id": call.id, "type": "function",
             "function": {"name": encodable(call.name), "arguments": encodable(call.arguments)}}
            for call in message.tool_calls
        ]
    if message.role == "tool":
        wire["tool_call_id"] = message.tool_call_id
        if message.name:
            wire["name"] = message.name
    return wire


def encodable(text: str) -> str:
    """The text with every character UTF-8 cannot encode (a lone surrogate) replaced by U+FFFD."""
    return _SURROGATE.sub("\ufffd", text)


def _unreadable(model: str, error: Exception) -> LlmFailure:
    """A reply that came back but is no chat completion we can read: `bad_reply`, never retried."""
    what = unreadable_reply(error) or "its choice holds no message"
    return LlmFailure(f"{model}: the provider answered, but its reply could not be read ({what}); an "
                      "OpenAI-compatible chat completion was expected", model, "bad_reply")


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


UNREADABLE_MARKERS: tuple[tuple[str, str], ...] = (
    ("no 'choices'", "it holds no choices"),
    ("Invalid response object", "its choice holds no message"),
    ("Empty or invalid response", "its body is empty or not a chat completion"),
    ("list index out of range", "it holds no choices"),
)


def unreadable_reply(error: BaseException) -> str | None:
    """What was wrong with a reply the provider sent but litellm could not read (it calls that a 500), in a
    few words; None for any other failure."""
    if "JSONDecodeError" in _names_in_chain(error):
        return "its body is not JSON"
    text = str(getattr(error, "message", "") or error)
    return next((what for marker, what in UNREADABLE_MARKERS if marker in text), None)


def _classify(error: Exception) -> tuple[str, int | None]:
    names = _names_in_chain(error)
    status = getattr(error, "status_code", None)
    status = status if isinstance(status, int) else None
    if any(local in names for local in _LOCAL_ERRORS):
        return "local", None
    if names & {"Timeout", "APITimeoutError", "TimeoutError"}:
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


def _root(error: BaseException) -> str:
    """The innermost error of the chain, as `Type: message`."""
    current: BaseException = error
    for _ in range(12):
        following = current.__cause__ or current.__context__
        if following is None:
            break
        current = following
    return f"{type(current).__name__}: {current}"


def _provider_message(error: Exception) -> str:
    raw = getattr(error, "message", None)
    text = raw if isinstance(raw, str) and raw else str(error) or type(error).__name__
    return _PREFIX.sub("", text.strip(), count=1).strip() or type(error).__name__


def _provider(model: str) -> str:
    return model.split("/", 1)[0] if "/" in model else "openai"
