"""Asking an OpenAI-compatible server whether it is up, over httpx: llama.cpp's and vLLM's `GET /health`,
then llama.cpp's `GET /slots` for how many of its slots are working.

The questions go to the api base's origin (scheme, host and port), with a short timeout and no redirect.
Any HTTP answer means the server is up (a 503 "loading model" or a 401 of a gateway included); no answer
within the timeout means it accepts connections but has stopped answering (hung); a refused connection
means it stopped. Never raises.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from orkeon_engine.domain.model.model_wait import ServerHealth

PROBE_SECONDS = 3.0


async def probe_health(api_base: str | None, timeout: float = PROBE_SECONDS) -> ServerHealth:
    """What `api_base`'s server says of itself now (domain/model/model_wait.ServerHealth)."""
    if not api_base:
        return ServerHealth("unknown")
    import httpx  # here: off every start-up path

    parts = urlsplit(api_base)
    origin = f"{parts.scheme or 'http'}://{parts.netloc}"
    try:
        async with httpx.AsyncClient(timeout=timeout, follow_redirects=False) as client:
            health = await client.get(f"{origin}/health")
            detail = "" if health.status_code != 503 else "loading the model"
            if not detail:
                detail = await _slots(client, origin)
            return ServerHealth("busy", detail)
    except httpx.ConnectError:
        return ServerHealth("down")
    except (httpx.TimeoutException, httpx.RemoteProtocolError, httpx.ReadError):
        return ServerHealth("hung")
    except Exception:  # a surprise of the library: nothing known
        return ServerHealth("unknown")


async def _slots(client: Any, origin: str) -> str:
    """`1 of 2 slots working` from llama.cpp's /slots; "" when the server has none to show."""
    try:
        answer = await client.get(f"{origin}/slots")
        slots = answer.json() if answer.status_code == 200 else None
    except Exception:  # /slots is optional (llama.cpp --no-slots, vLLM): the health answer is enough
        return ""
    if not isinstance(slots, list) or not slots:
        return ""
    working = sum(1 for slot in slots if isinstance(slot, dict) and slot.get("is_processing"))
    return f"{working} of {len(slots)} slot{'' if len(slots) == 1 else 's'} working"
