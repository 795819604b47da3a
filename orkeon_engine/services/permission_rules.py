"""The permission rules by source: the session's, the settings files', and a dev step's rule sets.

The session's rules live in its state bag ("permissions.rules"), the settings' under the `permissions`
key of the user's file, the project's file (`.orkeon/config.json`) and the session's own settings
(`/config set permissions ...`). Each is an object of allow, ask and deny lists of rule texts. A dev step
runs under its rule sets; everything else (the assistant, /debug-tool-call) under the sets the
`permissions.ruleSets` setting names (`secrets` unless it is set). What cannot be read (a file that is
not JSON, a rule that does not parse, a set that does not exist) is kept as a problem naming the file
and the rule: the gate refuses every call while one remains, and /permissions shows it. A file the person
pinned read-only (/read-only, domain/context/context_files.py) adds a deny rule for each edit tool.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from orkeon_engine.domain.context.context_files import CONTEXT_FILES_KEY, pinned_from_state, read_only_entries
from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.permissions.rule_sets import RULE_SETS, STEP_RULE_SETS, step_entries
from orkeon_engine.domain.permissions.rules import (
    EFFECTS,
    Rule,
    RuleEntry,
    canonical_rule,
    format_rule,
    parse_rule_lists,
)
from orkeon_engine.domain.settings.config_schema import ConfigKey, find_key
from orkeon_engine.domain.settings.setting_choices import DEFAULT_RULE_SETS
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.session_io import CurrentSession

SESSION_RULES_KEY = "permissions.rules"
PERMISSIONS_KEY = "permissions"
RULE_SETS_KEY = "permissions.ruleSets"
SESSION_SOURCE = "session"
SESSION_SETTINGS_SOURCE = "session settings"


@dataclass(frozen=True)
class RuleBook:
    """Every rule in force, each with its source, and what could not be read."""

    entries: tuple[RuleEntry, ...] = ()
    problems: tuple[str, ...] = ()
    held_back: tuple[RuleEntry, ...] = ()
    """The project's allow rules not used: the workspace is untrusted and the person did not approve them."""


