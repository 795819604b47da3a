"""The tools a turn offers the model: the mode's policy picks the classes, then a deny rule naming a whole
tool (no specifier) takes that tool out, or every tool it names (`mcp__github__*`); what the rules took out
is said in the answer. An extra tool of an MCP server states its class like any other (`extra`, or `read`
when declared so), so the mode's row alone decides whether it is offered.

An unknown mode offers nothing (the gate would refuse every call anyway). A rule with a specifier
(`shell_command(git push:*)`) leaves the tool offered: the gate refuses the matching calls one by one.
With `core` (domain/tools/tool_sets.py), only the core tools and the extra tools are offered; the rest are
`trimmed`, and said so. Without it, a tool of the core set only (definition_rewrite) is not offered.

When nobody can answer a question (`unanswerable`: the command line without a terminal), a tool whose every
call the mode would ask about is left out, `unapprovable`, and said so: a command (`shell`) or a fetch
(`network`) in default or acceptEdits, unless an allow rule names the tool (`shell_command(pytest *)` keeps
it: the gate lets those calls through unasked) or a PreToolUse hook guards it (`hooked`: a hook may allow). A small
model offered a shell it could never use reached for `grep` in 6 runs of 20, and a refused command ended in
an answer that repeated the refusal. Edits stay offered: a refused edit still tells the person what the
model would have changed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.permissions.modes import parse_mode
from orkeon_engine.domain.permissions.policy import ModePolicy, policy_for
from orkeon_engine.domain.permissions.rules import RuleEntry
from orkeon_engine.domain.permissions.tools import tool_name_matches
from orkeon_engine.domain.tool_call import ToolClass
from orkeon_engine.domain.tools.tool_sets import CORE_ONLY_TOOLS, in_core_set

ASKING_CLASSES: frozenset[ToolClass] = frozenset({"shell", "network"})
"""The classes whose calls a mode that asks always asks about, unless a rule allows them."""


@dataclass(frozen=True)
class RemovedTool:
    """A tool the rules took out, and the rule's source."""

    name: str
    source: str


@dataclass(frozen=True)
class ToolOffer:
    """The names offered (in the toolbox's order), what the mode withholds, what the rules removed."""

    offered: tuple[str, ...]
    withheld: tuple[str, ...] = ()
    removed: tuple[RemovedTool, ...] = ()
    read_only: bool = True
    trimmed: tuple[str, ...] = ()
    """The tools the mode and the rules allow that the core set left out (empty with the full set)."""
    unapprovable: tuple[str, ...] = ()
    """The tools left out since every call would ask and nobody can answer (the module docstring)."""

    def trimmed_text(self) -> str:
        """`tools: the core set (5); assistant.toolSet full offers the 21 others`, or "" with the full set."""
        if not self.trimmed:
            return ""
        return (f"tools: the core set ({len(self.offered)}); assistant.toolSet full offers the "
                f"{len(self.trimmed)} others")

    def unapprovable_text(self) -> str:
        """`shell_command left out: nobody can approve its calls here, and no allow rule names it`, or ""."""
        if not self.unapprovable:
            return ""
        names = ", ".join(self.unapprovable)
        one = len(self.unapprovable) == 1
        return (f"{names} left out: nobody can approve {'its' if one else 'their'} calls here, and no allow rule "
                f"names {'it' if one else 'them'} (permissions.md)")

    def removed_text(self) -> str:
        """`the rules removed file_write (session), shell_command (/repo/.orkeon/config.json)`, or ""."""
        if not self.removed:
            return ""
        return "the rules removed " + ", ".join(f"{r.name} ({r.source})" for r in self.removed) + \
            " from the tools"


def whole_tool_denials(rules: Iterable[RuleEntry]) -> dict[str, str]:
    """The tool names (or name patterns) a deny rule names with no specifier, lower-cased, each with the
    first rule's source."""
    found: dict[str, str] = {}
    for entry in rules:
        if entry.rule.effect == "deny" and entry.rule.specifier is None:
            found.setdefault(entry.rule.tool.lower(), entry.source)
    return found


def offer_tools(
    mode: str,
    available: Sequence[tuple[str, ToolClass]],
    rules: Iterable[RuleEntry] = (),
    core: bool = False,
    unanswerable: bool = False,
    hooked: Collection[str] = (),
) -> ToolOffer:
    """The offer of a turn in `mode` over the toolbox's (name, class) pairs; `core` keeps the core set;
    `unanswerable` leaves out the tools whose every call would ask, but those in `hooked` (the module
    docstring)."""
    known = parse_mode(mode)
    if known is None:
        return ToolOffer((), tuple(name for name, _ in available), (), True)
    policy: ModePolicy = policy_for(known)
    rules = tuple(rules)
    denied = whole_tool_denials(rules)
    allowed = [entry.rule.tool.lower() for entry in rules if entry.rule.effect == "allow"]
    offered: list[str] = []
    unapprovable: list[str] = []
    withheld: list[str] = []
    removed: list[RemovedTool] = []
    trimmed: list[str] = []
    for name, tool_class in available:
        if not policy.offers(tool_class):
            withheld.append(name)
            continue
        source = next((src for pattern, src in denied.items() if tool_name_matches(pattern, name.lower())), None)
        if source is not None:
            removed.append(RemovedTool(name, source))
            continue
        if not core and name in CORE_ONLY_TOOLS:
            continue
        if unanswerable and policy.when_unsure == "ask" and tool_class in ASKING_CLASSES and name not in hooked and \
                not any(tool_name_matches(pattern, name.lower()) for pattern in allowed):
            unapprovable.append(name)
            continue
        (trimmed if core and not in_core_set(name) else offered).append(name)
    return ToolOffer(tuple(offered), tuple(withheld), tuple(removed), policy.read_only, tuple(trimmed),
                     tuple(unapprovable))
