"""The gate's question as session/request_permission: its answers as ACP's four option kinds, and the
option the client selected as the gate's answer again.

allow_once is "Allow once"; allow_always is "Always allow", which the gate writes as a visible rule to the
project's settings file; reject_once is "Deny"; reject_always is "Always deny", which the gate writes as a
deny rule. The option's name shows the rule, so what is written is what was read. "Allow for this session"
has no ACP kind and is not offered. Any other choice the engine puts to the person (the commit crew's)
is offered as it is, its refusal (Cancel, Deny, No) as reject_once.
"""

from __future__ import annotations

from acp.schema import PermissionOption, PermissionOptionKind, RequestPermissionResponse

from orkeon_engine.domain.permissions.question import (
    ALLOW_ONCE,
    ALWAYS_ALLOW,
    ALWAYS_DENY,
    DENY,
    PermissionQuestion,
)

GATE_KINDS: dict[str, PermissionOptionKind] = {
    ALLOW_ONCE: "allow_once",
    ALWAYS_ALLOW: "allow_always",
    DENY: "reject_once",
    ALWAYS_DENY: "reject_always",
}
REFUSALS = ("cancel", "deny", "no")


def gate_options(question: PermissionQuestion) -> list[PermissionOption]:
    """The options of the gate's question, one per ACP kind it offers, in the gate's order."""
    rules = ", ".join(question.rules)
    names = {
        ALWAYS_ALLOW: f"Always allow {rules} (written to {question.settings_file})",
        ALWAYS_DENY: f"Always deny {rules} (written to {question.settings_file})",
    }
    return [PermissionOption(option_id=GATE_KINDS[answer], name=names.get(answer, answer), kind=GATE_KINDS[answer])
            for answer in question.answers if answer in GATE_KINDS]


def choice_options(options: list[str]) -> list[PermissionOption]:
    """Any other choice: one option per answer, its id its position."""
    return [PermissionOption(option_id=str(index), name=option,
                             kind="reject_once" if option.strip().lower() in REFUSALS else "allow_once")
            for index, option in enumerate(options)]


def selected(response: RequestPermissionResponse, options: list[PermissionOption], answers: list[str]) -> str | None:
    """The answer (of `answers`, in the order of `options`) the client selected; None when it cancelled or
    selected an option it was not offered."""
    outcome = response.outcome
    if outcome.outcome != "selected":
        return None
    for option, answer in zip(options, answers, strict=True):
        if option.option_id == outcome.option_id:
            return answer
    return None


def gate_answers(question: PermissionQuestion) -> list[str]:
    """The gate's answers that gate_options offers, in the same order."""
    return [answer for answer in question.answers if answer in GATE_KINDS]
