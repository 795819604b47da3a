"""Test-wide guards: no test reaches the network (loopback only), litellm never fetches prices, and hypothesis
examples have no deadline."""

from __future__ import annotations

import atexit
import ipaddress
import os
import shutil
import socket
import tempfile

import pytest
from hypothesis import settings

os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
# Each workspace's private state lives in the person's state folder (adapters/workspace_state.py): the tests'
# engines, and the processes they start, keep theirs in one folder of this run, never in the real home.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="orkeon-test-state-")
atexit.register(shutil.rmtree, os.environ["XDG_STATE_HOME"], True)

# hypothesis's 200 ms deadline per example measures the machine's load, not the code: on a busy CI host the
# same example passes or fails. The number of examples bounds the time; no example has a deadline.
settings.register_profile("orkeon", deadline=None)
settings.load_profile("orkeon")

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


class NetworkBlockedError(RuntimeError):
    """A test tried to reach an address that is not loopback."""


def _check_address(address: object) -> None:
    if isinstance(address, str | bytes):  # a unix socket path
        return
    if not isinstance(address, tuple) or not address:
        return
    host = str(address[0])
    if host in ("localhost",):
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise NetworkBlockedError(f"tests may not connect to {host}: only loopback is allowed")


def _guarded_connect(self: socket.socket, address: object) -> None:
    _check_address(address)
    return _real_connect(self, address)  # type: ignore[arg-type]


def _guarded_connect_ex(self: socket.socket, address: object) -> int:
    _check_address(address)
    return _real_connect_ex(self, address)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", _guarded_connect_ex)
