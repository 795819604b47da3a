"""The client's settings for one connection, parsed once at the boundary.

They arrive camelCase in `initializationOptions` and in `workspace/didChangeConfiguration` (as the
object itself or under an `orkeon` section). A value of the wrong type, an unknown mode or settings key,
or an unknown name is answered with a warning and the field's default, never a failure:

    {"logLevel": "info", "showMessages": true, "showDocuments": true, "askInEditor": true, "mode": "plan",
     "resume": "<session id>", "config": {"model": "openai/gpt-4o-mini", "model.apiBase": "http://..."}}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, get_args

from orkeon_engine.domain.permissions.modes import PERMISSION_MODES, parse_mode
from orkeon_engine.domain.settings.config_schema import ConfigValueError, check_value, find_key, known_keys_text

LogLevel = Literal["error", "warning", "info", "debug"]
LOG_LEVELS: tuple[LogLevel, ...] = get_args(LogLevel)
SECTION = "orkeon"


@dataclass(frozen=True)
class ServerSettings:
    """What the client may set for this connection; every field has a default."""

    log_level: LogLevel = "info"
    """`logLevel`: the lowest level of the engine's log sent as window/logMessage."""

    show_messages: bool = True
    """`showMessages`: show a command's closing message with window/showMessage."""

    show_documents: bool = True
    """`showDocuments`: open a long text written under /output with window/showDocument."""

    ask_in_editor: bool = True
    """`askInEditor`: ask the permission gate's questions (and every choice) with window/showMessageRequest;
    off, nobody is asked and every call that would ask is refused, with a message saying so."""

    mode: str | None = None
    """`mode`: the session's permission mode (one of the modes of /mode); None leaves it as it is."""

    resume: str | None = None
    """`resume`: the id of a saved session to continue (read from initializationOptions only)."""

    config: Mapping[str, Any] = field(default_factory=dict)
    """`config`: keys of the settings file (`.orkeon/config.json`) set for this session only."""


@dataclass(frozen=True)
class _Field:
    camel: str
    name: str
    parse: Callable[[Any], Any]


class _Refused(ValueError):
    """A value a field does not take; the message says what it takes."""


def _log_level(value: Any) -> LogLevel:
    if isinstance(value, str) and value.lower() in LOG_LEVELS:
        return next(level for level in LOG_LEVELS if level == value.lower())
    raise _Refused(" | ".join(LOG_LEVELS))


def _boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise _Refused("true or false")


def _mode(value: Any) -> str | None:
    if value is None:
        return None
    mode = parse_mode(value) if isinstance(value, str) else None
    if mode is None:
        raise _Refused(" | ".join(PERMISSION_MODES))
    return mode


def _session_id(value: Any) -> str | None:
    if value is None or (isinstance(value, str) and value.strip()):
        return value.strip() if isinstance(value, str) else None
    raise _Refused("a session id (text)")


FIELDS: tuple[_Field, ...] = (
    _Field("logLevel", "log_level", _log_level),
    _Field("showMessages", "show_messages", _boolean),
    _Field("showDocuments", "show_documents", _boolean),
    _Field("askInEditor", "ask_in_editor", _boolean),
    _Field("mode", "mode", _mode),
    _Field("resume", "resume", _session_id),
)
DEFAULTS = ServerSettings()


def settings_section(raw: Any) -> Any:
    """The part of a didChangeConfiguration payload that is ours: its `orkeon` section when it has one."""
    if isinstance(raw, Mapping) and isinstance(raw.get(SECTION), Mapping):
        return raw[SECTION]
    return raw


def parse_settings(raw: Any) -> tuple[ServerSettings, list[str]]:
    """The typed settings of a client payload, and one warning per value that was refused."""
    if raw is None:
        return DEFAULTS, []
    if not isinstance(raw, Mapping):
        return DEFAULTS, [f"orkeon settings: expected an object, got {_show(raw)}; using the defaults"]
    warnings: list[str] = []
    values: dict[str, Any] = {}
    known = {f.camel for f in FIELDS} | {"config"}
    for name in raw:
        if name not in known:
            warnings.append(f"orkeon settings: unknown setting {name!r} is ignored; known: {', '.join(sorted(known))}")
    for spec in FIELDS:
        if spec.camel not in raw:
            continue
        try:
            values[spec.name] = spec.parse(raw[spec.camel])
        except _Refused as refused:
            default = getattr(DEFAULTS, spec.name)
            fallback = "left unset" if default is None else f"using the default ({_show(default)})"
            warnings.append(
                f"orkeon settings: {spec.camel}: {_show(raw[spec.camel])} is not accepted; expected {refused}; "
                + fallback
            )
    if "config" in raw:
        values["config"] = _parse_config(raw["config"], warnings)
    return replace(DEFAULTS, **values), warnings


def _parse_config(raw: Any, warnings: list[str]) -> dict[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        warnings.append(f"orkeon settings: config: expected an object of settings keys, got {_show(raw)}")
        return {}
    config: dict[str, Any] = {}
    for key, value in raw.items():
        spec = find_key(str(key))
        if spec is None:
            warnings.append(f"orkeon settings: config: unknown key {key!r} is ignored; known keys: {known_keys_text()}")
            continue
        try:
            config[spec.key] = check_value(spec, value)
        except ConfigValueError as error:
            warnings.append(f"orkeon settings: config: {error}; using the default")
    return config


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def field_names() -> list[str]:
    """The camelCase names the client may send, for the documentation."""
    return [f.camel for f in FIELDS] + ["config"]

