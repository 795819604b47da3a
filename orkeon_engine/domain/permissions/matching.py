"""matches_rule: whether one rule applies to one tool call, as the gate reads it (pure, never raises).

A shell call's command is read by the shell grammar (`read`, the ShellGrammar port's reader) as bash
reads it. An allow rule is narrow and a deny (or ask) rule is broad:
- a command rule allows a compound command only when every part matches and the reading is sure of
  every part (no expansion, substitution, control construct, `eval`, here-document, background job or
  redirection to a file, and the whole line parses); it denies when any reading of any part matches,
  `sh -c` scripts, substitutions and wrappers included;
- a path rule allows a file tool's call when every path matches and denies it when any does; on the shell
  (through `*`) it never allows, and denies when a file the command names matches: an argument, a
  redirection, a name it builds (`.${x}env`), a name filtered for a command that reads names from its
  input (`ls | grep env | xargs cat`), or a path the tool found a symlink on the way to (`call.paths`);
- a domain rule (a network tool's) matches a call to that host (domain/permissions/domains.py).
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from functools import lru_cache

from orkeon_engine.domain.permissions.domains import domain_matches
from orkeon_engine.domain.permissions.paths import PathPattern, PathPatternError, compile_path_pattern
from orkeon_engine.domain.permissions.rules import PREFIX_MARK, Rule, split_words
from orkeon_engine.domain.permissions.shell import (
    computed_names,
    deny_forms_of_line,
    file_arguments,
    names_from_input,
)
from orkeon_engine.domain.permissions.tools import NETWORK_TOOLS, SHELL_TOOLS, tool_name_matches
from orkeon_engine.domain.tool_call import ToolCall
from orkeon_engine.domain.tools.shell_reading import ShellReader, join_words

GLOB_CHARS = "*?["
MIN_FRAGMENT = 3
"""A word filtering names for `xargs` counts when it has at least this many characters (`env`, `pem`)."""


def matches_rule(rule: Rule, call: ToolCall, read: ShellReader) -> bool:
    """True when `rule` applies to `call`, with the all-parts (allow) or any-part (deny, ask) reading."""
    if not tool_name_matches(rule.tool, call.name):
        return False
    shell = is_shell_call(call)
    if rule.specifier is None:
        return not (shell and rule.effect == "allow") or allowable(call.command or "", read)
    if rule.tool in SHELL_TOOLS:
        return _matches_command(rule, call.command or "", read)
    if rule.tool in NETWORK_TOOLS:
        return call.domain is not None and domain_matches(rule.specifier, call.domain)
    try:
        pattern = compile_path_pattern(rule.specifier)
    except PathPatternError:
        return False
    if shell:
        return rule.effect != "allow" and (_names_a_matching_file(pattern, call.command or "", read)
                                           or any(pattern.matches(path) for path in call.paths))
    if not call.paths:
        return False
    if rule.effect == "allow":
        return all(pattern.matches(path) for path in call.paths)
    return any(pattern.matches(path) for path in call.paths)


def is_shell_call(call: ToolCall) -> bool:
    """A call that runs a command line: one that carries it, or a built-in shell tool (whose command is
    then read as empty, which no allow rule matches)."""
    return call.command is not None or call.name in SHELL_TOOLS


def allowable(command: str, read: ShellReader) -> bool:
    """True when an allow rule may match the command at all: it parses whole and the reading is sure of it."""
    return read(command).sure


def _matches_command(rule: Rule, command: str, read: ShellReader) -> bool:
    regex = command_regex(rule.specifier or "")
    if rule.effect == "allow":
        line = read(command)
        return line.sure and all(regex.fullmatch(part.text) is not None for part in line.parts)
    return any(regex.fullmatch(form) is not None for form in deny_forms_of_line(command, read))


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


def _names_a_matching_file(pattern: PathPattern, command: str, read: ShellReader) -> bool:
    for argument in file_arguments(command, read):
        if pattern.matches(argument):
            return True
        if any(c in argument for c in GLOB_CHARS) and _glob_may_name(argument, pattern, leading=False):
            return True
    if any(_glob_may_name(shape, pattern, leading=True) for shape in computed_names(command, read)):
        return True
    return any(_fragment_of(word, pattern) for word in names_from_input(command, read))


def _glob_may_name(argument: str, pattern: PathPattern, leading: bool) -> bool:
    """A glob (`.e*`) that would expand to the literal name a pattern holds (`.env`). A glob the shell
    writes must not start with a wildcard (bash's `*` skips dot files); a name built from expansions may
    (`${x}.env`), but it must hold some literal text."""
    name = posixpath.basename(argument.rstrip("/"))
    literal = _literal_name(pattern)
    if not name or literal is None or not name.strip("*?"):
        return False
    if not leading and name[0] in GLOB_CHARS:
        return False
    return fnmatch.fnmatchcase(literal, name)


def _fragment_of(word: str, pattern: PathPattern) -> bool:
    """A word that filters names (`grep env`) for a pattern's name (`.env`): part of the name's text."""
    text = word.strip("'\"^$*.").lower()
    if len(text) < MIN_FRAGMENT:
        return False
    pieces = [piece.lower() for piece in re.split(r"[*?\[\]]+", pattern.text.rstrip("/").rsplit("/", 1)[-1])]
    return any(text in piece for piece in pieces if piece)


def _literal_name(pattern: PathPattern) -> str | None:
    literal = pattern.text.rstrip("/").rsplit("/", 1)[-1]
    return None if any(c in literal for c in GLOB_CHARS) else literal
