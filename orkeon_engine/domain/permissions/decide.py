"""decide: the gate's pure decision on one tool call, Allow, Deny (with the reason) or Ask.

In order: an unreadable rule or an unknown mode refuses every call (fail closed); the mode's policy
refuses a tool it does not offer; then the rules, deny before ask before allow, whatever their source;
then the mode settles what no rule settled: a read runs, acceptEdits allows an edit inside the workspace
(never outside it nor under .git/ or .orkeon/), and the rest asks. A call that would ask is allowed in
bypassPermissions and refused in dontAsk, which never asks.

An Ask carries the narrowest allow rules that would have let the call through (`derive_allow_rules`), the
rules "Allow for this session" and "Always allow" add.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from orkeon_engine.domain.permissions.domains import domain_rule_text
from orkeon_engine.domain.permissions.matching import (
    allowable,
    command_regex,
    is_shell_call,
    matches_rule,
)
from orkeon_engine.domain.permissions.modes import PERMISSION_MODES, PermissionMode, parse_mode
from orkeon_engine.domain.permissions.paths import PathPatternError, compile_path_pattern, workspace_relative
from orkeon_engine.domain.permissions.policy import ModePolicy, policy_for
from orkeon_engine.domain.permissions.rules import Rule, RuleEntry, RuleParseError, format_rule, parse_rule
from orkeon_engine.domain.permissions.shell import split_line
from orkeon_engine.domain.permissions.tools import NETWORK_TOOLS, SHELL_TOOLS, tool_name_matches
from orkeon_engine.domain.tool_call import ToolCall

PROTECTED_FOLDERS = (".git", ".orkeon")
"""Folders at the workspace root whose files acceptEdits never edits without asking."""
RETRY_HINT = "change approach instead of repeating the call"


@dataclass(frozen=True)
class GateContext:
    """What one run's gate decides with: the mode's name, the rules by source, the problems."""

    mode: str
    rules: tuple[RuleEntry, ...] = ()
    problems: tuple[str, ...] = ()
    """Rules or settings that could not be read: any makes the gate refuse every call."""

    def with_rules(self, entries: Iterable[RuleEntry]) -> GateContext:
        return GateContext(self.mode, (*self.rules, *entries), self.problems)


@dataclass(frozen=True)
class Allow:
    reason: str


@dataclass(frozen=True)
class Deny:
    reason: str


@dataclass(frozen=True)
class Ask:
    reason: str
    offers: tuple[Rule, ...] = ()
    """The narrowest allow rules for this call; empty when no rule can say it narrowly."""


Decision = Allow | Deny | Ask


def decide(call: ToolCall, context: GateContext) -> Decision:
    """The decision on `call` under `context`: pure, and it never raises."""
    if context.problems:
        more = f" (and {len(context.problems) - 1} more)" if len(context.problems) > 1 else ""
        return Deny(f"refused: a permission rule cannot be read, so the gate refuses every call until it is "
                    f"fixed: {context.problems[0]}{more}")
    mode = parse_mode(context.mode) if context.mode in PERMISSION_MODES else None
    if mode is None:
        return Deny(f"refused: the permission mode {context.mode!r} is unknown (modes: "
                    f"{', '.join(PERMISSION_MODES)}), so the gate refuses every call")
    policy = policy_for(mode)
    refusal = _policy_refusal(call, mode, policy)
    if refusal is not None:
        return refusal
    relevant = [entry for entry in context.rules if tool_name_matches(entry.rule.tool, call.name)]
    for entry in _of(relevant, "deny"):
        if matches_rule(entry.rule, call):
            why = f": {entry.reason}" if entry.reason else ""
            return Deny(f"refused by the rule {format_rule(entry.rule)} ({entry.source}){why}; {RETRY_HINT}")
    for entry in _of(relevant, "ask"):
        if matches_rule(entry.rule, call):
            return _unsure(call, mode, policy, f"the rule {format_rule(entry.rule)} ({entry.source}) asks first")
    granted = allowed_by(call, [e.rule for e in _of(relevant, "allow")])
    if granted:
        rules = ", ".join(dict.fromkeys(format_rule(rule) for rule in granted))
        return Allow(f"allowed by {rules}")
    return _by_mode(call, mode, policy)


def _of(entries: list[RuleEntry], effect: str) -> list[RuleEntry]:
    return [entry for entry in entries if entry.rule.effect == effect]


def _policy_refusal(call: ToolCall, mode: PermissionMode, policy: ModePolicy) -> Deny | None:
    cls = call.tool_class
    if policy.offers(cls):
        return None
    note = " (it is read-only)" if policy.read_only else ""
    return Deny(f"refused: the {mode} mode{note} does not offer {call.name}, a tool of class {cls}; "
                "the mode is the person's choice, so " + RETRY_HINT)


def _by_mode(call: ToolCall, mode: PermissionMode, policy: ModePolicy) -> Decision:
    cls = call.tool_class
    if cls == "read":
        return Allow("a read runs without asking")
    if cls == "edit" and policy.accepts_edits and edits_inside_workspace(call):
        return Allow(f"the {mode} mode allows an edit inside the workspace")
    return _unsure(call, mode, policy, f"{call.name} asks first in the {mode} mode")


def _unsure(call: ToolCall, mode: PermissionMode, policy: ModePolicy, why: str) -> Decision:
    if policy.when_unsure == "allow":
        return Allow(f"{why}, and the {mode} mode allows it without asking")
    if policy.when_unsure == "deny":
        return Deny(f"refused: {why}, and the {mode} mode never asks; {RETRY_HINT}")
    return Ask(why, derive_allow_rules(call))


def edits_inside_workspace(call: ToolCall) -> bool:
    """True when the call names paths and every one is in the workspace, outside .git/ and .orkeon/."""
    if not call.paths:
        return False
    for path in call.paths:
        relative = workspace_relative(path)
        if relative is None:
            return False
        parts = relative.split("/")
        if parts[0] in PROTECTED_FOLDERS or ".git" in parts:
            return False
    return True


def allowed_by(call: ToolCall, rules: list[Rule]) -> list[Rule]:
    """The allow rules that together let the call through, or [] when some part or path is not covered.

    A compound command is allowed when every part is (one rule or several), never when a part hides a
    construct; a call on several paths when every path is."""
    candidates = [rule for rule in rules if rule.effect == "allow" and tool_name_matches(rule.tool, call.name)]
    if not candidates:
        return []
    whole = next((rule for rule in candidates if matches_rule(rule, call)), None)
    if whole is not None:
        return [whole]
    if is_shell_call(call):
        return _cover_parts(call.command or "", candidates)
    if call.paths:
        return _cover_paths(call.paths, candidates)
    return []


def _cover_parts(command: str, rules: list[Rule]) -> list[Rule]:
    if not allowable(command):
        return []
    command_rules = [rule for rule in rules if rule.tool in SHELL_TOOLS and rule.specifier is not None]
    used: list[Rule] = []
    for part in split_line(command).parts:
        rule = next((r for r in command_rules if command_regex(r.specifier or "").fullmatch(part.text)), None)
        if rule is None:
            return []
        used.append(rule)
    return used


def _cover_paths(paths: tuple[str, ...], rules: list[Rule]) -> list[Rule]:
    used: list[Rule] = []
    for path in paths:
        rule = next((r for r in rules if r.specifier is not None and _path_matches(r.specifier, path)), None)
        if rule is None:
            return []
        used.append(rule)
    return used


def _path_matches(specifier: str, path: str) -> bool:
    try:
        return compile_path_pattern(specifier).matches(path)
    except PathPatternError:
        return False


def derive_allow_rules(call: ToolCall) -> tuple[Rule, ...]:
    """The narrowest allow rules that let exactly this call through: a command rule per part of a shell
    call, an anchored path rule per file, the host of a network call, the bare tool for a call with none of
    these; () when none can say it (a command with a substitution, a path outside the workspace or with
    glob characters, a network call without a host)."""
    texts: list[str]
    if call.name in NETWORK_TOOLS:
        if call.domain is None:
            return ()
        texts = [f"{call.name}({domain_rule_text(call.domain)})"]
    elif is_shell_call(call):
        if not allowable(call.command or ""):
            return ()
        texts = [f"{call.name}({part.text})" for part in split_line(call.command or "").parts]
    elif call.paths:
        texts = []
        for path in call.paths:
            relative = workspace_relative(path)
            if relative is None or any(c in relative for c in "*?[]!\\") or relative != relative.strip():
                return ()
            texts.append(f"{call.name}(/{relative})")
    else:
        texts = [call.name]
    try:
        rules = tuple(parse_rule(text, "allow") for text in dict.fromkeys(texts))
    except RuleParseError:
        return ()
    return rules if allowed_by(call, list(rules)) else ()
