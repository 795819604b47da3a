"""The workspace trust question: asked once per engine, the first time a model is called (or when the
editor starts), and only when the project's settings file sets a key that waits for trust.

Nobody answering (no terminal, CI, an editor that shows no question, the deadline passing) leaves the
workspace untrusted, and the log says which keys are ignored and how to trust it (`orkeon trust grant`).
"""

from __future__ import annotations

import asyncio

from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.settings.trust import HeldBack, held_back_message
from orkeon_engine.ports.human_input import HumanInput
from orkeon_engine.ports.logger import Logger
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.deadlines import DEFAULT_ASK_SECONDS, ask_within

TRUST = "Trust this workspace"
KEEP_UNTRUSTED = "Keep it untrusted"


async def trust_line(config: ConfigStore) -> str:
    """Whether the workspace is trusted, and the project's keys ignored until it is (for /status, /doctor)."""
    try:
        held = await config.held_back()
    except ConfigFileError as error:
        return f"unknown ({error})"
    if config.trust.trusted():
        return f"trusted ({config.trust.location()})"
    if not held:
        return "not trusted; the project's settings file sets nothing that waits for trust"
    return "not trusted: " + held_back_message(held, config.location("project"))


def trust_question(held: list[HeldBack], project_file: str, workspace: str) -> str:
    lines = [f"Trust the workspace {workspace}?", f"Its settings file {project_file} sets:"]
    lines += [f"  {item.key} = {_shown(item.value)}: {item.why}" for item in held]
    lines.append("Until you trust it, these are ignored and your own settings apply. Trust it only if you "
                 "trust whoever wrote that file; `orkeon trust revoke` takes it back.")
    return "\n".join(lines)


class TrustQuestion:
    """Settles the workspace's trust once: asks when the project holds back keys, else does nothing."""

    def __init__(self, config: ConfigStore, human: HumanInput, logger: Logger) -> None:
        self._config = config
        self._human = human
        self._logger = logger
        self._lock = asyncio.Lock()
        self._settled = False

    async def settle(self) -> None:
        """Ask, the first time only; never raises."""
        async with self._lock:
            if self._settled:
                return
            self._settled = True
            try:
                await self._ask()
            except (ConfigFileError, OSError) as error:  # a broken file is reported by every command
                self._logger.warning(f"the workspace's trust could not be settled: {error}")

    async def _ask(self) -> None:
        held = await self._config.held_back()
        if not held:
            return
        trust = self._config.trust
        project_file = self._config.location("project")
        seconds = await self._config.get("permissions.askTimeout", DEFAULT_ASK_SECONDS)
        question = trust_question(held, project_file, trust.workspace())
        answer = await ask_within(self._human, question, [TRUST, KEEP_UNTRUSTED], float(seconds))
        if answer == TRUST:
            trust.grant()
            self._logger.info(f"trusted {trust.workspace()} (kept in {trust.location()}); its settings apply")
            return
        self._logger.warning(held_back_message(held, project_file))


def _shown(value: object) -> str:
    text = str(value)
    return text if len(text) <= 80 else text[:77] + "..."
