"""Secret masking: the values of the environment's key-like variables, and key-shaped words, made `***`.

The engine's own process holds the providers' keys in its environment, and the commands the model runs
inherit it; whatever such a command prints, and whatever a provider's error message quotes, is masked with
this before it reaches a prompt, a log or the person.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

SECRET_NAME = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD)", re.IGNORECASE)
"""A variable whose name says it holds a secret."""
KEY_SHAPE = re.compile(r"\b(sk|pk|rk|gsk|xai|hf)[-_][A-Za-z0-9_\-]{8,}")
"""A word shaped like a provider's key, masked wherever it comes from."""
MIN_SECRET_CHARS = 8
"""A shorter value is not masked: it would mask ordinary words."""
MASK = "***"


def mask_secrets(text: str, environments: Iterable[Mapping[str, str]]) -> str:
    """The text with every secret-named variable's value and every key-shaped word replaced by `***`."""
    for env in environments:
        for name, value in env.items():
            if SECRET_NAME.search(name) and len(value) >= MIN_SECRET_CHARS and value in text:
                text = text.replace(value, MASK)
    return KEY_SHAPE.sub(MASK, text)
