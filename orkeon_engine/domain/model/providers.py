"""The model providers /model lists, by litellm's provider name, with the environment variables that hold
their keys. Only whether a variable is set is ever read here: a key's value is never shown, logged or stored."""

from __future__ import annotations

from collections.abc import Mapping

PROVIDER_KEYS: dict[str, tuple[str, ...]] = {
    "openai": ("OPENAI_API_KEY",),
    "anthropic": ("ANTHROPIC_API_KEY",),
    "gemini": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
    "mistral": ("MISTRAL_API_KEY",),
    "groq": ("GROQ_API_KEY",),
    "deepseek": ("DEEPSEEK_API_KEY",),
    "xai": ("XAI_API_KEY",),
    "openrouter": ("OPENROUTER_API_KEY",),
    "cohere_chat": ("COHERE_API_KEY",),
    "together_ai": ("TOGETHERAI_API_KEY", "TOGETHER_API_KEY"),
    "fireworks_ai": ("FIREWORKS_API_KEY", "FIREWORKS_AI_API_KEY"),
    "perplexity": ("PERPLEXITYAI_API_KEY", "PERPLEXITY_API_KEY"),
    "cerebras": ("CEREBRAS_API_KEY",),
    "deepinfra": ("DEEPINFRA_API_KEY",),
}


def key_variable(provider: str, env: Mapping[str, str]) -> str | None:
    """The name of the variable holding the provider's key when one is set (never its value), else None."""
    return next((name for name in PROVIDER_KEYS.get(provider, ()) if env.get(name, "").strip()), None)


def providers_with_keys(env: Mapping[str, str]) -> list[str]:
    """The providers whose key is present in the environment, in the table's order."""
    return [provider for provider in PROVIDER_KEYS if key_variable(provider, env) is not None]


def qualified_model(provider: str, name: str) -> str:
    """The name as the `model` setting takes it: `openai/gpt-4o`, keeping a name that already has its prefix."""
    return name if name.startswith(provider + "/") else f"{provider}/{name}"
