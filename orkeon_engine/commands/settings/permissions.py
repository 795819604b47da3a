"""/permissions: the rules the gate reads, by source; add, remove and clear rules; list the rule sets.

`add allow|ask|deny <rule>` adds to the session (`--project`: to .orkeon/config.json), `remove [<list>]
<rule>` takes a rule out of the session (or the project file), `clear` empties the session's rules, and
`sets` lists the shipped rule sets and the dev steps that use them. A rule that does not parse is refused
with the column of the problem.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.rule_sets import RULE_SETS, STEP_RULE_SETS
from orkeon_engine.domain.permissions.rules import EFFECTS, Effect, Rule, RuleParseError, format_rule, parse_rule
from orkeon_engine.domain.permissions.tools import ANY_TOOL, BUILTIN_TOOLS
from orkeon_engine.domain.settings.trust import TRUST_COMMAND
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.services.permission_rules import PermissionRules

ACTIONS = ("add", "remove", "clear", "sets")
ARGS = ArgSpec(
    positionals=(
        Positional("action", "add | remove | clear | sets (bare: the rules in force)", choices=ACTIONS),
        Positional("rule", "allow|ask|deny and the rule, such as shell_command(git push:*)", many=True),
    ),
    flags=(Flag("project", "add to or remove from .orkeon/config.json instead of the session"),),
    free_text=True,
)
USAGE = ARGS.usage("permissions")


async def run_permissions(args: ParsedArgs, deps: Deps) -> CommandView:
    rules = PermissionRules(deps.config, deps.session)
    action = args.word(0)
    if action is None:
        return await _in_force(rules)
    if action == "sets":
        return _sets(args.rest(1))
    if action == "clear":
        if args.has("project") or args.rest(1):
            raise ArgumentError("clear empties the session's rules and takes nothing else; remove a project "
                                "rule with remove <rule> --project", USAGE)
        count = await rules.clear_session()
        return CommandView(message=f"cleared the session's rules ({count})")
    if action == "add":
        return await _add(args, rules)
    if action == "remove":
        return await _remove(args, rules)
    raise ArgumentError(f"unknown action {action!r}; expected {' | '.join(ACTIONS)}", USAGE)


async def _in_force(rules: PermissionRules) -> CommandView:
    book = await rules.effective()
    order = {effect: index for index, effect in enumerate(EFFECTS)}
    entries = sorted(book.entries, key=lambda e: order[e.rule.effect])
    rows = [[entry.rule.effect, format_rule(entry.rule), entry.source] for entry in entries]
    lines = tuple(f"cannot be read: {problem}" for problem in book.problems) + tuple(
        f"held back until you trust this workspace: allow {format_rule(entry.rule)} ({entry.source}; "
        f"`{TRUST_COMMAND}`, or answer Always allow when it asks)" for entry in book.held_back)
    if book.problems:
        message = "The gate refuses every call until these are fixed."
    elif rows:
        count = f"{len(rows)} rule" if len(rows) == 1 else f"{len(rows)} rules"
        message = (f"{count}; deny is read before ask, ask before allow. The rule sets come from "
                   "permissions.ruleSets; a dev step adds its own.")
    else:
        message = "No rules: each mode's own policy decides. A dev step adds its rule sets (/permissions sets)."
    return CommandView(
        lines=lines,
        table=table(["list", "rule", "from"], rows) if rows else None,
        message=message,
    )


def _sets(names: tuple[str, ...]) -> CommandView:
    unknown = [name for name in names if name not in RULE_SETS]
    if unknown:
        raise CommandFailedError(f"unknown rule set {unknown[0]!r}; sets: {', '.join(RULE_SETS)}")
    shown = names or tuple(RULE_SETS)
    rows = [[name, rule.text, rule.reason] for name in shown for rule in RULE_SETS[name].rules]
    lines = [f"{name}: {RULE_SETS[name].summary}" for name in shown]
    lines += ["", "the dev steps run under:"]
    lines += [f"  {step}: {', '.join(sets)}" for step, sets in STEP_RULE_SETS.items()]
    lines.append("")
    return CommandView(
        lines=tuple(lines),
        table=table(["set", "deny rule", "why"], rows),
        message=f"{len(rows)} deny rules in {len(shown)} {'set' if len(shown) == 1 else 'sets'}.",
    )


def _effect(word: str | None, action: str) -> Effect:
    for effect in EFFECTS:
        if word == effect:
            return effect
    raise ArgumentError(f"{action} needs a list first: allow, ask or deny (got {word!r})", USAGE)


def _parse(text: str, effect: Effect) -> Rule:
    if not text.strip():
        raise ArgumentError("the rule is missing, such as shell_command(git status) or file_read(.env)", USAGE)
    try:
        return parse_rule(text, effect)
    except RuleParseError as error:
        raise CommandFailedError(f"the rule does not parse at column {error.position + 1}: {error.reason}\n"
                                 f"{error.pointer()}") from None


async def _add(args: ParsedArgs, rules: PermissionRules) -> CommandView:
    effect = _effect(args.word(1), "add")
    rule = _parse(" ".join(args.rest(2)), effect)
    project = args.has("project")
    added = await rules.add_project([rule]) if project else await rules.add_session([rule])
    where = rules.project_location() if project else "this session"
    lines = _tool_note(rule)
    if not added:
        approved = "; approved as yours for this workspace" if project and effect == "allow" else ""
        return CommandView(lines=lines, message=f"{effect} {format_rule(rule)} is already in {where}{approved}")
    return CommandView(lines=lines, message=f"added {effect} {format_rule(rule)} to {where}")


async def _remove(args: ParsedArgs, rules: PermissionRules) -> CommandView:
    words = args.rest(1)
    named = words[0] if words and words[0] in EFFECTS else None
    effect = _effect(named, "remove") if named else "allow"
    rule = _parse(" ".join(words[1:] if named else words), effect)
    project = args.has("project")
    if project:
        removed = await rules.remove_project(rule, any_effect=named is None)
    else:
        removed = await rules.remove_session(rule, any_effect=named is None)
    where = rules.project_location() if project else "the session's rules"
    if not removed:
        raise CommandFailedError(f"{format_rule(rule)} is not in {where}; /permissions lists the rules and "
                                 f"where each comes from")
    gone = ", ".join(f"{r.effect} {format_rule(r)}" for r in removed)
    return CommandView(message=f"removed {gone} from {where}")


def _tool_note(rule: Rule) -> tuple[str, ...]:
    if rule.tool == ANY_TOOL or rule.tool in BUILTIN_TOOLS:
        return ()
    return (f"note: no built-in tool is called {rule.tool}; the rule applies to an extra tool of that name",)