class PermissionRules:
    """Reads and changes the rules of the session and of the project's settings file."""

    def __init__(self, config: ConfigStore, session: CurrentSession) -> None:
        self._config = config
        self._session = session

    def project_location(self) -> str:
        return self._config.location("project")

    async def session_book(self) -> RuleBook:
        value = await self._session.get_state(SESSION_RULES_KEY)
        entries, problems = parse_rule_lists(value, SESSION_SOURCE)
        return RuleBook(tuple(entries), tuple(problems))

    async def settings_book(self) -> RuleBook:
        """The rules of the session's settings, the project's file, then the user's."""
        entries: list[RuleEntry] = []
        problems: list[str] = []
        session_value = (await self._config.session_values()).get(PERMISSIONS_KEY)
        found, trouble = parse_rule_lists(session_value, SESSION_SETTINGS_SOURCE)
        entries += found
        problems += trouble
        held: list[RuleEntry] = []
        for scope in ("project", "user"):
            try:
                values = self._config.read_file(scope)
            except ConfigFileError as error:
                problems.append(str(error))
                continue
            found, trouble = parse_rule_lists(values.get(PERMISSIONS_KEY), self._config.location(scope))
            if scope == "project":
                found, held = self._used_untrusted(found)
            entries += found
            problems += trouble
        return RuleBook(tuple(entries), tuple(problems), tuple(held))

    def _used_untrusted(self, found: list[RuleEntry]) -> tuple[list[RuleEntry], list[RuleEntry]]:
        """The project's rules used, and those held back: in an untrusted workspace, an allow rule the person
        did not approve (domain/settings/trust.py)."""
        trust = self._config.trust
        if trust.trusted():
            return found, []
        approved = trust.approved_rules()
        held = [e for e in found if e.rule.effect == "allow" and format_rule(e.rule) not in approved]
        return [e for e in found if e not in held], held

    async def effective(self, step: str | None = None) -> RuleBook:
        """The session's rules, the settings', the deny rules of the files pinned read-only (/read-only), then
        the step's rule sets (never raises for a bad rule)."""
        session = await self.session_book()
        settings = await self.settings_book()
        entries = [*session.entries, *settings.entries]
        entries += read_only_entries(pinned_from_state(await self._session.get_state(CONTEXT_FILES_KEY)))
        problems = [*session.problems, *settings.problems]
        if step is not None:
            if step in STEP_RULE_SETS:
                entries += step_entries(step)
            else:
                problems.append(f"unknown step {step!r} (steps: {', '.join(STEP_RULE_SETS)})")
        else:
            found, trouble = await self._chosen_sets()
            entries += found
            problems += trouble
        return RuleBook(tuple(entries), tuple(problems), settings.held_back)

    async def _chosen_sets(self) -> tuple[list[RuleEntry], list[str]]:
        """The rules of the sets `permissions.ruleSets` names (a name that is no set is a problem)."""
        try:
            names = await self._config.get(RULE_SETS_KEY, list(DEFAULT_RULE_SETS))
        except ConfigFileError as error:
            return [], [str(error)]
        unknown = [name for name in names if name not in RULE_SETS]
        if unknown:
            return [], [f"{RULE_SETS_KEY}: {unknown[0]!r} is no rule set (sets: {', '.join(RULE_SETS)})"]
        return [entry for name in dict.fromkeys(names) for entry in RULE_SETS[name].entries()], []

    async def add_session(self, rules: Iterable[Rule]) -> list[Rule]:
        """Add rules to the session; the ones it did not hold yet are returned."""
        lists = _lists(await self._session.get_state(SESSION_RULES_KEY))
        added = _add(lists, rules)
        if added:
            await self._session.set_state(SESSION_RULES_KEY, lists)
        return added

    async def remove_session(self, rule: Rule, any_effect: bool = False) -> list[Rule]:
        lists = _lists(await self._session.get_state(SESSION_RULES_KEY))
        removed = _remove(lists, rule, any_effect)
        if removed:
            await self._session.set_state(SESSION_RULES_KEY, lists)
        return removed

    async def clear_session(self) -> int:
        lists = _lists(await self._session.get_state(SESSION_RULES_KEY))
        count = sum(len(items) for items in lists.values())
        await self._session.set_state(SESSION_RULES_KEY, None)
        return count

    async def add_project(self, rules: Iterable[Rule]) -> list[Rule]:
        """Append rules to the project file's `permissions` lists, the allow rules approved as the person's own
        for this workspace first (so they apply while it is untrusted: one the project already ships is
        approved too, though the file keeps it as it was); raises ConfigFileError naming the file (the
        settings file, or the trust store)."""
        rules = list(rules)
        values = self._config.read_file("project")
        lists = self._project_lists(values)
        added = _add(lists, rules)
        allowed = [format_rule(rule) for rule in rules if rule.effect == "allow"]
        if allowed:
            trust = self._config.trust
            try:
                trust.approve_rules(allowed)
            except OSError as error:
                raise ConfigFileError(trust.location(), f"cannot be written ({error.strerror or error})") from None
        if added:
            await self._config.write_value(_permissions_key(), lists, "project")
        return added

    async def remove_project(self, rule: Rule, any_effect: bool = False) -> list[Rule]:
        values = self._config.read_file("project")
        lists = self._project_lists(values)
        removed = _remove(lists, rule, any_effect)
        if removed:
            kept = {effect: items for effect, items in lists.items() if items}
            await self._config.write_value(_permissions_key(), kept or None, "project")
        return removed

    def _project_lists(self, values: dict[str, Any]) -> dict[str, list[str]]:
        current = values.get(PERMISSIONS_KEY)
        if current is None:
            return {}
        _, problems = parse_rule_lists(current, self.project_location())
        if problems:
            raise ConfigFileError(self.project_location(), f"fix its permissions first: {problems[0]}")
        return _lists(current)


def _permissions_key() -> ConfigKey:
    spec = find_key(PERMISSIONS_KEY)
    if spec is None:  # the schema declares it; this guards a renamed key
        raise ConfigFileError("config_schema", f"the {PERMISSIONS_KEY!r} key is not declared")
    return spec


def _lists(value: Any) -> dict[str, list[str]]:
    """A copy of a stored rules object, keeping only lists of strings under the three effects."""
    if not isinstance(value, dict):
        return {}
    lists: dict[str, list[str]] = {}
    for effect in EFFECTS:
        items = value.get(effect)
        if isinstance(items, list):
            lists[effect] = [item for item in items if isinstance(item, str)]
    return lists


def _add(lists: dict[str, list[str]], rules: Iterable[Rule]) -> list[Rule]:
    added: list[Rule] = []
    for rule in rules:
        items = lists.setdefault(rule.effect, [])
        text = format_rule(rule)
        if text not in (canonical_rule(item, rule.effect) for item in items):
            items.append(text)
            added.append(rule)
    return added


def _remove(lists: dict[str, list[str]], rule: Rule, any_effect: bool) -> list[Rule]:
    """Remove the rule (matched by its canonical text, in its list or in every list) and return what went."""
    removed: list[Rule] = []
    text = format_rule(rule)
    effects = EFFECTS if any_effect else (rule.effect,)
    for effect in effects:
        items = lists.get(effect, [])
        kept = [item for item in items if canonical_rule(item, effect) != text]
        if len(kept) != len(items):
            lists[effect] = kept
            removed.append(Rule(effect, rule.tool, rule.specifier))
    return removed
