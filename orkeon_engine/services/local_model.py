"""The local model: set it up (the model and llama-server into the user's cache, then `model` and
`model.apiBase` at user scope), serve it on demand (a model call whose api base is `local` gets the address
of the one server of this user, started when none runs), and the one line that offers it when no model is
configured."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from orkeon_engine.domain.model.chat import ChatSettings
from orkeon_engine.domain.model.local_model import (
    DEFAULT_SIZE,
    LOCAL_MODELS,
    LocalModelError,
    LocalModelSpec,
    SetupPlan,
    spec_for_model,
)
from orkeon_engine.domain.settings.setting_choices import DEFAULT_IDLE_MINUTES, LOCAL_API_BASE
from orkeon_engine.ports.local_model import LocalModelFiles, LocalModelServer
from orkeon_engine.ports.progress import Progress
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.model_settings import resolve_model

SET_UP = "orkeon model local"


@dataclass(frozen=True)
class LocalModelPorts:
    """The local model's files and its server."""

    files: LocalModelFiles
    server: LocalModelServer


async def plan_setup(files: LocalModelFiles, spec: LocalModelSpec) -> SetupPlan:
    """What the set-up will do, from what is already there."""
    return SetupPlan(spec, await files.model_path(spec) is not None, await files.found_server(), files.cores)


async def set_up(files: LocalModelFiles, config: ConfigStore, spec: LocalModelSpec, progress: Progress) -> str:
    """Fetch the model and llama-server (each step raises LocalModelError naming itself), then point `model`
    and `model.apiBase` at the local server in the user's settings. The model's file, returned."""
    model = await files.fetch_model(spec, progress)
    await files.server_binary(progress)
    await config.set_value("model", spec.model_setting, "user")
    await config.set_value("model.apiBase", LOCAL_API_BASE, "user")
    return model


async def served_settings(settings: ChatSettings, config: ConfigStore, ports: LocalModelPorts) -> ChatSettings:
    """The settings of a model call, with the `local` api base replaced by the running server's address (the
    server started when none runs); any other settings unchanged. LocalModelError when the local model is not
    set up, or its server cannot be had."""
    if settings.api_base != LOCAL_API_BASE:
        return settings
    spec, model, binary = await local_files(ports.files, settings.model)
    idle = float(await config.get("model.local.idleMinutes", DEFAULT_IDLE_MINUTES))
    api_base = await ports.server.api_base(model, binary, spec.alias, idle)
    return dataclasses.replace(settings, api_base=api_base)


async def local_files(files: LocalModelFiles, model: str | None) -> tuple[LocalModelSpec, str, str]:
    """The local model the `model` setting names (the default one for another name), its file and
    llama-server; LocalModelError naming what is missing and the command that sets it up."""
    spec = spec_for_model(model) or LOCAL_MODELS[DEFAULT_SIZE]
    path = await files.model_path(spec)
    binary = await files.found_server()
    if path is None or not binary:
        missing = f"{spec.title}'s file" if path is None else "llama-server"
        raise LocalModelError(f"model.apiBase is {LOCAL_API_BASE} but {missing} is not in {files.folder}: "
                              f"run `{SET_UP}{'' if spec.key == DEFAULT_SIZE else ' --size ' + spec.key}` to set "
                              "it up")
    return spec, path, binary


async def no_model_line(config: ConfigStore, env: Mapping[str, str]) -> str | None:
    """The line that says no model is configured and offers the local one, or None when one is."""
    choice = await resolve_model(config, env)
    if choice.model:
        return None
    default = LOCAL_MODELS[DEFAULT_SIZE]
    return (f"No model is configured: `{SET_UP}` (here /model local) sets up {default.title} on this machine, "
            "with no key and no account; `orkeon config set model <provider/model> --user` names another.")
