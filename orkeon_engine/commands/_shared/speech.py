"""The speech crew's ports built from a command's Deps, for the speech commands and `voice.reply`."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.crews.speech.run import SpeechPorts
from orkeon_engine.domain.errors import NotConfiguredError


def speech_ports(deps: Deps) -> SpeechPorts:
    """The declared MCP servers and the VFS; NotConfiguredError when this engine has either missing."""
    if deps.files is None:
        raise NotConfiguredError("speech needs the workspace's files, which this engine does not have")
    return SpeechPorts(deps.require_mcp(), deps.files)
