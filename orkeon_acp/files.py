"""AcpClientFiles: the engine's ClientFiles port over fs/read_text_file and fs/write_text_file, the ACP
counterpart of orkeon_lsp's overlay: the model reads the editor's unsaved buffers, and its edits land in
the editor. The VFS asks only for /workspace paths it has checked, by their real host path.

A read the client cannot answer (no capability, an error: a file it does not know) is None, and the VFS
reads the disk; a write it answers with an error is "refused" (the model is told the file is unchanged);
a client without fs/write_text_file leaves the write to the disk.
"""

from __future__ import annotations

import logging
from typing import Literal

from orkeon_acp.peer import SessionPeer

log = logging.getLogger("orkeon_acp")
EditOutcome = Literal["applied", "refused", "unsupported"]


class AcpClientFiles:
    """ClientFiles through the client. Never raises."""

    def __init__(self, peer: SessionPeer) -> None:
        self._peer = peer

    async def read(self, host_path: str) -> str | None:
        if not self._peer.support.read_text_file:
            return None
        try:
            response = await self._peer.conn.read_text_file(session_id=self._peer.session_id, path=host_path)
        except Exception as error:  # the client does not know the file, or failed: the disk answers
            log.debug("fs/read_text_file %s failed (%s); reading the disk", host_path, error)
            return None
        return response.content

    async def write(self, host_path: str, text: str) -> EditOutcome:
        if not self._peer.support.write_text_file:
            return "unsupported"
        try:
            await self._peer.conn.write_text_file(session_id=self._peer.session_id, path=host_path, content=text)
        except Exception as error:  # an error answer: the edit did not happen
            log.warning("fs/write_text_file %s failed (%s); reported as refused", host_path, error)
            return "refused"
        return "applied"
