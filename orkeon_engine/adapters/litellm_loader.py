"""Loading litellm, the model client: once, offline and quiet, never on a front end's start-up path.

`import litellm` takes seconds and about 190 MB, so it happens on the first use, in a worker thread, with
LITELLM_LOCAL_MODEL_COST_MAP=True (no price list fetched) and its debug banner off and its loggers on
stderr (stdout is the language server's protocol stream). A front end that is idle (the language server
once `initialize` has answered and no command runs, the prompt waiting for a line) calls `preload_litellm`
in a background thread, which also rehearses one mocked completion (no network), so the first model
command does not wait; a command that does wait longer than half a second is told so through `notice`
("loading the model client").
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

LITELLM_LOGGERS = ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy")
SLOW_LOAD_SECONDS = 0.5
LOADING_NOTICE = "loading the model client"

_litellm: Any = None
_import_lock = threading.Lock()


def loaded_litellm() -> Any:
    """The litellm module when it is loaded already, else None (never imports)."""
    return _litellm


def load_litellm() -> Any:
    """Import litellm once, offline and quiet (see the module docstring); blocks for seconds the first time."""
    global _litellm
    with _import_lock:
        if _litellm is None:
            os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
            import litellm

            litellm.suppress_debug_info = True
            setattr(litellm, "set_verbose", False)  # noqa: B010 (not re-exported in its stubs)
            for name in LITELLM_LOGGERS:
                _to_stderr(logging.getLogger(name))
            _litellm = litellm
    return _litellm


def preload_litellm() -> str:
    """Load litellm now, in the calling thread (a front end's background thread), and say how it went in
    one line for the log. Never raises: a failure shows again, with its reason, at the first model call."""
    if _litellm is not None:
        return "the model client was loaded already"
    started = time.monotonic()
    try:
        _rehearse(load_litellm())
    except Exception as error:  # a broken install: the first model call reports it
        return f"the model client could not be loaded in the background ({type(error).__name__}: {error})"
    return f"the model client is loaded ({time.monotonic() - started:.1f} s, in the background)"


def _rehearse(litellm: Any) -> None:
    """One mocked completion (`mock_response`: nothing is sent anywhere), so the first real call finds
    litellm's own lazy imports done and its response models built (a second or so, the first time)."""
    litellm.completion(model="openai/warm-up", messages=[{"role": "user", "content": "warm up"}],
                       mock_response="ready", drop_params=True)


async def litellm_client(notice: Callable[[str], None] | None = None) -> Any:
    """litellm, imported off the event loop when it is not loaded yet; `notice` hears LOADING_NOTICE when
    that takes longer than SLOW_LOAD_SECONDS (a background preload may already be half way)."""
    if _litellm is not None:
        return _litellm
    loading = asyncio.ensure_future(asyncio.to_thread(load_litellm))
    done, _ = await asyncio.wait({loading}, timeout=SLOW_LOAD_SECONDS)
    if not done and notice is not None:
        notice(LOADING_NOTICE)
    return await loading


def _to_stderr(logger: logging.Logger) -> None:
    """Route a litellm logger to stderr (its own handler sends the records below WARNING to stdout),
    keeping the filters litellm put on it (they mask secrets)."""
    target = logging.StreamHandler(sys.stderr)
    for handler in list(logger.handlers):
        for log_filter in handler.filters:
            target.addFilter(log_filter)
        if handler.formatter is not None:
            target.setFormatter(handler.formatter)
        logger.removeHandler(handler)
    logger.addHandler(target)
    logger.setLevel(max(logger.level, logging.WARNING))
    logger.propagate = False
