"""decide: the gate's pure decision on one tool call, Allow, Deny (with the reason) or Ask.

In order: an unreadable rule or an unknown mode refuses every call (fail closed); the mode's policy
refuses a tool it does not offer; then the rules, deny before ask before allow, whatever their source (a
command line bash's grammar cannot parse is refused while deny rules are in force, as they cannot be
checked); an allowed command with an option that writes a file or runs a program its rule does not name
(domain/permissions/options.py) asks instead; then the mode settles what no rule settled: a read runs,
acceptEdits allows an edit inside the workspace (never outside it nor under .git/ or .orkeon/), and the
rest asks. A call that would ask is allowed in bypassPermissions and refused in dontAsk, which never asks.

An Ask carries the narrowest allow rules that would have let the call through (`derive_allow_rules`), the
rules "Allow for this session" and "Always allow" add.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from orkeon_engine.domain.permissions.domains import domain_rule_text
from orkeon_engine.domain.permissions.matching import (
    allowable,
    command_regex,
    is_shell_call,
    matches_rule,
)
from orkeon_engine.domain.permissions.modes import PERMISSION_MODES, PermissionMode, parse_mode
from orkeon_engine.domain.permissions.options import option_risk
from orkeon_engine.domain.permissions.paths import PathPatternError, compile_path_pattern, workspace_relative
from orkeon_engine.domain.permissions.policy import ModePolicy, policy_for
from orkeon_engine.domain.permissions.rules import Rule, RuleEntry, RuleParseError, format_rule, parse_rule
from orkeon_engine.domain.permissions.tools import NETWORK_TOOLS, SHELL_TOOLS, tool_name_matches
from orkeon_engine.domain.tool_call import ToolCall
from orkeon_engine.domain.tools.shell_reading import ShellReader

PROTECTED_FOLDERS = (".git", ".orkeon")
"""Folders at the workspace root whose files acceptEdits never edits without asking."""
RETRY_HINT = "change approach instead of repeating the call"


@dataclass(frozen=True)
class GateContext:
    """What one run's gate decides with: the mode's name, the rules by source, the problems, and the
    shell grammar's reader, through which every command line is read."""

    mode: str
    rules: tuple[RuleEntry, ...] = ()
    problems: tuple[str, ...] = ()
    """Rules or settings that could not be read: any makes the gate refuse every call."""
    read: ShellReader = field(kw_only=True)
    """The ShellGrammar port's `read`: a command line as bash reads it."""
    _relevant: dict[str, list[RuleEntry]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def with_rules(self, entries: Iterable[RuleEntry]) -> GateContext:
        return replace(self, rules=(*self.rules, *entries))

    def relevant(self, tool: str) -> list[RuleEntry]:
        """The rules whose tool name covers `tool` (the same name, `*`, or a `prefix*`), in their order
        (kept per tool: a run asks often)."""
        found = self._relevant.get(tool)
        if found is None:
            found = [entry for entry in self.rules if tool_name_matches(entry.rule.tool, tool)]
            self._relevant[tool] = found
        return found


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
    read = context.read
    relevant = context.relevant(call.name)
    for entry in _of(relevant, "deny"):
        if matches_rule(entry.rule, call, read):
            why = f": {entry.reason}" if entry.reason else ""
            return Deny(f"refused by the rule {format_rule(entry.rule)} ({entry.source}){why}; {RETRY_HINT}")
    unreadable = _unreadable_under_deny_rules(call, relevant, read)
    if unreadable is not None:
        return unreadable
    for entry in _of(relevant, "ask"):
        if matches_rule(entry.rule, call, read):
            return _unsure(call, mode, policy, f"the rule {format_rule(entry.rule)} ({entry.source}) asks first",
                           read)
    allow_rules = [e.rule for e in _of(relevant, "allow")]
    granted = allowed_by(call, allow_rules, read)
    if granted:
        rules = ", ".join(dict.fromkeys(format_rule(rule) for rule in granted))
        risk = _beyond_the_rule(call, allow_rules, read)
        if risk is not None:
            return _unsure(call, mode, policy, f"{risk}, which {rules} does not cover", read)
        return Allow(f"allowed by {rules}")
    return _by_mode(call, mode, policy, context)


def _beyond_the_rule(call: ToolCall, rules: list[Rule], read: ShellReader) -> str | None:
    """What an allowed command does beyond its rule: an option that writes a file or runs a program
    (domain/permissions/options.py), unless a rule names that part exactly or the tool is allowed whole."""
    if not is_shell_call(call) or any(rule.specifier is None for rule in rules):
        return None
    exact = [command_regex(rule.specifier or "") for rule in rules
             if rule.tool in SHELL_TOOLS and rule.specifier is not None and "*" not in rule.specifier]
    for part in read(call.command or "").parts:
        if any(regex.fullmatch(part.text) for regex in exact):
            continue
        risk = option_risk(part)
        if risk is not None:
            return risk
    return None


def _unreadable_under_deny_rules(call: ToolCall, relevant: list[RuleEntry], read: ShellReader) -> Deny | None:
    """A command line bash's grammar cannot parse whole, while deny rules are in force: what it hides
    cannot be checked against them, so it is refused (bash would not run such a line cleanly either)."""
    if not is_shell_call(call) or not _of(relevant, "deny"):
        return None
    line = read(call.command or "")
    if line.complete:
        return None
    return Deny("refused: the command does not parse as bash (an unclosed quote, a stray token or escape), so the "
                "deny rules cannot be checked against it; fix the line and run it again")


def _of(entries: list[RuleEntry], effect: str) -> list[RuleEntry]:
    return [entry for entry in entries if entry.rule.effect == effect]


def _policy_refusal(call: ToolCall, mode: PermissionMode, policy: ModePolicy) -> Deny | None:
    cls = call.tool_class
    if policy.offers(cls):
        return None
    note = " (it is read-only)" if policy.read_only else ""
    return Deny(f"refused: the {mode} mode{note} does not offer {call.name}, a tool of class {cls}; "
                "the mode is the person's choice, so " + RETRY_HINT)


def _by_mode(call: ToolCall, mode: PermissionMode, policy: ModePolicy, context: GateContext) -> Decision:
    cls = call.tool_class
    if cls == "read":
        return Allow("a read runs without asking")
    if cls == "edit" and policy.accepts_edits and edits_inside_workspace(call):
        return Allow(f"the {mode} mode allows an edit inside the workspace")
    return _unsure(call, mode, policy, f"{call.name} asks first in the {mode} mode{_doubts(call, context)}",
                   context.read)


def _doubts(call: ToolCall, context: GateContext) -> str:
    """Why no allow rule could cover a shell call whose line the reading is not sure of (empty otherwise)."""
    if not is_shell_call(call) or not any(e.rule.effect == "allow" and tool_name_matches(e.rule.tool, call.name)
                                          for e in context.rules):
        return ""
    doubts = context.read(call.command or "").doubts
    return f", and no allow rule covers a line holding {'; '.join(doubts[:3])}" if doubts else ""


def _unsure(call: ToolCall, mode: PermissionMode, policy: ModePolicy, why: str, read: ShellReader) -> Decision:
    if policy.when_unsure == "allow":
        return Allow(f"{why}, and the {mode} mode allows it without asking")
    if policy.when_unsure == "deny":
        return Deny(f"refused: {why}, and the {mode} mode never asks; {RETRY_HINT}")
    return Ask(why, derive_allow_rules(call, read))


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


def allowed_by(call: ToolCall, rules: list[Rule], read: ShellReader) -> list[Rule]:
    """The allow rules that together let the call through, or [] when some part or path is not covered.

    A compound command is allowed when every part is (one rule or several), never when the reading
    doubts a part; a call on several paths when every path is."""
    candidates = [rule for rule in rules if rule.effect == "allow" and tool_name_matches(rule.tool, call.name)]
    if not candidates:
        return []
    whole = next((rule for rule in candidates if matches_rule(rule, call, read)), None)
    if whole is not None:
        return [whole]
    if is_shell_call(call):
        return _cover_parts(call.command or "", candidates, read)
    if call.paths:
        return _cover_paths(call.paths, candidates)
    return []


def _cover_parts(command: str, rules: list[Rule], read: ShellReader) -> list[Rule]:
    if not allowable(command, read):
        return []
    command_rules = [rule for rule in rules if rule.tool in SHELL_TOOLS and rule.specifier is not None]
    used: list[Rule] = []
    for part in read(command).parts:
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


def derive_allow_rules(call: ToolCall, read: ShellReader) -> tuple[Rule, ...]:
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
        if not allowable(call.command or "", read):
            return ()
        texts = [f"{call.name}({part.text})" for part in read(call.command or "").parts]
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
    return rules if allowed_by(call, list(rules), read) else ()
