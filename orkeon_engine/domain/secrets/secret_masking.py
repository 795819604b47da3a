"""Secret masking: the values of the environment's key-like variables, key-shaped words and the password
of a URL (`https://user:***@host`), made `***`.

The engine's own process holds the providers' keys in its environment; the commands the model runs get a
scrubbed environment (domain/secrets/shell_environment.py), and whatever they print, and whatever a provider's
error message quotes, is masked with this before it reaches a prompt, a log or the person.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

SECRET_NAME = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD)", re.IGNORECASE)
"""A variable whose name says it holds a secret."""
KEY_SHAPE = re.compile(r"\b(sk|pk|rk|gsk|xai|hf)[-_][A-Za-z0-9_\-]{8,}")
"""A word shaped like a provider's key, masked wherever it comes from."""
URL_PASSWORD = re.compile(r"(\b[A-Za-z][A-Za-z0-9+.\-]*://[^\s/:@]*:)([^\s/@]+)(@)")
"""A URL carrying a password (`scheme://user:password@host`): the password is group 2."""
MIN_SECRET_CHARS = 8
"""A shorter value is not masked: it would mask ordinary words."""
MASK = "***"


def mask_secrets(text: str, environments: Iterable[Mapping[str, str]]) -> str:
    """The text with every secret-named variable's value and every key-shaped word replaced by `***`."""
    for env in environments:
        for name, value in env.items():
            if SECRET_NAME.search(name) and len(value) >= MIN_SECRET_CHARS and value in text:
                text = text.replace(value, MASK)
    text = URL_PASSWORD.sub(lambda match: f"{match.group(1)}{MASK}{match.group(3)}", text)
    return KEY_SHAPE.sub(MASK, text)
