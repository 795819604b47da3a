"""Which model the crews use and where it is served: the `model` setting, else ORKEON_MODEL; the api base
from the session's setting, else ORKEON_API_BASE, else the `model.apiBase` of the settings files (the
environment always wins over a project's file, and a project's file is read for it only once the workspace
is trusted: domain/settings/trust.py); and how a call is made (`llm.retries`, `llm.timeout`, `llm.firstByteSeconds`,
`model.pricing`, `model.structuredOutput`, `model.toolCalls`), gathered for the chat model's adapter by
`chat_settings`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.services.config_store import ConfigStore

if TYPE_CHECKING:  # the call's settings and the prices load with the first call's settings: a status resolves
    # the model and reads neither
    from orkeon_engine.domain.model.chat import ChatSettings

HOW_TO_CONFIGURE = (
    "no model is configured: run `orkeon model local` to set up one on this machine (no key, no account), or "
    "`orkeon config set model <provider/model> --user` (for example openai/gpt-4o-mini) or set ORKEON_MODEL; "
    "for a local or team server also set model.apiBase or ORKEON_API_BASE, and the provider's key in its "
    "usual environment variable"
)


@dataclass(frozen=True)
class ModelChoice:
    """The configured model (None when there is none), its api base, and where each came from."""

    model: str | None
    model_source: str
    api_base: str | None
    api_base_source: str

    @property
    def provider(self) -> str:
        if not self.model:
            return ""
        return self.model.split("/", 1)[0] if "/" in self.model else "openai"


async def resolve_model(config: ConfigStore, env: Mapping[str, str]) -> ModelChoice:
    """Read the model from the settings, else the environment; the api base as the module says."""
    model = await config.read_value("model")
    api_base = await config.read_value("model.apiBase")
    model_name, model_source = _pick(model.value, model.source, env.get("ORKEON_MODEL"), "ORKEON_MODEL")
    from_env = env.get("ORKEON_API_BASE")
    base: str | None
    if from_env and api_base.source != "session":  # the environment wins over every settings file
        base, base_source = from_env, "ORKEON_API_BASE"
    else:
        base, base_source = _pick(api_base.value, api_base.source, None, "ORKEON_API_BASE")
    return ModelChoice(model_name, model_source, base, base_source)


async def require_model(config: ConfigStore, env: Mapping[str, str]) -> ModelChoice:
    """The model choice, or NotConfiguredError saying how to configure one."""
    choice = await resolve_model(config, env)
    if not choice.model:
        raise NotConfiguredError(HOW_TO_CONFIGURE)
    return choice


async def chat_settings(config: ConfigStore, env: Mapping[str, str]) -> ChatSettings:
    """Everything a model call needs from the settings; NotConfiguredError without a model, and
    CommandFailedError naming `model.pricing` when its value has neither accepted shape."""
    from orkeon_engine.domain.model.chat import ChatSettings
    from orkeon_engine.domain.model.pricing import PricingError, parse_pricing

    choice = await require_model(config, env)
    retries = await config.get("llm.retries", 3)
    timeout = await config.get("llm.timeout", 300)
    try:
        pricing = parse_pricing(await config.get("model.pricing", None))
    except PricingError as error:
        raise CommandFailedError(str(error)) from None
    structured = await config.get("model.structuredOutput", "auto")
    tool_calls = await config.get("model.toolCalls", "auto")
    first_byte = await config.get("llm.firstByteSeconds", None)
    assert choice.model is not None  # require_model raised otherwise
    return ChatSettings(choice.model, choice.api_base, int(retries), float(timeout), pricing, str(structured),
                        str(tool_calls), float(first_byte) if isinstance(first_byte, int | float) else None)


def _pick(value: object, source: str, env_value: str | None, env_name: str) -> tuple[str | None, str]:
    if isinstance(value, str) and value and source != "default":
        return value, source
    if env_value:
        return env_value, env_name
    return None, "unset"
