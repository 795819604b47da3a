"""HttpxOpenAIClient: the OpenAI chat-completions call, spoken straight to an OpenAI-compatible api base
(llama.cpp, vLLM, Ollama, LM Studio, a LiteLLM proxy) over httpx, instead of through litellm.

Why: `import litellm` takes seconds and about 200 MB, and for such a server it only forwards the request
(the provider prefix stripped, the tools unchanged) and reads the answer back; httpx, which the engine
loads anyway for the server's facts, imports in a tenth of a second. docs/architecture.md says which
models take this way. The client offers the few names of litellm's module the chat adapter uses
(`acompletion`, `stream_chunk_builder`, `supports_function_calling`, `supports_response_schema`), so
adapters/litellm_chat_model.py keeps one way of retrying, timing and reporting for both.

Replies come back as objects read by attribute (`response.choices[0].message.content`), a missing field
read as None. Errors are raised as the classes below, whose names are the ones the chat adapter
classifies (APIConnectionError, Timeout, RateLimitError, a `status_code`), with the server's own message.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping
from typing import Any, NoReturn

WIRE_FIELDS = ("messages", "tools", "tool_choice", "response_format", "max_tokens", "temperature",
               "reasoning_effort", "stream", "stream_options")
"""The request's fields the server is sent (the model apart); the rest are the adapter's own."""
CONNECT_SECONDS = 10.0
KEY_VARIABLES = {"openai": "OPENAI_API_KEY", "hosted_vllm": "HOSTED_VLLM_API_KEY",
                 "openai_like": "OPENAI_LIKE_API_KEY", "custom_openai": "OPENAI_API_KEY",
                 "lm_studio": "LM_STUDIO_API_KEY", "llamafile": "LLAMAFILE_API_KEY"}
"""Where litellm reads each OpenAI-compatible provider's key: the same variable is sent here."""


