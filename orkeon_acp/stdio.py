"""The protocol's streams over stdio: stdin, and the real stdout that orkeon_engine.edge_io's
`protect_stdout` kept for the protocol alone, wrapped in the asyncio reader and writer the ACP connection
takes.
"""

from __future__ import annotations

import asyncio
import sys
from typing import BinaryIO

STREAM_LIMIT = 50 * 1024 * 1024
"""The longest line read from the client (a prompt with attached files, a big file's text)."""


class _Writes(asyncio.streams.FlowControlMixin, asyncio.Protocol):
    """The write side's protocol: StreamWriter.drain waits on its flow control."""


async def protocol_streams(protocol_out: BinaryIO) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """The reader of stdin and the writer of the protocol's stdout."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=STREAM_LIMIT)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    transport, protocol = await loop.connect_write_pipe(_Writes, protocol_out)
    writer = asyncio.StreamWriter(transport, protocol, None, loop)
    return reader, writer
