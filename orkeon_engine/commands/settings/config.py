"""/config: the settings keys, their values and where each comes from; get, set and unset one. `list` is
`keys`; a key is never cut in a table, however narrow the terminal."""

from __future__ import annotations

import json
from typing import Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.hooks import ACCEPTED, EXAMPLE, parse_hooks, refusal
from orkeon_engine.domain.permissions.rules import parse_rule_lists
from orkeon_engine.domain.settings.config_schema import CONFIG_KEYS, ConfigValueError, find_key, parse_token
from orkeon_engine.domain.settings.trust import held_back_message
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.services.config_store import Scope

ACTIONS = ("keys", "get", "set", "unset")
ALIASES = {"list": "keys"}
"""Other words for an action, as git and npm take them (`config list`)."""
KEY_COLUMN = (0,)
"""A key is never cut to fit the terminal: the person types it again; the other columns wrap."""
ARGS = ArgSpec(
    positionals=(
        Positional("action", "keys | get | set | unset (bare: every key's value)", choices=ACTIONS),
        Positional("key", "a settings key", choices=tuple(k.key for k in CONFIG_KEYS)),
        Positional("value", "the value to set"),
    ),
    flags=(
        Flag("project", "write .orkeon/config.json"),
        Flag("user", "write the user's config.json"),
    ),
)


async def run_config(args: ParsedArgs, deps: Deps) -> CommandView:
    action = args.word(0)
    if action is None:
        return await _effective(deps)
    action = ALIASES.get(action, action)
    if action == "keys":
        return _keys()
    if action not in ACTIONS:
        raise ArgumentError(f"unknown action {action!r}; expected {' | '.join(ACTIONS)}", ARGS.usage("config"))
    key = args.word(1)
    if key is None:
        raise ArgumentError(f"/config {action} needs a key", ARGS.usage("config"))
    if action == "get":
        return await _get(key, deps)
    scope = _scope(args)
    if action == "unset":
        await deps.config.unset(key, scope)
        return CommandView(message=f"{key} unset ({_where(scope, deps)})")
    value = args.word(2)
    if value is None:
        raise ArgumentError(f"/config set {key} needs a value", ARGS.usage("config"))
    try:
        _refuse_unreadable_rules(key, value)
        _refuse_malformed_hooks(key, value)
        stored = await deps.config.set_value(key, value, scope)
    except ConfigValueError as error:
        raise CommandFailedError(str(error)) from None
    return CommandView(message=f"{key} = {_show(stored.value)} ({_where(scope, deps)})")


async def _effective(deps: Deps) -> CommandView:
    rows = []
    for spec in CONFIG_KEYS:
        found = await deps.config.read_value(spec.key)
        rows.append([spec.key, _show(found.value), found.source])
    held = await deps.config.held_back()
    lines = (held_back_message(held, deps.config.location("project")),) if held else ()
    return CommandView(lines=lines, table=table(["key", "value", "from"], rows, KEY_COLUMN),
                       message="`/config keys` lists what each accepts.")


def _keys() -> CommandView:
    rows = [
        [spec.key, spec.accepts(), _show(spec.default), ", ".join(spec.consumers), spec.description]
        for spec in CONFIG_KEYS
    ]
    return CommandView(
        table=table(["key", "accepts", "default", "read by", "description"], rows, KEY_COLUMN),
        message=f"{len(rows)} keys.",
    )


async def _get(key: str, deps: Deps) -> CommandView:
    found = await deps.config.read_value(key)
    if not found.is_set:
        return CommandView(
            lines=(found.spec.description, f"accepts: {found.spec.accepts()}"),
            message=f"{key} is unset (default: {_show(found.spec.default)})",
        )
    return CommandView(message=f"{key} = {_show(found.value)} (from {found.source})")


def _refuse_unreadable_rules(key: str, token: str) -> None:
    """A `permissions` value with a rule that does not parse is refused before it is written (the gate
    would refuse every call while it stood); raises ConfigValueError naming the rule and the reason."""
    spec = find_key(key)
    if key != "permissions" or spec is None:
        return
    _, problems = parse_rule_lists(parse_token(spec, token), "the value")
    if problems:
        raise ConfigValueError(f"{key}: {problems[0]}")


def _refuse_malformed_hooks(key: str, token: str) -> None:
    """A `hooks` value with an entry that does not parse is refused before it is written: such an entry never
    runs, so a guard written with a misspelt field would let every call through; raises ConfigValueError
    naming the entry and the shape accepted."""
    spec = find_key(key)
    if key != "hooks" or spec is None:
        return
    try:
        value = parse_token(spec, token)
    except ConfigValueError as error:
        raise ConfigValueError(f"{error}; nothing written: hooks takes {ACCEPTED}, such as {EXAMPLE}") from None
    problems = parse_hooks(value).problems
    if problems:
        raise ConfigValueError(refusal(problems))


def _scope(args: ParsedArgs) -> Scope:
    if args.has("project") and args.has("user"):
        raise ArgumentError("--project and --user exclude each other", ARGS.usage("config"))
    if args.has("project"):
        return "project"
    if args.has("user"):
        return "user"
    return "session"


def _where(scope: Scope, deps: Deps) -> str:
    return "this session only; --user or --project keeps it" if scope == "session" else deps.config.location(scope)


def _show(value: Any) -> str:
    if value is None:
        return "-"
    return value if isinstance(value, str) else json.dumps(value)
