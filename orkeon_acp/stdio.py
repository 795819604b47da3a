"""The protocol's streams over stdio, with stdout kept for the protocol alone.

`protect_stdout` keeps a duplicate of descriptor 1 for the protocol and points descriptor 1 (and
`sys.stdout`) at stderr, so nothing else can corrupt the stream; `protocol_streams` wraps stdin and that
duplicate in the asyncio reader and writer the ACP connection takes.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import BinaryIO

STREAM_LIMIT = 50 * 1024 * 1024
"""The longest line read from the client (a prompt with attached files, a big file's text)."""


def protect_stdout() -> BinaryIO:
    """The real stdout, for the protocol; everything else written to stdout goes to stderr from now on."""
    sys.stdout.flush()
    protocol_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    return protocol_out


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
