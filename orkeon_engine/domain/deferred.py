"""Deferred: a port built on its first use.

The composition root wires every port of a workspace, but one command uses a few: `orkeon status` reads the
settings, the session and the ledger, and never the model, the tools, the child agents or the MCP servers.
A deferred port imports and builds its adapter when something first reads an attribute of it (or calls
it), once; until then it costs a closure. Checks of the port against None stay as they were: a port that
may be absent is None or deferred, never a deferred None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

T = TypeVar("T")


class Deferred:
    """Stands for the object `build()` returns, building it on the first attribute read or call."""

    __slots__ = ("_build", "_built", "_on_build")

    def __init__(self, build: Callable[[], Any]) -> None:
        object.__setattr__(self, "_build", build)
        object.__setattr__(self, "_built", None)
        object.__setattr__(self, "_on_build", [])

    def _target(self) -> Any:
        built = object.__getattribute__(self, "_built")
        if built is None:
            built = object.__getattribute__(self, "_build")()
            object.__setattr__(self, "_built", built)
            for action in object.__getattribute__(self, "_on_build"):
                action(built)
        return built

    def __getattr__(self, name: str) -> Any:
        return getattr(self._target(), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._target(), name, value)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._target()(*args, **kwargs)

    def __repr__(self) -> str:
        built = object.__getattribute__(self, "_built")
        return f"Deferred({built!r})" if built is not None else "Deferred(not built)"


def deferred(build: Callable[[], T]) -> T:
    """`build()`'s object, built on its first use (typed as the object itself)."""
    return cast(T, Deferred(build))


def built(port: object) -> object | None:
    """The object behind `port` when it is built (or is no deferred port at all), else None: what a close
    reads, so closing never builds what was never used."""
    if isinstance(port, Deferred):
        found: object | None = object.__getattribute__(port, "_built")
        return found
    return port


def when_built(port: T, action: Callable[[T], None]) -> None:
    """`action(port)` now when the port is built, else once it is (a listener registered on a service that
    has not started yet)."""
    if isinstance(port, Deferred) and built(port) is None:
        object.__getattribute__(port, "_on_build").append(action)
    else:
        action(port)


def then(port: T, change: Callable[[T], T]) -> T:
    """`change(port)`, deferred too while `port` is not built (Deps.for_run binds the model to a run without
    building it)."""
    if isinstance(port, Deferred) and built(port) is None:
        return deferred(lambda: change(cast(T, object.__getattribute__(port, "_target")())))
    return change(port)
