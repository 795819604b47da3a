"""The standard streams of an edge that speaks a protocol on stdio (the language server, the ACP agent).

`protect_stdout` keeps the real stdout for the protocol alone: it returns a duplicate of descriptor 1, and
points descriptor 1 itself (and `sys.stdout`) at stderr, so a print, a library's banner (litellm's) or a
child process writing to its stdout lands in the log instead of corrupting the stream.

`stop_commands_on_signals` makes SIGTERM and SIGHUP (an editor stopping its server) stop the shell calls
and checks still running before the process ends (adapters/process_groups.py says why).
"""

from __future__ import annotations

import os
import sys
from typing import BinaryIO


def protect_stdout() -> BinaryIO:
    """Keep the real stdout for the protocol and send everything else written there to stderr."""
    sys.stdout.flush()
    protocol_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    return protocol_out


def stop_commands_on_signals() -> None:
    """On SIGTERM or SIGHUP, stop the commands still running in their own process groups, then end."""
    from orkeon_engine.adapters.process_groups import stop_on_signals

    stop_on_signals()


def exit_code_after_stop(code: int) -> int:
    """`code`, or 128 + the stop signal when one ended the server (its loop may have swallowed the exit)."""
    from orkeon_engine.adapters.process_groups import received_signal

    signum = received_signal()
    return code if signum is None else 128 + signum
