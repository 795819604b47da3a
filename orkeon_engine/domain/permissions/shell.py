"""How the rules judge a command line the shell grammar read: what runs, what hides inside, the files it names.

The line is read once, by the ShellGrammar port (bash's grammar, domain/tools/shell_reading.py); the functions
here take that reader (`read`) and never parse shell text themselves.

An allow rule reads a line narrowly: every part must match, and a part with a doubt never does (see
ShellLine.sure). A deny rule reads it broadly: `deny_forms` gives every way a part can be read, looking
into `sh -c "..."` and `bash -c`, into substitutions and `eval`, past wrappers (`env`, `sudo`, `nohup`,
`timeout`, `xargs`, ...), leading `VAR=value` assignments, git's global options (`git -C dir push` reads
as `git push`) and the aliases `-c alias.x=...` defines, into `find -exec`, into a shell fed its script on
its input (`echo ... | sh`, a here-document into `bash`), option clusters and attached values
(`python -Ic x` reads as `python -c x`) and versioned names (`python3.11`). `file_arguments` gives the
files a line names, and `computed_names` the names it builds at run time (`.${x}env` as `.*env`).

The same reading gives the programs a line starts, for the `shell.allow` check (`programs_of`; its
default list, DEFAULT_SHELL_ALLOW, is in domain/settings/setting_choices.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from orkeon_engine.domain.tools.shell_reading import (
    CommandPart,
    ShellLine,
    ShellReader,
    join_words,
    program_name,
    quote_word,
)

KEYWORDS = frozenset({"if", "then", "else", "elif", "do", "while", "until", "!", "{", "}", "time"})
SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "ash", "fish"})
SCRIPT_RUNNERS = frozenset({"eval", "source", "."})
WRAPPERS = frozenset({"env", "command", "builtin", "exec", "nohup", "time", "nice", "sudo", "doas", "timeout",
                      "xargs", "stdbuf", "ionice", "chronic", "watch", "caffeinate", "coproc", "setsid", "parallel"})
INPUT_NAMED = frozenset({"xargs", "parallel"})
"""Wrappers that take the names they work on from their input (`ls | xargs cat`)."""
WRAPPER_OPTIONS_WITH_VALUE = {
    "env": frozenset({"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}),
    "sudo": frozenset({"-u", "--user", "-g", "--group", "-C", "-D", "--chdir", "-h", "--host", "-p", "--prompt",
                       "-r", "--role", "-t", "--type", "-U", "--other-user", "-T", "--command-timeout"}),
    "doas": frozenset({"-u", "-C"}),
    "nice": frozenset({"-n", "--adjustment"}),
    "ionice": frozenset({"-c", "--class", "-n", "--classdata", "-p", "--pid"}),
    "timeout": frozenset({"-s", "--signal", "-k", "--kill-after"}),
    "xargs": frozenset({"-I", "-i", "-n", "--max-args", "-P", "--max-procs", "-d", "--delimiter", "-L",
                        "--max-lines", "-s", "--max-chars", "-a", "--arg-file", "-E", "-e"}),
    "stdbuf": frozenset({"-i", "-o", "-e"}),
    "watch": frozenset({"-n", "--interval", "-d"}),
}
GIT_GLOBAL_WITH_VALUE = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path",
                                   "--config-env"})
MAX_DEPTH = 4
_EXPANSION = re.compile(r"\$\{[^}]*\}?|\$\([^)]*\)?|\$[A-Za-z_0-9@*#?$!-]+|`[^`]*`?|\$'[^']*'?")


def is_assignment(word: str) -> bool:
    name, eq, _ = word.partition("=")
    return bool(eq) and name.replace("_", "a").isalnum() and not name[:1].isdigit()


def unwrap(words: list[str]) -> list[str]:
    """The words without leading assignments, shell keywords and wrappers (`sudo`, `env X=1`, `timeout 5`)."""
    return unwrap_chain(words)[1]


def unwrap_chain(words: list[str]) -> tuple[list[str], list[str]]:
    """The wrappers stripped, in order (`nohup`, `xargs`), and the words left once they are."""
    wrappers: list[str] = []
    for _ in range(8):
        index = 0
        while index < len(words) and (is_assignment(words[index]) or words[index] in KEYWORDS):
            index += 1
        if index < len(words) and program_name(words[index]) in WRAPPERS:
            wrapper = program_name(words[index])
            wrappers.append(wrapper)
            index = _past_wrapper_options(words, index + 1, WRAPPER_OPTIONS_WITH_VALUE.get(wrapper, frozenset()))
        if index == 0:
            break
        words = words[index:]
    return wrappers, words


def _past_wrapper_options(words: list[str], index: int, takes_value: frozenset[str]) -> int:
    while index < len(words) and (words[index].startswith("-") or is_assignment(words[index])
                                  or _is_duration(words[index])):
        if words[index] == "--":
            return index + 1
        index += 2 if words[index] in takes_value else 1
    return index


def deny_forms(part: CommandPart, read: ShellReader, depth: int = 0) -> list[str]:
    """Every reading of a part a deny rule is tried against: as written, unwrapped, and what runs inside."""
    forms: list[str] = [part.text]
    words = unwrap(list(part.words))
    forms.append(join_words(words))
    if words and program_name(words[0]) != words[0]:
        words = [program_name(words[0]), *words[1:]]
        forms.append(join_words(words))
    if words and _unversioned(words[0]) != words[0]:
        forms.append(join_words([_unversioned(words[0]), *words[1:]]))
    inner_lines = [*_inner_scripts(words), *_exec_commands(words)]
    if words and words[0] == "git":
        git = strip_git_globals(words)
        if git != words:
            forms.append(join_words(git))
        expanded = _expand_git_alias(words, git, read)
        if expanded is not None:
            forms.append(join_words(expanded[0]))
            inner_lines.extend(expanded[1])
    forms.extend(_option_forms(words))
    script = shell_script_form(tuple(words))
    if script is not None:
        forms.append(script)
    if reads_script_from_input(words):
        forms.append(join_words([words[0], "-c"]))
        inner_lines.extend(part.stdin)
    if depth < MAX_DEPTH:
        for inner in inner_lines:
            forms.extend(deny_forms_of_line(inner, read, depth + 1))
    return list(dict.fromkeys(form for form in forms if form))


@lru_cache(maxsize=2048)
def deny_forms_of_line(line: str, read: ShellReader, depth: int = 0) -> tuple[str, ...]:
    """Every reading of every part of a line, substitutions and scripts fed to a shell included."""
    parsed = read(line)
    forms: list[str] = []
    for part in parsed.parts:
        forms.extend(deny_forms(part, read, depth))
    if depth < MAX_DEPTH:
        for inner in [*parsed.hidden, *_fed_to_a_shell(parsed)]:
            forms.extend(deny_forms_of_line(inner, read, depth + 1))
    return tuple(dict.fromkeys(forms))


def _fed_to_a_shell(line: ShellLine) -> list[str]:
    """The here-documents and here-strings of a line where a shell reads its script on its input
    (`cat <<EOF | sh`): what they feed may run."""
    if not any(reads_script_from_input(unwrap(list(part.words))) for part in line.parts):
        return []
    return [text for part in line.parts for text in part.stdin]


def strip_git_globals(words: list[str]) -> list[str]:
    """`git` and what follows its global options (`git -C dir --no-pager push x` is `git push x`)."""
    out, index = [words[0]], 1
    while index < len(words) and words[index].startswith("-"):
        option = words[index].split("=", 1)[0]
        index += 2 if option in GIT_GLOBAL_WITH_VALUE and "=" not in words[index] else 1
    return out + words[index:]


def _is_duration(word: str) -> bool:
    return bool(word) and word.rstrip("smhd").replace(".", "", 1).isdigit()


def _unversioned(name: str) -> str:
    """A program's name without a version suffix (`python3.11` reads as `python3`), else the name."""
    stem, dot, minor = name.rpartition(".")
    if dot and stem and minor.isdigit() and stem[-1:].isdigit():
        return stem
    return name


