"""Settings: `initializationOptions` and `workspace/didChangeConfiguration` onto the session's settings.

The payload is parsed once into ServerSettings (orkeon_lsp/settings.py); a refused value is answered
with a window/showMessage warning and its default. What the client changed (a `config` key, the `mode`)
is applied to the engine's session; a `config` key the client stops sending is unset, so its default
applies again. A notification without settings makes the server pull its `orkeon` section with
`workspace/configuration` when the client supports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types

from orkeon_lsp.engine_slot import EngineUnavailableError
from orkeon_lsp.settings import SECTION, ServerSettings, parse_settings, settings_section

if TYPE_CHECKING:
    from orkeon_engine.engine import Engine
    from orkeon_lsp.server_api import ServerApi


def session_changes(previous: ServerSettings, new: ServerSettings) -> tuple[dict[str, Any], str | None]:
    """The settings keys to set for the session (None unsets a key the client no longer sends), and the
    mode to set (None when the client did not change it)."""
    values: dict[str, Any] = {key: value for key, value in new.config.items() if previous.config.get(key) != value}
    values.update({key: None for key in previous.config if key not in new.config})
    mode = new.mode if new.mode is not None and new.mode != previous.mode else None
    return values, mode


async def apply_to_session(server: ServerApi, engine: Engine, previous: ServerSettings,
                           new: ServerSettings) -> None:
    """Apply what changed between two settings to the engine's session; warn about what it refused."""
    values, mode = session_changes(previous, new)
    if not values and mode is None:
        return
    for problem in await engine.apply_session_settings(values, mode):
        server.tell("warning", f"orkeon settings: {problem}")
    names = sorted(values) + (["mode"] if mode is not None else [])
    server.log("info", f"orkeon settings applied to the session: {', '.join(names)}")


def take_initialization_options(server: ServerApi, options: Any) -> list[str]:
    """Parse `initializationOptions` into the server's settings; the warnings to show once connected."""
    server.settings, warnings = parse_settings(options)
    return warnings


def setup(server: ServerApi) -> None:
    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def on_configuration(ls: ServerApi, params: types.DidChangeConfigurationParams) -> None:
        raw = settings_section(params.settings)
        if raw is None and ls.support.configuration:
            raw = await _pull(ls)
        new, warnings = parse_settings(raw)
        for warning in warnings:
            ls.tell("warning", warning)
        previous, ls.settings = ls.settings, new
        try:
            engine = await ls.engine.get()
        except EngineUnavailableError as error:
            ls.log("warning", f"settings not applied: {error}")
            return
        await apply_to_session(ls, engine, previous, new)


async def _pull(server: ServerApi) -> Any:
    params = types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])
    try:
        answer = await server.request(types.WORKSPACE_CONFIGURATION, params)
    except Exception as error:
        server.log("warning", f"workspace/configuration failed ({error}); the defaults apply")
        return None
    return answer[0] if isinstance(answer, list | tuple) and answer else None
