"""EngineSlot: the connection's engine, built once in the background after `initialize` has answered.

Building it opens the workspace's state (SQLite) and imports the engine's wiring; neither belongs on the
path to the `initialize` response. A request that arrives first simply waits for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the engine's modules load with the engine, after initialize has answered
    from orkeon_engine.engine import Engine


class EngineUnavailableError(Exception):
    """The engine is not there: the server was not initialized, or the engine could not be built."""


class EngineSlot:
    """Holds the engine's build and hands the engine to whoever awaits it."""

    def __init__(self) -> None:
        self._build: asyncio.Task[Engine] | None = None
        self._closed = False

    def start(self, build: Callable[[], Coroutine[Any, Any, Engine]], on_failure: Callable[[str], None]) -> None:
        """Start building (once); `on_failure` hears why when the build fails."""
        if self._build is not None:
            return
        self._build = asyncio.ensure_future(build())

        def report(task: asyncio.Task[Engine]) -> None:
            if not task.cancelled() and task.exception() is not None:
                on_failure(_reason(task.exception()))

        self._build.add_done_callback(report)

    async def get(self) -> Engine:
        """The engine, once built; EngineUnavailableError when there is none."""
        if self._build is None:
            raise EngineUnavailableError("the server has not been initialized yet (send initialize first)")
        try:
            return await asyncio.shield(self._build)
        except asyncio.CancelledError:
            if self._build.cancelled():
                raise EngineUnavailableError("the server is shutting down") from None
            raise
        except Exception as error:
            raise EngineUnavailableError(_reason(error)) from error

    def close(self) -> None:
        """Close the engine if it was built; a build still running is stopped."""
        if self._build is None or self._closed:
            return
        self._closed = True
        if not self._build.done():
            self._build.cancel()
        elif not self._build.cancelled() and self._build.exception() is None:
            self._build.result().close()


def _reason(error: BaseException | None) -> str:
    return f"the engine could not start: {error}"