def _option_forms(words: list[str]) -> list[str]:
    """The part read with each leading option on its own: a cluster split (`python -Ic x` as
    `python -c x`), a value attached to a short option pulled apart (`-cCODE` as `-c CODE`), `--name=value`
    as `--name value`, and the options before it dropped. Only the options right after the command's
    leading words count, so a script's own arguments (`python -m pytest -c cfg`) are left alone."""
    forms: list[str] = []
    start = next((i for i, word in enumerate(words) if word.startswith("-")), len(words))
    prefix = words[:start]
    index = start
    while index < len(words) and words[index].startswith("-") and words[index] not in ("-", "--"):
        word, rest = words[index], words[index + 1 :]
        if word.startswith("--"):
            name, eq, value = word.partition("=")
            variants = [[name, value]] if eq else [[word]]
        else:
            letters = word[1:]
            variants = [[f"-{letter}", letters[at + 1 :]] for at, letter in enumerate(letters)]
            variants = [[flag, *([tail] if tail else [])] for flag, tail in variants]
        forms.extend(join_words([*prefix, *variant, *rest]) for variant in variants)
        index += 1
    return forms


def _expand_git_alias(words: list[str], git: list[str], read: ShellReader) -> tuple[list[str], list[str]] | None:
    """`git -c alias.NAME=VALUE NAME args` as git runs it: `git VALUE args`, or for a `!` alias the shell
    line it hands to the shell; None when the subcommand is no alias defined on the command line."""
    if len(git) < 2:
        return None
    aliases: dict[str, str] = {}
    globals_end = len(words) - len(git) + 1
    for index in range(1, globals_end):
        if words[index] == "-c" and index + 1 < globals_end:
            key, eq, value = words[index + 1].partition("=")
            if eq and key.lower().startswith("alias."):
                aliases[key[len("alias.") :].lower()] = value
    alias = aliases.get(git[1].lower())
    if alias is None:
        return None
    if alias.startswith("!"):
        return git, [" ".join([alias[1:], *(quote_word(word) for word in git[2:])])]
    parts = read(alias).parts
    alias_words = list(parts[0].words) if parts else alias.split()
    return ["git", *alias_words, *git[2:]], []


