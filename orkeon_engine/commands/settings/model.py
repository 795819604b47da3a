"""/model: the model the crews use, where it comes from and its provider; `/model set <name>` (or
`/model <name>`) sets it for this session, `/model reset` drops the session's choice; `/model list` lists
the chat models litellm knows for every provider whose key is in the environment, and the models the
configured api base serves; `/model local` sets up the model Orkeon serves itself (commands/settings/
model_local.py). A key's value is never shown: only the name of its variable."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.settings.model_local import run_model_local
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.model.local_model import LOCAL_MODELS
from orkeon_engine.domain.model.providers import PROVIDER_KEYS, key_variable, providers_with_keys, qualified_model
from orkeon_engine.domain.settings.setting_choices import LOCAL_API_BASE
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.ports.model_catalogue import ModelCatalogue, ModelListError
from orkeon_engine.services.model_settings import ModelChoice, resolve_model

ACTIONS = ("show", "set", "reset", "list", "local")
LOCAL_FLAGS = ("size", "status", "stop", "yes")
ARGS = ArgSpec(positionals=(
    Positional("action", "show (the default), set, reset, list, or local (set up the model Orkeon serves "
               "itself); a model name alone sets it", choices=ACTIONS),
    Positional("model", "with set: the model as litellm names it (openai/gpt-4o-mini); with list: a provider"),
), flags=(
    Flag("size", "with local: the model's size", value="SIZE", choices=tuple(LOCAL_MODELS)),
    Flag("status", "with local: show the local model's files and how its server stands"),
    Flag("stop", "with local: stop the local model's server"),
    Flag("yes", "with local: go ahead without asking (for a script)"),
))
USAGE = ("/model [show | set <provider/model> | <provider/model> | reset | list [provider] | "
         "local [--size 0.5b|1.5b] [--yes] | local --status | local --stop]")


async def run_model(args: ParsedArgs, deps: Deps) -> CommandView:
    action = args.word(0) or "show"
    value = args.word(1)
    if action not in ACTIONS:
        action, value = "set", action
    flags = [name for name in LOCAL_FLAGS if args.has(name)]
    if action == "local":
        if value or len([name for name in flags if name in ("status", "stop")]) > 1:
            raise ArgumentError("local takes --size, --yes, or one of --status and --stop", USAGE)
        size = args.value("size")
        if size is not None and size.strip().lower() not in LOCAL_MODELS:
            raise ArgumentError(f"--size {size!r}: the sizes are {', '.join(LOCAL_MODELS)}", USAGE)
        return await run_model_local(args, deps)
    if flags:
        raise ArgumentError(f"--{flags[0]} goes with /model local only", USAGE)
    if action == "show":
        return await _show(deps)
    if action == "set":
        if not value:
            raise ArgumentError("set needs a <model>, such as openai/gpt-4o-mini", USAGE)
        await deps.config.set_value("model", value, "session")
        shown = await _show(deps)
        return CommandView(table=shown.table, message=f"this session now uses {value}.")
    if action == "reset":
        await deps.config.unset("model", "session")
        shown = await _show(deps)
        return CommandView(table=shown.table, message="the session's model choice is dropped. " + shown.message)
    return await _list(deps, value)


async def _show(deps: Deps) -> CommandView:
    choice = await _choice(deps)
    if not choice.model:
        return CommandView(message="No model is configured: `/model set <provider/model>` sets one for this "
                                   "session, `orkeon config set model <provider/model> --user` for good.")
    provider = choice.provider
    key = key_variable(provider, deps.env)
    if key is not None:
        key_line = f"{key} is set"
    elif provider in PROVIDER_KEYS:
        key_line = f"not found ({' or '.join(PROVIDER_KEYS[provider])})"
    else:
        key_line = "none needed or not known for this provider"
    rows = [
        ["model", choice.model],
        ["from", choice.model_source],
        ["provider", provider],
        ["api base", f"{choice.api_base} (from {choice.api_base_source})" if choice.api_base else "the provider's"],
        ["key", key_line],
    ]
    return CommandView(table=table(["", ""], rows), message="`/model list` lists the models you can choose.")


async def _list(deps: Deps, provider: str | None) -> CommandView:
    catalogue = _catalogue(deps)
    choice = await _choice(deps)
    providers = [provider] if provider else providers_with_keys(deps.env)
    rows: list[list[str]] = []
    for name in providers:
        rows += [[name, model, "litellm"] for model in await catalogue.known_models(name)]
    lines: list[str] = []
    if choice.api_base == LOCAL_API_BASE and not provider:
        rows += [[LOCAL_API_BASE, spec.model_setting, "orkeon model local"] for spec in LOCAL_MODELS.values()]
    elif choice.api_base and not provider:
        prefix = choice.provider if choice.model else "openai"
        key_name = key_variable(prefix, deps.env)
        try:
            served = await catalogue.served_models(choice.api_base, deps.env.get(key_name) if key_name else None)
            rows += [[choice.api_base, qualified_model(prefix, model), "served"] for model in served]
        except ModelListError as error:
            lines.append(f"the api base's models could not be read: {error}")
    if not rows:
        return CommandView(lines=tuple(lines), message=_nothing_found(provider))
    found = sorted({row[0] for row in rows})
    return CommandView(
        lines=tuple(lines),
        table=table(["from", "model", "listed by"], rows),
        message=f"{len(rows)} models from {', '.join(found)}. `/model set <model>` picks one for this session.",
    )


def _nothing_found(provider: str | None) -> str:
    if provider:
        return f"litellm lists no chat model for the provider {provider!r}."
    names = ", ".join(sorted({v for names in PROVIDER_KEYS.values() for v in names[:1]}))
    return ("No provider key is set in the environment and no api base is configured; set one of "
            f"{names}, or model.apiBase for a local server.")


async def _choice(deps: Deps) -> ModelChoice:
    """The model choice; a settings file that cannot be read fails the command naming it."""
    return await resolve_model(deps.config, deps.env)


def _catalogue(deps: Deps) -> ModelCatalogue:
    if deps.models is None:
        raise NotConfiguredError("this engine has no model catalogue wired, so no model can be listed")
    return deps.models