class ProviderError(Exception):
    """The server's answer was an error (or no answer at all): its message and HTTP status."""

    def __init__(self, message: str, status_code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status_code = status_code


class APIConnectionError(ProviderError):
    """The server could not be reached."""


class Timeout(ProviderError):  # noqa: N818 (the name the chat adapter classifies, as litellm's)
    """The server did not answer within the request's timeout."""


class RateLimitError(ProviderError):
    """A 429."""


class Reply:
    """A JSON object read by attribute; a field it does not have reads as None."""

    def __init__(self, fields: Mapping[str, Any]) -> None:
        self.__dict__.update({key: _wrap(value) for key, value in fields.items()})

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return None


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Reply(value)
    if isinstance(value, list):
        return [_wrap(item) for item in value]
    return value


class HttpxOpenAIClient:
    """The module-like client the chat adapter calls for an OpenAI-compatible api base."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._env = env

    @staticmethod
    def supports_function_calling(model: str) -> bool:
        return False  # what an OpenAI-compatible base takes is decided without a table (the adapter says)

    @staticmethod
    def supports_response_schema(model: str) -> bool:
        return False

    async def acompletion(self, **request: Any) -> Any:
        """A chat completion: the reply object, or with `stream` an async iterator of chunk objects (with
        `aclose`); ProviderError and its kinds otherwise."""
        import httpx  # here: off every start-up path

        provider, _, name = request["model"].partition("/")
        if not name:
            provider, name = "openai", provider
        body = {"model": name, **{key: request[key] for key in WIRE_FIELDS if key in request}}
        content = json.dumps(body, ensure_ascii=False).encode("utf-8")  # a lone surrogate raises here: local
        timeout = float(request.get("timeout") or 600)
        client = httpx.AsyncClient(timeout=httpx.Timeout(timeout, connect=min(timeout, CONNECT_SECONDS)),
                                   follow_redirects=False)
        url = str(request["api_base"]).rstrip("/") + "/chat/completions"
        headers = {"Content-Type": "application/json", **self._authorization(provider, request)}
        try:
            response = await client.send(client.build_request("POST", url, content=content, headers=headers),
                                         stream=True)
        except BaseException as error:
            await client.aclose()
            _raise_as_kind(error)
        if response.status_code >= 400 or not request.get("stream"):
            try:
                raw = await response.aread()
            except BaseException as error:
                _raise_as_kind(error)
            finally:
                await response.aclose()
                await client.aclose()
            if response.status_code >= 400:
                raise _status_error(response.status_code, raw)
            return _completion(raw)
        return _EventStream(response, client)

    def _authorization(self, provider: str, request: Mapping[str, Any]) -> dict[str, str]:
        key = self._env.get(KEY_VARIABLES.get(provider, "OPENAI_API_KEY"), "").strip() or request.get("api_key")
        return {"Authorization": f"Bearer {key}"} if key else {}

    @staticmethod
    def stream_chunk_builder(chunks: list[Any], messages: Any = None) -> Any:
        """The chunks of a streamed answer put back together as one reply (text, tool calls by index,
        finish reason, usage)."""
        text: list[str] = []
        calls: dict[int, dict[str, Any]] = {}
        finish, usage, model = None, None, None
        for chunk in chunks:
            usage = chunk.usage or usage
            model = chunk.model or model
            for choice in chunk.choices or ():
                finish = choice.finish_reason or finish
                delta = choice.delta
                if delta is None:
                    continue
                if isinstance(delta.content, str):
                    text.append(delta.content)
                for call in delta.tool_calls or ():
                    slot = calls.setdefault(call.index or 0, {"id": None, "name": "", "arguments": ""})
                    slot["id"] = slot["id"] or call.id
                    if call.function is not None:
                        slot["name"] += call.function.name or ""
                        slot["arguments"] += call.function.arguments or ""
        tool_calls = [{"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}
                      for _, c in sorted(calls.items())]
        message = {"role": "assistant", "content": "".join(text) or None, "tool_calls": tool_calls or None}
        reply = Reply({"model": model, "choices": [{"index": 0, "message": message, "finish_reason": finish}]})
        reply.__dict__["usage"] = usage  # already a Reply (or None): kept as it is
        return reply


class _EventStream:
    """The server-sent events of a streamed answer, as chunk objects; `aclose` ends the connection."""

    def __init__(self, response: Any, client: Any) -> None:
        self._response = response
        self._client = client

    def __aiter__(self) -> AsyncIterator[Any]:
        return self._chunks()

    async def _chunks(self) -> AsyncIterator[Any]:
        try:
            async for line in self._response.aiter_lines():
                if not line.startswith("data:"):
                    continue
                data = line[5:].strip()
                if data == "[DONE]":
                    return
                event = json.loads(data)
                if isinstance(event, dict) and isinstance(event.get("error"), dict):
                    raise _status_error(500, data.encode())
                yield _wrap(event)
        except ProviderError:
            raise
        except (ValueError, TypeError) as error:
            raise ProviderError(f"Empty or invalid response: a streamed event is not JSON ({error})", 500) from error
        except BaseException as error:
            _raise_as_kind(error)

    async def aclose(self) -> None:
        await self._response.aclose()
        await self._client.aclose()


def _completion(raw: bytes) -> Any:
    """A non-streamed reply, checked to be a chat completion (the chat adapter's markers say what is not)."""
    if not raw.strip():
        raise ProviderError("Empty or invalid response: the body is empty", 500)
    body = json.loads(raw)  # JSONDecodeError: the adapter says the body is not JSON
    if not isinstance(body, dict) or not isinstance(body.get("choices"), list) or not body["choices"]:
        raise ProviderError("Invalid response: no 'choices' in the answer", 500)
    first = body["choices"][0]
    if not isinstance(first, dict) or not isinstance(first.get("message"), dict):
        raise ProviderError("Invalid response object: the choice holds no message", 500)
    return Reply(body)


def _status_error(status: int, raw: bytes) -> ProviderError:
    message = _error_message(raw) or f"HTTP {status}"
    if status == 429:
        return RateLimitError(message, status)
    return ProviderError(message, status)


def _error_message(raw: bytes) -> str:
    """The server's own words: OpenAI's `{"error": {"message"}}`, FastAPI's `{"detail"}`, else the text."""
    text = raw.decode("utf-8", "replace").strip()
    try:
        body = json.loads(text)
    except ValueError:
        return text[:500]
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict) and error.get("message"):
            return str(error["message"])
        if isinstance(error, str):
            return error
        if body.get("detail"):
            return str(body["detail"])
    return text[:500]


def _raise_as_kind(error: BaseException) -> NoReturn:
    """Raise httpx's error as the kind the chat adapter classifies; anything else (a cancel, a bug) as it is."""
    import httpx

    if isinstance(error, httpx.TimeoutException):
        raise Timeout(f"the server did not answer in time ({type(error).__name__})") from error
    if isinstance(error, httpx.ConnectError | httpx.RemoteProtocolError | httpx.ReadError | httpx.WriteError):
        raise APIConnectionError(f"Connection error ({type(error).__name__}: {error or 'no detail'})") from error
    raise error
