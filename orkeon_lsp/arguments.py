"""The arguments of `workspace/executeCommand`, turned into the tokens the command line would pass.

Two shapes are accepted:

- a list of strings, the command line's own tokens: `["--lens", "security", "src/app.py"]`;
- one object, for structured calls (code actions, scripts): camelCase keys name the flags, `words` holds
  the positional words. `{"lens": "security", "dryRun": true, "words": ["src/app.py"]}` gives
  `["--lens", "security", "--dry-run", "--", "src/app.py"]`. A true value is a bare flag, false or null
  leaves it out, a list repeats it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

WORDS = "words"
_CAMEL_HUMP = re.compile(r"(?<=[a-z0-9])([A-Z])")


class ArgumentsShapeError(ValueError):
    """Arguments that are neither a list of strings nor one object of flags."""


def decode_arguments(arguments: Sequence[Any] | None) -> list[str]:
    """The command-line tokens for these executeCommand arguments, or ArgumentsShapeError."""
    if not arguments:
        return []
    if len(arguments) == 1 and isinstance(arguments[0], Mapping):
        return _object_tokens(arguments[0])
    if all(isinstance(item, str) for item in arguments):
        return list(arguments)
    raise ArgumentsShapeError(
        "arguments must be a list of strings (the command line's tokens) or one object of flags "
        f"and words; got {_describe(arguments)}"
    )


def _object_tokens(call: Mapping[str, Any]) -> list[str]:
    tokens: list[str] = []
    for key, value in call.items():
        if key == WORDS:
            continue
        flag = "--" + kebab_case(str(key))
        for item in value if isinstance(value, list) else [value]:
            tokens.extend(_flag_tokens(flag, item))
    words = _words(call.get(WORDS))
    if words:
        tokens.append("--")
        tokens.extend(words)
    return tokens


def _flag_tokens(flag: str, value: Any) -> list[str]:
    if value is True:
        return [flag]
    if value is False or value is None:
        return []
    if isinstance(value, str):
        return [flag, value]
    if isinstance(value, int | float):
        return [flag, str(value)]
    raise ArgumentsShapeError(f"{flag}: a flag takes text, a number, true or a list of them; got {_describe(value)}")


def _words(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return list(value)
    raise ArgumentsShapeError(f"{WORDS}: expected a list of strings; got {_describe(value)}")


def kebab_case(name: str) -> str:
    """`dryRun` -> `dry-run`; a name already in kebab-case is left as it is."""
    return _CAMEL_HUMP.sub(lambda match: "-" + match.group(1).lower(), name)


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