def _exec_commands(words: list[str]) -> list[str]:
    """The commands `find -exec ... ;` (and -execdir, -ok, -okdir) runs, as lines."""
    if not words or program_name(words[0]) != "find":
        return []
    found: list[str] = []
    index = 1
    while index < len(words):
        if words[index] in ("-exec", "-execdir", "-ok", "-okdir"):
            end = next((i for i in range(index + 1, len(words)) if words[i] in (";", "+")), len(words))
            found.append(join_words(words[index + 1 : end]))
            index = end
        index += 1
    return [line for line in found if line]


def reads_script_from_input(words: list[str]) -> bool:
    """A shell that reads its script from its input (`sh`, `bash -s`, `sh <<< ...`), out of the rules'
    sight like an inline script."""
    if not words or program_name(words[0]) not in SHELLS or _inner_scripts(words):
        return False
    if any(word in ("--version", "--help") for word in words[1:]):
        return False
    arguments = [word for word in words[1:] if not word.startswith("-")]
    return not arguments or "-s" in words[1:]


def _inner_scripts(words: list[str]) -> list[str]:
    """The scripts a part hands to another shell: `sh -c SCRIPT`, `eval WORDS`."""
    if not words:
        return []
    name = program_name(words[0])
    if name == "eval":
        return [" ".join(words[1:])] if len(words) > 1 else []
    if name not in SHELLS:
        return []
    index = 1
    takes_script = False
    while index < len(words) and words[index].startswith("-") and words[index] != "--":
        option = words[index]
        if option in ("-o", "-O", "--rcfile", "--init-file"):
            index += 2
            continue
        if option in ("-c", "--command") or (not option.startswith("--") and "c" in option[1:]):
            takes_script = True
        index += 1
    if index < len(words) and words[index] == "--":
        index += 1
    if takes_script and index < len(words):
        return [words[index]]
    return []


def shell_script_form(words: tuple[str, ...]) -> str | None:
    """`sh -c SCRIPT` for a part that runs an inline shell script with any option spelling, else None."""
    scripts = _inner_scripts(list(words))
    if not scripts or program_name(words[0]) == "eval":
        return None
    return join_words([program_name(words[0]), "-c", scripts[0]])


# the files a line names ---------------------------------------------------------------------------------


@lru_cache(maxsize=2048)
def file_arguments(line: str, read: ShellReader, depth: int = 0) -> tuple[str, ...]:
    """The words of a line that may name a file: arguments, option values, `name=value` values (`dd
    if=.env`, `f=.env`), `@file` arguments, redirections, and the same inside substitutions and inner scripts."""
    parsed = read(line)
    found: list[str] = []
    for part in parsed.parts:
        found.extend(part.reads)
        found.extend(part.writes)
        everything = any(doubt.kind == "syntax" for doubt in part.doubts)
        words = list(part.words) if everything else (unwrap(list(part.words)) or list(part.words))
        found.extend(value for word in part.words if is_assignment(word) for value in [word.partition("=")[2]])
        for word in words if everything else words[1:]:
            found.extend(_names_in(word))
        if depth < MAX_DEPTH:
            for inner in _inner_scripts(words):
                found.extend(file_arguments(inner, read, depth + 1))
    if depth < MAX_DEPTH:
        for inner in [*parsed.hidden, *_fed_to_a_shell(parsed)]:
            found.extend(file_arguments(inner, read, depth + 1))
    return tuple(word for word in dict.fromkeys(found) if word)


