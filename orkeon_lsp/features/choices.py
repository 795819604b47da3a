"""Choices: the values of an argument known only at run time, for an editor's completion (`orkeon/choices`).

The catalogue (`orkeon catalogue --format json`) carries the closed lists of values itself (modes, lenses,
settings keys, actions); a positional whose values exist only in the running engine names their source in
`choicesFrom` (`sessions`, `commands`). The client asks for them:

    {"method": "orkeon/choices", "params": {"source": "sessions"}}
    -> [{"value": "36e362287bf5", "detail": "the tax rounding"}, ...]

An unknown source is answered InvalidParams naming the known ones; no engine, RequestFailed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams

from orkeon_lsp.engine_slot import EngineUnavailableError

if TYPE_CHECKING:
    from orkeon_lsp.server_api import ServerApi

CHOICES_REQUEST = "orkeon/choices"
REQUEST_FAILED = types.LSPErrorCodes.RequestFailed.value


def source_of(params: Any) -> str:
    """The `source` of the request's params (an object or a mapping), or JsonRpcInvalidParams."""
    source = params.get("source") if isinstance(params, dict) else getattr(params, "source", None)
    if not isinstance(source, str):
        raise JsonRpcInvalidParams(f"{CHOICES_REQUEST} takes {{\"source\": <name>}}, such as \"sessions\"")
    return source


def setup(server: ServerApi) -> None:
    @server.feature(CHOICES_REQUEST)
    async def on_choices(ls: ServerApi, params: Any) -> list[dict[str, str]]:
        source = source_of(params)
        try:
            engine = await ls.engine.get()
        except EngineUnavailableError as error:
            raise JsonRpcException(str(error), code=REQUEST_FAILED, data={"kind": "unavailable"}) from None
        try:
            choices = await engine.choices(source)
        except ValueError as error:
            raise JsonRpcInvalidParams(str(error)) from None
        return [{"value": choice.value, "detail": choice.detail} for choice in choices]
