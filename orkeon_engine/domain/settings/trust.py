"""Workspace trust: the settings a project's own file may not use until the person trusts that workspace.

A repository can commit anything under `.orkeon/`, its settings file included: a cloned project that set
`model.apiBase` sent `Authorization: Bearer $OPENAI_API_KEY` and the whole prompt to its own server. So a
setting that routes traffic or credentials, or that loosens what keeps secrets out of reach, is ignored
from the project's file (`.orkeon/config.json`) until the person trusts the workspace, as an editor's
workspace trust does; the person's own settings, the session's and the environment are used as ever.

`TRUST_GATED_KEYS` is the list, as data: a later setting that routes traffic or starts programs adds its row
(the MCP servers and their tools do). A project's `.mcp.json` is not a setting: services/mcp_hub.py holds
its servers back under the same trust.
A model setting is gated on its provider only: an untrusted project may choose a model of the provider the
person chose themselves (their settings, or ORKEON_MODEL), not another provider.

A project's `permissions.allow` rules let the model's calls run without asking, so an untrusted project's
file is read for its ask and deny rules (they only tighten) and for the allow rules the person approved
themselves ("Always allow", `/permissions add --project`), which the trust store keeps per workspace; a
rule the repository shipped is held back until the workspace is trusted.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

TRUST_COMMAND = "orkeon trust grant"


@dataclass(frozen=True)
class GatedKey:
    """A setting the project's file may not use until the workspace is trusted, and why."""

    key: str
    why: str
    provider_only: bool = False
    """A model name: usable untrusted when its provider is the one the person chose."""
    safe_values: tuple[object, ...] = ()
    """Values usable untrusted, since they only tighten what the person's own settings allow."""


TRUST_GATED_KEYS: tuple[GatedKey, ...] = (
    GatedKey("model.apiBase", "it sends the prompts and the provider's key to the server it names"),
    GatedKey("model", "it chooses the provider that receives the prompts and its key", provider_only=True),
    GatedKey("model.fast", "it chooses the provider that receives the prompts and its key", provider_only=True),
    GatedKey("advisor.model", "it chooses the provider that receives the prompts and its key", provider_only=True),
    GatedKey("hooks", "it declares commands to run"),
    GatedKey("shell.environment.inherit", "it passes environment variables to the commands the model runs"),
    GatedKey("permissions.ruleSets", "it can turn off the rule sets that keep secrets out of reach"),
    GatedKey("permissions.fallback", "a mode that lets the model edit or run commands without asking",
             safe_values=("default", "plan", "dontAsk")),
    GatedKey("mcp.servers", "it declares MCP servers, programs started with your rights and environment"),
    GatedKey("tools.extra", "it adds tools the model may call, and says which of them only read"),
    GatedKey("github.apiUrl", "it sends your GitHub token to the server it names"),
    GatedKey("dev.prAuto", "it pushes your branch and opens a pull request with your GitHub token",
             safe_values=(False,)),
)
GATED_BY_KEY: dict[str, GatedKey] = {gated.key: gated for gated in TRUST_GATED_KEYS}
ALLOW_RULES = GatedKey("permissions.allow", "its allow rules let the model's calls run without asking")
"""The allow list of the project's `permissions`: held back rule by rule, unless the person approved it."""


@dataclass(frozen=True)
class HeldBack:
    """A key of the project's file that is not used, for want of trust."""

    key: str
    value: Any
    why: str

    def describe(self) -> str:
        return f"{self.key} ({self.why})"


def provider_of(model: str) -> str:
    """The provider part of a model name as litellm reads it (`anthropic/claude` is anthropic; a bare name
    is openai's)."""
    return model.split("/", 1)[0] if "/" in model else "openai"


def project_may_use(key: str, value: Any, trusted: bool, person_model: str | None) -> bool:
    """Whether the project's file may set `key` to `value`: any key once trusted; an ungated key always;
    while untrusted, a safe value of a gated key (a stricter mode) and a model name of the provider the
    person chose (`person_model`)."""
    gated = GATED_BY_KEY.get(key)
    if trusted or gated is None or value in gated.safe_values:
        return True
    if gated.provider_only and isinstance(value, str) and person_model:
        return provider_of(value) == provider_of(person_model)
    return False


def unapproved_allow_rules(permissions: Any, trusted: bool, approved: Collection[str]) -> list[str]:
    """The allow rules of a project's `permissions` value not used: none once trusted, else those the person
    did not approve (compared as written by the settings files)."""
    allow = permissions.get("allow") if isinstance(permissions, Mapping) and not trusted else None
    if not isinstance(allow, list):
        return []
    from orkeon_engine.domain.permissions.rules import canonical_rule  # the rules' parser, for a file that has some

    return [text for text in allow if isinstance(text, str) and canonical_rule(text, "allow") not in approved]


def held_back(project: Mapping[str, Any], trusted: bool, person_model: str | None,
              approved: Collection[str] = ()) -> list[HeldBack]:
    """The keys of the project's file that are not used, in the file's order; the unapproved allow rules as
    `permissions.allow`."""
    held = []
    for key, value in project.items():
        if not project_may_use(key, value, trusted, person_model):
            held.append(HeldBack(key, value, GATED_BY_KEY[key].why))
        elif key == "permissions" and (rules := unapproved_allow_rules(value, trusted, approved)):
            held.append(HeldBack(ALLOW_RULES.key, rules, ALLOW_RULES.why))
    return held


def held_back_message(held: list[HeldBack], project_file: str) -> str:
    """One line saying which keys of the project's file are ignored and how to use them."""
    keys = ", ".join(item.key for item in held)
    return (f"{project_file} sets {keys}, ignored until you trust this workspace, since "
            f"{held[0].why if len(held) == 1 else 'they route traffic or credentials'}; review the file, then "
            f"run `{TRUST_COMMAND}` (or answer the question in the editor)")
