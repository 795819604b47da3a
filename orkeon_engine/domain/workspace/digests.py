"""The digests Orkeon names things by (a workspace's state folder, a finding's id, a file's content), made
without loading OpenSSL.

`hashlib` loads `_hashlib`, OpenSSL's libcrypto, at import: 3.6 MB of resident memory, which the language
server's idle floor (issue 48: at most 55 MB) cannot carry for the few short keys it hashes at start. Python
ships its own SHA-256 and BLAKE2b (`_sha2`, `_sha256` before 3.12, `_blake2`), the ones hashlib falls back
to; they give the same digests. A Python built without them gets hashlib's, loaded on first use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

_SHA256_MODULES = ("_sha2", "_sha256")


def _constructor(modules: tuple[str, ...], name: str) -> Callable[..., Any]:
    for module in modules:
        try:
            return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            continue
    return getattr(importlib.import_module("hashlib"), name)  # type: ignore[no-any-return]


_sha256 = _constructor(_SHA256_MODULES, "sha256")
_blake2b = _constructor(("_blake2",), "blake2b")


def sha256_hex(data: bytes) -> str:
    """SHA-256 of `data`, in hex (hashlib.sha256(data).hexdigest())."""
    return str(_sha256(data).hexdigest())


def blake2b_hex(data: bytes, digest_size: int) -> str:
    """BLAKE2b of `data` with `digest_size` bytes, in hex (hashlib.blake2b(...).hexdigest())."""
    return str(_blake2b(data, digest_size=digest_size).hexdigest())
