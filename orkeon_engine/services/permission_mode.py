"""The permission mode a run takes, and where it comes from.

In order: the mode the launching command names (explicit), the session's default set by /mode (the
state bag's "permissions.mode"), the `permissions.fallback` setting, then FALLBACK_MODE. The mode is
handed on as its name: a name that is no mode (a stale session value, say) reaches the gate, which
refuses every call, rather than being silently replaced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.permissions.modes import FALLBACK_MODE, SESSION_MODE_KEY, PermissionMode, parse_mode
from orkeon_engine.services.config_store import FILE_SCOPES, ConfigStore
from orkeon_engine.services.session_io import CurrentSession

ModeSource = Literal["explicit", "session", "settings", "fallback"]
FALLBACK_SETTING = "permissions.fallback"


@dataclass(frozen=True)
class ModeChoice:
    """The mode's name, its source, and where the setting lives or why it could not be read."""

    mode: str
    source: ModeSource
    detail: str = ""
    problem: str = ""

    @property
    def known(self) -> PermissionMode | None:
        """The mode, or None when the name is no mode."""
        return parse_mode(self.mode) if not self.problem else None

    def describe(self) -> str:
        """`plan (session)`, `acceptEdits (settings: /repo/.orkeon/config.json)`, `default (fallback)`."""
        where = f"{self.source}: {self.detail}" if self.detail else self.source
        return f"{self.mode or '?'} ({where})"


async def resolve_mode(session: CurrentSession, config: ConfigStore, explicit: str | None = None) -> ModeChoice:
    """The run's mode; never raises (an unreadable settings file is a problem the gate refuses on)."""
    if explicit:
        return ModeChoice(explicit, "explicit")
    stored = await session.get_state(SESSION_MODE_KEY)
    if stored is not None and stored != "":
        return ModeChoice(str(stored), "session")
    try:
        found = await config.read_value(FALLBACK_SETTING)
    except ConfigFileError as error:
        return ModeChoice("", "settings", problem=str(error))
    if found.is_set and isinstance(found.value, str):
        where = next((config.location(s) for s in FILE_SCOPES if s == found.source), "this session")
        return ModeChoice(found.value, "settings", where)
    return ModeChoice(FALLBACK_MODE, "fallback")
