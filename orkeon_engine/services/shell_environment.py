"""The environment of the commands the model runs, read once when the engine starts: the inherited set,
the names the `shell.environment.inherit` setting lists, and never a credential (domain/secrets/shell_environment.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.secrets.shell_environment import command_environment
from orkeon_engine.ports.logger import Logger
from orkeon_engine.services.config_store import ConfigStore


async def environment_for_commands(config: ConfigStore, env: Mapping[str, str], logger: Logger) -> dict[str, str]:
    """The variables every shell command and job receives; a listed name held back is said in the log."""
    try:
        listed = await config.get("shell.environment.inherit", [])
    except ConfigFileError as error:  # every command reports the broken file itself; the default set applies
        logger.debug(f"shell.environment.inherit cannot be read ({error}); commands get the default set only")
        listed = []
    scrubbed = command_environment(env, listed)
    for name, why in scrubbed.held_back:
        logger.warning(f"{name} is listed in shell.environment.inherit but never reaches a command: {why}")
    return scrubbed.variables
