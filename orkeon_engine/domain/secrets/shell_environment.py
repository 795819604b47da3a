"""The environment the commands the model runs receive: a small inherited set, what the person lists, and
never a credential.

The engine's own process holds the providers' keys; a command the model runs must not, or it prints them
in a form no masking recognises (`python3 -c "print(os.environ['OPENAI_API_KEY'][::-1])"`, `cat
/proc/self/environ`). So a command starts from an empty environment and receives:
- the inherited set (DEFAULT_INHERITED: PATH, HOME, the locale, the terminal, the user, TMPDIR, TZ);
- the names the person lists in `shell.environment.inherit` (a trailing `*` matches a prefix: `NODE_*`);
and never, listed or not:
- a name that says it holds a credential (KEY, TOKEN, SECRET, PASSWORD, PASSWD, PASSPHRASE, CREDENTIAL,
  AUTH, COOKIE, SESSION), or a provider's key variable (domain/model/providers.py);
- a value that holds one: a URL with a password (`postgres://u:p@host`), a word shaped like a key (`sk-...`);
- a name that changes how bash reads or runs the line (BASH_ENV, ENV, BASH_FUNC_*, SHELLOPTS, BASHOPTS,
  IFS, PS4, PROMPT_COMMAND, CDPATH, GLOBIGNORE) or what every program loads (LD_PRELOAD, LD_AUDIT).
PATH keeps only its absolute folders: an empty or relative entry would run a program the workspace plants.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from orkeon_engine.domain.model.providers import PROVIDER_KEYS
from orkeon_engine.domain.secrets.secret_masking import KEY_SHAPE, URL_PASSWORD

DEFAULT_INHERITED: tuple[str, ...] = (
    "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "LC_*", "TERM", "COLORTERM", "NO_COLOR",
    "TMPDIR", "TZ",
)
CREDENTIAL_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|AUTH|COOKIE|SESSION",
                             re.IGNORECASE)
SHELL_CONTROLS: tuple[str, ...] = (
    "BASH_ENV", "ENV", "BASH_FUNC_*", "SHELLOPTS", "BASHOPTS", "IFS", "PS4", "PROMPT_COMMAND", "CDPATH",
    "GLOBIGNORE", "LD_PRELOAD", "LD_AUDIT",
)
PROVIDER_KEY_NAMES = frozenset(name for names in PROVIDER_KEYS.values() for name in names)


@dataclass(frozen=True)
class CommandEnvironment:
    """The variables a command receives, and the listed names that were held back, each with why."""

    variables: dict[str, str]
    held_back: tuple[tuple[str, str], ...] = ()


def never_passed(name: str, value: str) -> str | None:
    """Why a variable never reaches a command, or None when it may."""
    if name in PROVIDER_KEY_NAMES:
        return "a provider's key"
    if CREDENTIAL_NAME.search(name):
        return "its name says it holds a credential"
    if any(fnmatch.fnmatchcase(name, pattern) for pattern in SHELL_CONTROLS):
        return "it changes how bash reads or runs the line"
    if URL_PASSWORD.search(value):
        return "its value holds a URL with a password"
    if KEY_SHAPE.search(value):
        return "its value holds a word shaped like a key"
    return None


def command_environment(env: Mapping[str, str], listed: Iterable[str] = ()) -> CommandEnvironment:
    """The environment a command runs in, from the engine's `env` and the names the person `listed`."""
    extra = tuple(listed)
    patterns = (*DEFAULT_INHERITED, *extra)
    variables: dict[str, str] = {}
    held: dict[str, str] = {}
    for name, value in env.items():
        if not any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns):
            continue
        why = never_passed(name, value)
        if why is not None:
            if any(fnmatch.fnmatchcase(name, pattern) for pattern in extra):
                held[name] = why
            continue
        variables[name] = value
    if "PATH" in variables:
        variables["PATH"] = absolute_path_entries(variables["PATH"])
    return CommandEnvironment(variables, tuple(sorted(held.items())))


def absolute_path_entries(path: str) -> str:
    """PATH with only its absolute folders (an empty entry means the current folder)."""
    return ":".join(entry for entry in path.split(":") if entry.startswith("/"))
