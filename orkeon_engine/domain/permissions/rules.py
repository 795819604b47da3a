"""The rule syntax of /permissions: `tool` or `tool(specifier)`, in three lists, deny, ask and allow.

`shell_command(git push:*)` is a command prefix (the command, or the command followed by more words);
`shell_command(npm run *)` is a glob where `*` stands for any text; a specifier without either is the exact
command. Any other tool's specifier is a gitignore-style path pattern relative to the workspace
(`file_read(.env)`, `file_write(src/**)`), but a network tool's, which is a domain pattern
(`web_fetch(domain:example.org)`, domain/permissions/domains.py). `*` as the tool name applies a path
pattern to every tool, the shell included, whose file arguments it checks (`*(*.pem)`); a tool name
ending with `*` names every tool starting with the rest (`mcp__github__*`, every tool of that server).

`parse_rule` gives a Rule or raises RuleParseError with the position (0-based) and the reason;
`format_rule` writes the text `parse_rule` reads back to the same Rule.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from orkeon_engine.domain.permissions.domains import DomainPatternError, check_domain_pattern
from orkeon_engine.domain.permissions.paths import PathPatternError, check_path_pattern
from orkeon_engine.domain.permissions.tools import ANY_TOOL, NETWORK_TOOLS, SHELL_TOOLS, TOOL_PREFIX_MARK

Effect = Literal["deny", "ask", "allow"]
EFFECTS: tuple[Effect, ...] = get_args(Effect)
"""The three lists, in the order the gate reads them."""
PREFIX_MARK = ":*"
TOOL_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")


class RuleParseError(ValueError):
    """A rule that does not parse: where (`position`, 0-based, in `text`) and why (`reason`)."""

    def __init__(self, text: str, position: int, reason: str) -> None:
        super().__init__(f"column {position + 1}: {reason}")
        self.text = text
        self.position = position
        self.reason = reason

    def pointer(self) -> str:
        """The rule and a caret under the problem, two lines for a person to read."""
        shown = self.text.replace("\n", " ").replace("\r", " ").replace("\t", " ")
        return f"{shown}\n{' ' * self.position}^"


@dataclass(frozen=True)
class Rule:
    """One rule: the list it belongs to, the tool it names (or `*`), and its specifier (None: every call)."""

    effect: Effect
    tool: str
    specifier: str | None = None

    @property
    def is_command_rule(self) -> bool:
        return self.tool in SHELL_TOOLS and self.specifier is not None

    @property
    def text(self) -> str:
        return format_rule(self)


@dataclass(frozen=True)
class RuleEntry:
    """A rule where it was found: `source` (session, a settings file, a rule set) and why it is there."""

    rule: Rule
    source: str
    reason: str = ""


def format_rule(rule: Rule) -> str:
    """The rule as /permissions and the settings files write it."""
    return rule.tool if rule.specifier is None else f"{rule.tool}({rule.specifier})"


def canonical_rule(text: str, effect: Effect) -> str:
    """A rule of the `effect` list as the settings files write it (one that does not parse, as it is, trimmed):
    two spellings of one rule compare equal."""
    try:
        return format_rule(parse_rule(text, effect))
    except RuleParseError:
        return text.strip()


def parse_rule(text: str, effect: Effect) -> Rule:
    """Read one rule of the `effect` list; raises RuleParseError (and nothing else) when it does not parse."""
    start = len(text) - len(text.lstrip())
    end = len(text.rstrip())
    if start >= end:
        raise RuleParseError(text, 0, "the rule is empty; expected a tool name, such as file_read or "
                                      "shell_command(git status)")
    for index in range(start, end):
        if text[index] in "\n\r":
            raise RuleParseError(text, index, "a rule is one line")
    if text[start] == ANY_TOOL:
        name_end = start + 1
    else:
        match = TOOL_NAME.match(text, start)
        if match is None:
            raise RuleParseError(text, start, "expected a tool name (a letter or _, then letters, digits, _ . -) "
                                              "or * for every tool")
        name_end = match.end()
        if text.startswith(TOOL_PREFIX_MARK, name_end):  # mcp__github__*: every tool of that server
            name_end += len(TOOL_PREFIX_MARK)
    tool = text[start:name_end]
    if name_end == end:
        return Rule(effect, tool)
    if text[name_end] != "(":
        raise RuleParseError(text, name_end, f"expected '(' or the end of the rule after the tool name {tool!r}")
    if text[end - 1] != ")" or end - 1 == name_end:
        raise RuleParseError(text, end, f"expected ')' closing the '(' at column {name_end + 1}")
    spec_start = name_end + 1
    raw = text[spec_start : end - 1]
    specifier = raw.strip()
    if not specifier:
        raise RuleParseError(text, spec_start, f"the specifier is empty; write {tool} alone to match every call")
    offset = spec_start + (len(raw) - len(raw.lstrip()))
    _check_specifier(text, tool, specifier, offset)
    return Rule(effect, tool, specifier)


def _check_specifier(text: str, tool: str, specifier: str, offset: int) -> None:
    if tool in SHELL_TOOLS:
        _check_command_pattern(text, specifier, offset)
        return
    if tool in NETWORK_TOOLS:
        try:
            check_domain_pattern(specifier)
        except DomainPatternError as error:
            raise RuleParseError(text, offset + error.offset, error.reason) from None
        return
    try:
        check_path_pattern(specifier)
    except PathPatternError as error:
        raise RuleParseError(text, offset + error.offset, error.reason) from None


def _check_command_pattern(text: str, specifier: str, offset: int) -> None:
    mark = specifier.find(PREFIX_MARK)
    if mark != -1 and mark != len(specifier) - len(PREFIX_MARK):
        raise RuleParseError(text, offset + mark, "':*' ends a command prefix; it may only come last")
    body = specifier[: mark] if mark != -1 else specifier
    if not body.strip():
        raise RuleParseError(text, offset, "nothing before ':*'; write the command the prefix starts with")
    _, unclosed = split_words(body)
    if unclosed is not None:
        raise RuleParseError(text, offset + unclosed, "this quote is never closed")


def split_words(text: str) -> tuple[tuple[str, ...], int | None]:
    """The words of a rule's command pattern (quotes removed), and the index of an unclosed quote (None
    when every quote closes). This is the rule syntax, not the shell's: a pattern is plain words and quotes."""
    words: list[str] = []
    current: list[str] = []
    has_word = False
    index = 0
    while index < len(text):
        char = text[index]
        if char.isspace():
            if has_word:
                words.append("".join(current))
                current, has_word = [], False
            index += 1
            continue
        has_word = True
        if char in "'\"":
            close = text.find(char, index + 1)
            while char == '"' and close != -1 and text[close - 1] == "\\":
                close = text.find(char, close + 1)
            if close == -1:
                return tuple(words), index
            inner = text[index + 1 : close]
            current.append(inner.replace('\\"', '"').replace("\\\\", "\\") if char == '"' else inner)
            index = close + 1
            continue
        current.append(char)
        index += 1
    if has_word:
        words.append("".join(current))
    return tuple(words), None


def parse_rule_lists(value: Any, where: str) -> tuple[list[RuleEntry], list[str]]:
    """The rules of a `permissions` object ({"allow": [...], "ask": [...], "deny": [...]}) and its problems.

    Each problem is one line naming `where`, the list, the rule and the reason; the gate fails closed on any."""
    if value is None:
        return [], []
    if not isinstance(value, Mapping):
        return [], [f"{where}: permissions must be an object of allow, ask and deny lists"]
    entries: list[RuleEntry] = []
    problems: list[str] = []
    for key in value:
        if key not in EFFECTS:
            problems.append(f"{where}: permissions.{key} is not a list the gate reads; expected allow, ask, deny")
    for effect in EFFECTS:
        items = value.get(effect, [])
        if not isinstance(items, list):
            problems.append(f"{where}: permissions.{effect} must be a list of rules")
            continue
        for index, item in enumerate(items):
            if not isinstance(item, str):
                problems.append(f"{where}: permissions.{effect}[{index}] is not a rule (a string)")
                continue
            try:
                entries.append(RuleEntry(parse_rule(item, effect), where))
            except RuleParseError as error:
                problems.append(f"{where}: permissions.{effect}[{index}] {item!r} does not parse: {error}")
    return entries, problems