def _names_in(word: str) -> list[str]:
    """The names a word may carry: itself, an option's or a `key=value`'s value, an `@file`, a `host:path`."""
    names = [word] if not word.startswith("-") else []
    _, eq, value = word.partition("=")
    if eq and value:
        names.append(value)
    for name in list(names):
        if name.startswith("@") and len(name) > 1:
            names.append(name[1:])
        if ":" in name:
            names.append(name.rsplit(":", 1)[-1])
    return names


@lru_cache(maxsize=2048)
def computed_names(line: str, read: ShellReader) -> tuple[str, ...]:
    """The file names a line builds at run time, each expansion read as `*` (`.${x}env` is `.*env`, `$d/.env`
    is `*/.env`); a name that is nothing but expansions is left out (it could be anything)."""
    shapes: list[str] = []
    for word in file_arguments(line, read):
        if not _EXPANSION.search(word):
            continue
        shape = _EXPANSION.sub("*", word).replace('"', "").replace("'", "")
        if shape.strip("*/"):
            shapes.append(shape)
    return tuple(dict.fromkeys(shapes))


@lru_cache(maxsize=2048)
def names_from_input(line: str, read: ShellReader) -> tuple[str, ...]:
    """The words a line filters names with when a later command takes its names from its input
    (`ls | grep env | xargs cat`): the names are unknown, the words say what they may be."""
    parsed = read(line)
    takers = [i for i, part in enumerate(parsed.parts) if set(unwrap_chain(list(part.words))[0]) & INPUT_NAMED]
    if not takers:
        return ()
    found: list[str] = []
    for part in parsed.parts[: max(takers)]:
        words = unwrap(list(part.words))
        found.extend(word for word in words[1:] if not word.startswith("-"))
    return tuple(dict.fromkeys(found))


# the programs a line starts (shell.allow) ---------------------------------------------------------------


@dataclass(frozen=True)
class Programs:
    """The programs a line starts, or why they cannot be told (`refusal`, in words)."""

    names: tuple[str, ...] = ()
    refusal: str | None = None


def programs_of(line: ShellLine) -> Programs:
    """Every program the line starts, in order and without repeats; a refusal when it cannot tell them:
    a line that does not parse, a substitution or a here-document, the shell's control constructs, or a
    program whose name is computed."""
    if not line.complete:
        return Programs(refusal="the command cannot be read as bash (an unclosed quote or a stray token); "
                                "fix the line")
    if line.hidden or any(part.doubts_of("substitution") for part in line.parts):
        return Programs(refusal="command substitution ($(...), backquotes, <(...)) is not accepted, as the "
                                "programs it runs cannot be checked; run each command on its own")
    found: dict[str, None] = {}
    for part in line.parts:
        if part.doubts_of("control"):
            keyword = part.words[0] if part.words else "if"
            return Programs(refusal=f"the shell's control constructs ({keyword}) are not accepted; run the "
                                    "commands one at a time")
        if part.doubts_of("heredoc"):
            return Programs(refusal="here-documents (<<) are not accepted; write the text to a file first")
        words = [word for word in part.words if not is_assignment(word)]
        if not words:
            continue
        if _EXPANSION.search(words[0]) or words[0] in ("{", "}", "!"):
            if words[0] in ("{", "}", "!"):
                continue
            return Programs(refusal=f"the program's name ({words[0]}) is computed when the line runs, so it "
                                    "cannot be checked; write the program's name")
        if not words[0]:
            return Programs(refusal="a command names an empty program")
        found[program_name(words[0])] = None
    if not found:
        return Programs(refusal="the command runs no program")
    return Programs(tuple(found))


def unlisted_programs(line: ShellLine, allowed: Iterable[str]) -> Programs:
    """The programs of the line that the allow list does not name (or the refusal of `programs_of`)."""
    programs = programs_of(line)
    if programs.refusal is not None:
        return programs
    allow = set(allowed)
    return Programs(tuple(name for name in programs.names if name not in allow))
