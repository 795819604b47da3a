"""Waiting for a model server's first byte: the deadline (`llm.firstByteSeconds`), what the server's health
says when it passes, and the sentences the person reads.

A model call that has had no byte of its answer within the deadline is not failed blindly: where the
server has a health endpoint (llama.cpp's `/health` and `/slots`, vLLM's `/health`), one that answers is
up and busy (a long prompt, another request in its slots) and gets its time, another deadline at a time up
to `llm.timeout`; one that does not answer has stopped answering and is said to be hung. A server without
an api base (a provider's own API) cannot be asked: the deadline ends the call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from orkeon_engine.domain.model.local_server import is_local_model

LOCAL_FIRST_BYTE_SECONDS = 120.0
"""A server on this machine or the local network: a CPU-served model may read a long prompt for a minute."""
REMOTE_FIRST_BYTE_SECONDS = 60.0
FIRST_BYTE_KEY = "llm.firstByteSeconds"

HealthState = Literal["busy", "hung", "down", "unknown"]


@dataclass(frozen=True)
class ServerHealth:
    """What the server's health endpoints said: `busy` (it answers: up, working or queueing), `hung` (it
    accepts a connection but answers nothing), `down` (it refuses the connection), `unknown` (nothing to
    ask: no api base). `detail` is a few words for the person ("1 of 1 slots working")."""

    state: HealthState
    detail: str = ""


def is_local_base(api_base: str | None) -> bool:
    """Whether the api base is on this machine or a private network: the rule that also says a model is
    local for its price (local_server.is_local_model)."""
    return is_local_model(None, api_base)


def first_byte_seconds(setting: float | None, api_base: str | None) -> float:
    """The deadline: the setting when it is set, else LOCAL_FIRST_BYTE_SECONDS for a local api base and
    REMOTE_FIRST_BYTE_SECONDS otherwise."""
    if setting is not None and setting > 0:
        return float(setting)
    return LOCAL_FIRST_BYTE_SECONDS if is_local_base(api_base) else REMOTE_FIRST_BYTE_SECONDS


def server_name(api_base: str | None, model: str) -> str:
    """The server as the person knows it: the api base, else the model's provider."""
    if api_base:
        return api_base
    return (model.split("/", 1)[0] if "/" in model else "openai") + "'s API"


def waiting_text(server: str, elapsed: float, health: ServerHealth | None = None) -> str:
    """The line shown while waiting: `waiting for http://...: 12 s` (with what the health said once asked)."""
    said = f" (busy: {health.detail})" if health is not None and health.state == "busy" and health.detail else \
        " (busy)" if health is not None and health.state == "busy" else ""
    return f"waiting for {server}: {elapsed:.0f} s{said}"


def first_byte_failure(model: str, server: str, seconds: float, health: ServerHealth) -> str:
    """The one sentence of a call that had no first byte in time."""
    head = f"{model}: no answer from {server} within {seconds:g} s ({FIRST_BYTE_KEY} is {seconds:g})"
    if health.state == "hung":
        return (f"{head}, and it does not answer its health check either: the server looks hung; restart it, "
                f"or set {FIRST_BYTE_KEY} higher if it is only slow")
    if health.state == "down":
        return f"{head}, and it now refuses connections: the server stopped; start it again"
    return f"{head}: check that the server runs, or set {FIRST_BYTE_KEY} higher if it is only slow"
