"""The config store: settings read from the user's file, then the project's, then the session, the later winning.

Every key must be declared in domain/settings/config_schema.py. A settings file that is not valid JSON, not an
object, or holds an unknown key or a bad value is reported with its path and the
key, and is never rewritten: a `set` into such a file is refused until the person fixes it.

The project's file is the repository's: a key that routes traffic or credentials (domain/settings/trust.py) is not
read from it until the person trusts the workspace (the WorkspaceTrust port); `held_back` says which.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from orkeon_engine.domain.errors import CommandFailedError, ConfigFileError
from orkeon_engine.domain.json_nesting import SETTINGS_NESTING, nests_deeper_than
from orkeon_engine.domain.settings.config_schema import (
    ConfigKey,
    ConfigValueError,
    check_value,
    find_key,
    known_keys_text,
    parse_token,
)
from orkeon_engine.domain.settings.trust import HeldBack, held_back, project_may_use
from orkeon_engine.ports.config_files import ConfigFiles, FileScope
from orkeon_engine.ports.workspace_trust import WorkspaceTrust
from orkeon_engine.services.session_io import CurrentSession

Scope = Literal["user", "project", "session"]
SESSION_PREFIX = "config:"
FILE_SCOPES: tuple[FileScope, ...] = ("user", "project")


class UnknownConfigKeyError(CommandFailedError):
    """A key that is not declared in the schema."""

    def __init__(self, key: str) -> None:
        super().__init__(f"unknown settings key {key!r}; known keys: {known_keys_text()}")
        self.key = key


@dataclass(frozen=True)
class ConfigValue:
    """A key's effective value and where it came from: user, project, session, or default."""

    spec: ConfigKey
    value: Any
    source: str

    @property
    def is_set(self) -> bool:
        return self.source != "default"


class ConfigStore:
    """Reads and writes settings across the three scopes; the project's routing keys only once trusted.

    `env` is the engine's environment, read for ORKEON_MODEL alone: the provider the person chose, which an
    untrusted project's model must keep."""

    def __init__(self, files: ConfigFiles, session: CurrentSession, trust: WorkspaceTrust,
                 env: Mapping[str, str] | None = None) -> None:
        self._files = files
        self._session = session
        self._trust = trust
        self._env = env or {}

    @property
    def trust(self) -> WorkspaceTrust:
        return self._trust

    def location(self, scope: FileScope) -> str:
        return self._files.location(scope)

    async def read_value(self, key: str) -> ConfigValue:
        """The effective value; raises UnknownConfigKeyError or ConfigFileError."""
        spec = _spec(key)
        session_value = await self._session.get_state(SESSION_PREFIX + key)
        if session_value is not None:
            return ConfigValue(spec, session_value, "session")
        for scope in ("project", "user"):
            values = self.read_file(scope)
            if key in values and (scope == "user" or await self._project_may_use(key, values[key])):
                return ConfigValue(spec, values[key], scope)
        return ConfigValue(spec, spec.default, "default")

    async def held_back(self) -> list[HeldBack]:
        """The keys of the project's file not used for want of trust; raises ConfigFileError."""
        project = self.read_file("project")
        if not project:
            return []
        return held_back(project, self._trust.trusted(), await self._person_model(), self._trust.approved_rules())

    async def _project_may_use(self, key: str, value: Any) -> bool:
        return project_may_use(key, value, self._trust.trusted(), await self._person_model())

    async def _person_model(self) -> str | None:
        """The model the person chose themselves: the session's, their own file's, else ORKEON_MODEL."""
        chosen = await self._session.get_state(SESSION_PREFIX + "model")
        if not isinstance(chosen, str) or not chosen:
            chosen = self.read_file("user").get("model")
        if not isinstance(chosen, str) or not chosen:
            chosen = self._env.get("ORKEON_MODEL")
        return chosen or None

    async def get(self, key: str, default: Any = None) -> Any:
        """The value, or `default` when it is unset (the consumer's one-line read)."""
        found = await self.read_value(key)
        return found.value if found.is_set and found.value is not None else default

    def read_file(self, scope: FileScope) -> dict[str, Any]:
        """A settings file's keys and values, validated; raises ConfigFileError naming the path."""
        path = self._files.location(scope)
        try:
            text = self._files.read(scope)
        except OSError as error:
            raise ConfigFileError(path, f"cannot be read ({error.strerror or error})") from None
        if text is None or not text.strip():
            return {}
        return _parse_file(path, text)

    def file_problems(self) -> list[str]:
        """One line per settings file that cannot be used, for /status and /doctor."""
        problems = []
        for scope in FILE_SCOPES:
            try:
                self.read_file(scope)
            except ConfigFileError as error:
                problems.append(str(error))
        return problems

    async def set_value(self, key: str, token: str, scope: Scope) -> ConfigValue:
        """Set a key from a typed value; raises ConfigValueError, UnknownConfigKeyError or ConfigFileError."""
        spec = _spec(key)
        value = parse_token(spec, token)
        await self.write_value(spec, value, scope)
        return ConfigValue(spec, value, scope)

    async def write_value(self, spec: ConfigKey, value: Any, scope: Scope) -> None:
        """Write an already typed value (None removes the key) in one scope."""
        if value is not None:
            check_value(spec, value)
        if scope == "session":
            await self._session.set_state(SESSION_PREFIX + spec.key, value)
            return
        values = self.read_file(scope)
        if value is None:
            values.pop(spec.key, None)
        else:
            values[spec.key] = value
        text = json.dumps(dict(sorted(values.items())), indent=2, ensure_ascii=False) + "\n"
        try:
            self._files.write(scope, text)
        except OSError as error:
            raise ConfigFileError(self._files.location(scope), f"cannot be written ({error})") from None

    async def unset(self, key: str, scope: Scope) -> None:
        await self.write_value(_spec(key), None, scope)

    async def session_values(self) -> dict[str, Any]:
        bag = await self._session.read_state()
        return {k[len(SESSION_PREFIX) :]: v for k, v in bag.items() if k.startswith(SESSION_PREFIX)}


def _spec(key: str) -> ConfigKey:
    spec = find_key(key)
    if spec is None:
        raise UnknownConfigKeyError(key)
    return spec


def _parse_file(path: str, text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigFileError(path, f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}") from None
    except RecursionError:
        data = None
    if data is None or nests_deeper_than(data, SETTINGS_NESTING):
        raise ConfigFileError(path, f"its JSON nests more than {SETTINGS_NESTING} levels deep, which no settings "
                                    "key takes; fix the file or move it aside")
    if not isinstance(data, dict):
        raise ConfigFileError(path, "expected a JSON object of settings keys")
    for key, value in data.items():
        spec = find_key(key)
        if spec is None:
            raise ConfigFileError(path, f"unknown key {key!r}; known keys: {known_keys_text()}")
        try:
            check_value(spec, value)
        except ConfigValueError as error:
            raise ConfigFileError(path, str(error)) from None
    return dict(data)
