"""Whether the model is served on the person's own machine or network (a llama.cpp, vLLM or Ollama server),
where no price applies: the turn then says "no price (local model)" once, where a hosted model nobody could
price says "unknown"."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from orkeon_engine.domain.settings.setting_choices import LOCAL_API_BASE

NO_PRICE = "no price (local model)"
LOCAL_PROVIDERS = frozenset({"ollama", "ollama_chat", "lm_studio", "llamafile"})
"""The litellm providers that are always a server of one's own."""
LOCAL_NAMES = frozenset({"localhost", "host.docker.internal"})


def is_local_model(model: str | None, api_base: str | None) -> bool:
    """A model of a local provider, the model `orkeon model local` serves, or an api base whose host is this
    machine, a private network address or a `.local` / `.lan` name."""
    if model and "/" in model and model.split("/", 1)[0].lower() in LOCAL_PROVIDERS:
        return True
    if not api_base:
        return False
    if api_base.strip() == LOCAL_API_BASE:  # the model `orkeon model local` serves on this machine
        return True
    try:
        host = (urlsplit(api_base if "//" in api_base else f"//{api_base}").hostname or "").lower()
    except ValueError:
        return False
    if host in LOCAL_NAMES or host.endswith((".local", ".lan", ".localhost")):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local
