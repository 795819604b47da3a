"""The question the gate puts to the person when a call asks, and the answers it offers.

The call is shown in the person's terms: the command line of a shell call, the paths of a file tool, a
short diff of an edit. "Allow for this session" and "Always allow" add the narrowest rules the gate
derived, and the question shows them, so what gets written is what was read; when no rule can say the
call narrowly (a command with a substitution, a path outside the workspace) only "Allow once" and "Deny"
are offered.

A front end that can say more than a list of buttons (the ACP agent's session/request_permission) gets
the whole PermissionQuestion instead: the call, the text, the answers, and the rules each lasting answer
writes. Such a front end is also offered "Always deny", which writes the same narrow rules to the
project's deny list.
"""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.domain.permissions.decide import Ask
from orkeon_engine.domain.permissions.matching import is_shell_call
from orkeon_engine.domain.permissions.rules import format_rule
from orkeon_engine.domain.tool_call import ToolCall

ALLOW_ONCE = "Allow once"
ALLOW_SESSION = "Allow for this session"
ALWAYS_ALLOW = "Always allow"
DENY = "Deny"
ALWAYS_DENY = "Always deny"
PREVIEW_LINES = 20


def answers(ask: Ask) -> list[str]:
    """The answers offered, in order."""
    if ask.offers:
        return [ALLOW_ONCE, ALLOW_SESSION, ALWAYS_ALLOW, DENY]
    return [ALLOW_ONCE, DENY]


@dataclass(frozen=True)
class PermissionQuestion:
    """The gate's question as a whole: the call asked about, the text a person reads, the answers offered
    (in order), the rules (`Bash(npm test:*)`) a lasting answer writes, and the settings file they go to."""

    call: ToolCall
    text: str
    answers: tuple[str, ...]
    rules: tuple[str, ...]
    settings_file: str


def full_answers(ask: Ask) -> list[str]:
    """The answers offered to a front end that takes a PermissionQuestion: Always deny as well when a
    narrow rule can say the call."""
    return [*answers(ask), ALWAYS_DENY] if ask.offers else answers(ask)


def permission_question(call: ToolCall, ask: Ask, settings_file: str) -> PermissionQuestion:
    """The whole question for `call` (full_answers; the rules of `ask.offers`)."""
    return PermissionQuestion(call, question_text(call, ask, settings_file), tuple(full_answers(ask)),
                              tuple(format_rule(rule) for rule in ask.offers), settings_file)


def question_text(call: ToolCall, ask: Ask, settings_file: str) -> str:
    """The question: what the call does, why it asks, and the rule each lasting answer adds."""
    lines = [f"Allow {call.name}?"]
    if is_shell_call(call):
        lines.append(f"  $ {call.command or ''}")
    for path in call.paths:
        lines.append(f"  {path}")
    if call.preview:
        preview = call.preview.rstrip("\n").splitlines()
        lines.extend(f"  {line}" for line in preview[:PREVIEW_LINES])
        if len(preview) > PREVIEW_LINES:
            lines.append(f"  ... {len(preview) - PREVIEW_LINES} more lines")
    lines.append(f"Asked because {ask.reason}.")
    if ask.offers:
        rules = ", ".join(format_rule(rule) for rule in ask.offers)
        noun, pronoun = ("rules", "them") if len(ask.offers) > 1 else ("rule", "it")
        lines.append(f"{ALLOW_SESSION} adds the {noun} {rules} to this session; "
                     f"{ALWAYS_ALLOW} writes {pronoun} to {settings_file} (permissions.allow).")
    return "\n".join(lines)
