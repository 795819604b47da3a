"""The model client loaded while the server is idle: once the engine is built (so after `initialize` has
answered) and no command request is running, a background thread imports it (httpx for an OpenAI-compatible
api base, else litellm: seconds of import), so the first model command does not wait for the import. The
log says when it is loaded. Nothing happens without a configured model, or with `model.preload` set to
false."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from orkeon_engine.engine import Engine
    from orkeon_lsp.server_api import ServerApi

_waiting: set[asyncio.Task[Any]] = set()
"""The idle waits in flight (asyncio keeps only a weak reference to a task)."""


def load_model_client_when_idle(server: ServerApi, engine: Engine) -> None:
    """Start loading the model client in the background as soon as no command runs."""
    task = asyncio.ensure_future(_load_when_idle(server, engine))
    _waiting.add(task)
    task.add_done_callback(_waiting.discard)


async def _load_when_idle(server: ServerApi, engine: Engine) -> None:
    loader = await engine.model_client_loader()
    if loader is None:
        return
    await server.cancellations.idle()
    loop = asyncio.get_running_loop()

    def load() -> None:
        message = loader()
        with contextlib.suppress(RuntimeError):  # the loop has closed: the server is gone
            loop.call_soon_threadsafe(server.log, "info", message)

    # Not a daemon: a daemon thread stopped at exit in the middle of an import leaves the import lock held,
    # and litellm's own exit hook imports, so the process would hang on the way out instead of waiting the
    # few seconds the import has left.
    threading.Thread(target=load, name="orkeon-model-client", daemon=False).start()
