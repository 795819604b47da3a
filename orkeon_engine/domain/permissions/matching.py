"""matches_rule: whether one rule applies to one tool call, as the gate reads it (pure, never raises).

An allow rule is narrow and a deny (or ask) rule is broad:
- a command rule allows a compound command only when every part matches and no part holds a construct
  an allow rule never matches (substitution, `eval`, a redirection to a file, a here-document, or a
  line that does not split); it denies when any reading of any part matches, `sh -c` scripts,
  substitutions and wrappers included;
- a path rule allows a file tool's call when every path matches and denies it when any does; on the shell
  (through `*`) it never allows, and denies when a file argument of the command matches;
- a domain rule (a network tool's) matches a call to that host (domain/permissions/domains.py).
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from functools import lru_cache

from orkeon_engine.domain.permissions.domains import domain_matches
from orkeon_engine.domain.permissions.paths import PathPattern, PathPatternError, compile_path_pattern
from orkeon_engine.domain.permissions.rules import PREFIX_MARK, Rule
from orkeon_engine.domain.permissions.shell import (
    deny_forms_of_line,
    file_arguments,
    join_words,
    split_line,
    split_words,
)
from orkeon_engine.domain.permissions.tools import NETWORK_TOOLS, SHELL_TOOLS, tool_name_matches
from orkeon_engine.domain.tool_call import ToolCall

GLOB_CHARS = "*?["


def matches_rule(rule: Rule, call: ToolCall) -> bool:
    """True when `rule` applies to `call`, with the all-parts (allow) or any-part (deny, ask) reading."""
    if not tool_name_matches(rule.tool, call.name):
        return False
    shell = is_shell_call(call)
    if rule.specifier is None:
        return not (shell and rule.effect == "allow") or allowable(call.command or "")
    if rule.tool in SHELL_TOOLS:
        return _matches_command(rule, call.command or "")
    if rule.tool in NETWORK_TOOLS:
        return call.domain is not None and domain_matches(rule.specifier, call.domain)
    try:
        pattern = compile_path_pattern(rule.specifier)
    except PathPatternError:
        return False
    if shell:
        return rule.effect != "allow" and _names_a_matching_file(pattern, call.command or "")
    if not call.paths:
        return False
    if rule.effect == "allow":
        return all(pattern.matches(path) for path in call.paths)
    return any(pattern.matches(path) for path in call.paths)


def is_shell_call(call: ToolCall) -> bool:
    """A call that runs a command line: one that carries it, or a built-in shell tool (whose command is
    then read as empty, which no allow rule matches)."""
    return call.command is not None or call.name in SHELL_TOOLS


def allowable(command: str) -> bool:
    """True when an allow rule may match the command at all: it splits cleanly and hides nothing."""
    line = split_line(command)
    return line.complete and bool(line.parts) and all(not part.unsafe for part in line.parts)


def _matches_command(rule: Rule, command: str) -> bool:
    regex = command_regex(rule.specifier or "")
    if rule.effect == "allow":
        if not allowable(command):
            return False
        return all(regex.fullmatch(part.text) is not None for part in split_line(command).parts)
    return any(regex.fullmatch(form) is not None for form in deny_forms_of_line(command))


@lru_cache(maxsize=1024)
def command_regex(specifier: str) -> re.Pattern[str]:
    """The regular expression of a command pattern, over a part's text as `CommandPart.text` writes it."""
    prefix = specifier.endswith(PREFIX_MARK)
    body = specifier[: -len(PREFIX_MARK)] if prefix else specifier
    words, _ = split_words(body)
    canonical = join_words(words)
    regex = ".*".join(re.escape(piece) for piece in canonical.split("*"))
    if prefix:
        regex += "(?: .*)?"
    return re.compile(regex, re.DOTALL)


def _names_a_matching_file(pattern: PathPattern, command: str) -> bool:
    for argument in file_arguments(command):
        if pattern.matches(argument):
            return True
        if any(c in argument for c in GLOB_CHARS) and _glob_may_name(argument, pattern):
            return True
    return False


def _glob_may_name(argument: str, pattern: PathPattern) -> bool:
    """A shell glob (`.e*`) that would expand to the literal name a pattern holds (`.env`)."""
    name = posixpath.basename(argument.rstrip("/"))
    literal = pattern.text.rstrip("/").rsplit("/", 1)[-1]
    if not name or name[0] in GLOB_CHARS or any(c in literal for c in GLOB_CHARS):
        return False
    return fnmatch.fnmatchcase(literal, name)
