"""The options that make an allowed program write a file or run another program, as data.

An allow rule names a program and its first words (`git diff:*`, `find:*`, `sed:*`); the options after
them can turn a read into a write (`git diff --output=.git/config` overwrote a repository's settings) or
into running another program (`find -exec`, `git -c core.pager=...`, `tar --to-command`). `option_risk`
finds such an option in a part; the gate then asks instead of allowing, and the question says which
option and what it does. A rule that names the whole command exactly (no `*`) still allows it: the
person wrote that very command.

Options are matched as the programs read them: `--output` also as `--output=x` and as an abbreviation
(`--outp`, which git and GNU tools accept), a short letter also inside a cluster (`-po`) or with its value
attached (`-ofile`). Scripts handed to `sed` and `awk` are read for their own ways of writing files and
running commands (`s/a/b/w out`, `e`, `system(...)`, `print > "f"`). It is a net, not a parser of every
program: a program allowed whole (`make:*`, `python:*`) runs what it runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from orkeon_engine.domain.permissions.shell import unwrap_chain
from orkeon_engine.domain.tools.shell_reading import CommandPart, program_name

Effect = Literal["writes", "runs"]
MIN_ABBREVIATION = 4
"""`--ou` and longer abbreviate a long option; `--o` is too short to say which."""


@dataclass(frozen=True)
class RiskyOption:
    """One option of one program that writes a file or runs a program, and what it does, in words."""

    program: str
    effect: Effect
    what: str
    long: tuple[str, ...] = ()
    """Long spellings (`--output`): also `--output=x` and an abbreviation of at least MIN_ABBREVIATION."""
    short: str = ""
    """Short letters (`o`): also in a cluster (`-po`) or with the value attached (`-ofile`)."""
    exact: tuple[str, ...] = ()
    """Words matched whole (`-exec` of find, `foreach` after `git submodule`)."""
    subcommands: tuple[str, ...] = ()
    """For git: only after one of these subcommands (empty: after any)."""
    global_option: bool = False
    """For git: an option before the subcommand (`git -c x=y diff`)."""


_CONFIG_RUNS = "sets git configuration for this call, and settings such as core.pager, core.fsmonitor or alias.* " \
               "name programs git runs"
_GIT_OUTPUT = "makes git write the file it names"

RISKY_OPTIONS: tuple[RiskyOption, ...] = (
    RiskyOption("git", "runs", _CONFIG_RUNS, short="c", global_option=True),
    RiskyOption("git", "runs", _CONFIG_RUNS, long=("--config-env",), global_option=True),
    RiskyOption("git", "runs", "makes git run its commands from another folder", long=("--exec-path",),
                global_option=True),
    RiskyOption("git", "runs", "points git at another repository, whose configuration can name programs to run",
                short="C", long=("--git-dir", "--work-tree"), global_option=True),
    RiskyOption("git", "writes", _GIT_OUTPUT, long=("--output", "--output-directory")),
    RiskyOption("git", "writes", _GIT_OUTPUT, short="o", subcommands=("format-patch", "archive", "bundle")),
    RiskyOption("git", "runs", "runs the external diff program the configuration names", long=("--ext-diff",)),
    RiskyOption("git", "runs", "runs the text conversion programs the configuration names", long=("--textconv",)),
    RiskyOption("git", "runs", "runs the program it names on the other side", short="u", long=("--upload-pack",),
                subcommands=("fetch", "pull", "clone", "ls-remote")),
    RiskyOption("git", "runs", "runs the program it names on the other side",
                long=("--upload-pack", "--receive-pack", "--exec"), subcommands=("push", "archive", "remote")),
    RiskyOption("git", "runs", _CONFIG_RUNS, short="c", long=("--config",), subcommands=("clone",)),
    RiskyOption("git", "runs", "copies hooks, programs git runs, from the folder it names", long=("--template",),
                subcommands=("clone", "init")),
    RiskyOption("git", "runs", "runs the command it is given after each commit", short="x", long=("--exec",),
                subcommands=("rebase",)),
    RiskyOption("git", "runs", "opens the matches in the pager program it names", short="O",
                long=("--open-files-in-pager",), subcommands=("grep",)),
    RiskyOption("git", "runs", "runs a command in every submodule", exact=("foreach",), subcommands=("submodule",)),
    RiskyOption("git", "runs", "runs the command it is given at each step", exact=("run",), subcommands=("bisect",)),
    RiskyOption("find", "runs", "runs the command it is given on each file found",
                exact=("-exec", "-execdir", "-ok", "-okdir")),
    RiskyOption("find", "writes", "deletes each file found", exact=("-delete",)),
    RiskyOption("find", "writes", "writes its list to the file it names",
                exact=("-fprint", "-fprint0", "-fprintf", "-fls")),
    RiskyOption("fd", "runs", "runs the command it is given on each file found", short="xX",
                long=("--exec", "--exec-batch")),
    RiskyOption("rg", "runs", "runs the program it names on each file searched", long=("--pre", "--hostname-bin")),
    RiskyOption("sed", "writes", "edits the files it reads in place", short="i", long=("--in-place",)),
    RiskyOption("sort", "writes", "writes the sorted lines to the file it names", short="o", long=("--output",)),
    RiskyOption("sort", "runs", "runs the program it names to compress its temporary files",
                long=("--compress-program",)),
    RiskyOption("tar", "runs", "runs the program it names",
                short="IF", long=("--to-command", "--use-compress-program", "--checkpoint-action", "--info-script",
                                  "--new-volume-script", "--rsh-command")),
    RiskyOption("rsync", "runs", "runs the program it names to reach the other side", short="e",
                long=("--rsh", "--rsync-path")),
    RiskyOption("curl", "writes", "writes what it receives to the file it names", short="oODcK",
                long=("--output", "--remote-name", "--remote-name-all", "--dump-header", "--cookie-jar",
                      "--output-dir", "--trace", "--trace-ascii", "--config")),
    RiskyOption("zip", "runs", "runs the program it names to test the archive", long=("--unzip-command",),
                exact=("-TT",)),
    RiskyOption("ssh", "runs", "sets an ssh option, and some (ProxyCommand, LocalCommand) run a program",
                short="oF"),
    RiskyOption("scp", "runs", "sets an ssh option, and some (ProxyCommand, LocalCommand) run a program",
                short="oFS"),
)

RISKY_PROGRAMS: dict[str, tuple[Effect, str]] = {
    "xargs": ("runs", "xargs runs the command it is given with the names it reads"),
    "parallel": ("runs", "parallel runs the command it is given with the names it reads"),
    "wget": ("writes", "wget writes what it downloads to a file"),
}
"""Programs that run another program or write a file whatever their options."""

POSITIONAL_WRITERS = frozenset({"tee"})
"""Programs whose plain arguments are files they write."""
HARMLESS_FILES = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr", "-"})

AWK = frozenset({"awk", "gawk", "mawk", "nawk", "busybox-awk"})
_SED_RUNS_OR_WRITES = re.compile(
    r"(?:^|[;\n{}])\s*(?:\d+|\$|/(?:[^/\\]|\\.)*/)?(?:\s*,\s*(?:\d+|\$|/(?:[^/\\]|\\.)*/))?\s*!?\s*[ewW](?:\s|$|;)"
    r"|s(.)(?:(?!\1).|\\.)*\1(?:(?!\1).|\\.)*\1[gpiImM0-9]*[ew]"
)
_AWK_RUNS_OR_WRITES = re.compile(r"\bsystem\s*\(|\bgetline\b|(?<!\|)\|(?!\|)|\bprintf?\b[^;{}]*>|@load\b")


def option_risk(part: CommandPart) -> str | None:
    """Why the part may write a file or run a program beyond what its program's name says, else None."""
    wrappers, words = unwrap_chain(list(part.words))
    for wrapper in wrappers:
        if wrapper in RISKY_PROGRAMS:
            return RISKY_PROGRAMS[wrapper][1]
    if not words:
        return None
    program = program_name(words[0])
    if program in RISKY_PROGRAMS:
        return RISKY_PROGRAMS[program][1]
    if program == "git":
        return _git_risk(words)
    arguments = _until_end_of_options(words[1:])
    found = _risky_option(program, arguments, subcommand=None, global_option=False)
    if found is not None:
        return found
    return _script_risk(program, words[1:]) or _positional_risk(program, arguments)


def _git_risk(words: list[str]) -> str | None:
    index = 1
    globals_: list[str] = []
    while index < len(words) and words[index].startswith("-"):
        globals_.append(words[index])
        takes_value = words[index] in ("-c", "-C", "--git-dir", "--work-tree", "--namespace", "--exec-path",
                                       "--config-env")
        if takes_value and index + 1 < len(words):
            globals_.append(words[index + 1])
            index += 1
        index += 1
    found = _risky_option("git", globals_, subcommand=None, global_option=True)
    if found is not None or index >= len(words):
        return found
    subcommand = words[index]
    arguments = _until_end_of_options(words[index + 1 :])
    found = _risky_option("git", arguments, subcommand=subcommand, global_option=False)
    if found is not None:
        return found
    setting = next((word for word in arguments if _names_a_running_setting(word)), None)
    if setting is not None:
        return f"git {subcommand} {setting} names a git setting that runs a program"
    return None


RUNNING_SETTINGS = ("core.pager", "core.fsmonitor", "core.sshcommand", "core.editor", "core.hookspath",
                    "core.gitproxy", "core.askpass", "diff.external", "alias.", "credential.helper", "gpg.program",
                    "sequence.editor", "pager.", "uploadpack.packobjectshook", "filter.", "merge.tool",
                    "diff.tool", "difftool.", "mergetool.", "sendemail.", "include.path", "includeif.")
"""git settings whose value is a program git runs (lower case: git's keys are not case-sensitive)."""


def _names_a_running_setting(word: str) -> bool:
    key = word.split("=", 1)[0].lower()
    return any(key == name or (name.endswith(".") and key.startswith(name)) for name in RUNNING_SETTINGS)


def _until_end_of_options(words: list[str]) -> list[str]:
    return words[: words.index("--")] if "--" in words else words


def _risky_option(program: str, arguments: list[str], subcommand: str | None, global_option: bool) -> str | None:
    options = [o for o in RISKY_OPTIONS if o.program == program and o.global_option == global_option
               and (subcommand is None or not o.subcommands or subcommand in o.subcommands)]
    for word in arguments:
        for option in options:
            if _spells(option, word):
                where = f"{program} {subcommand}" if subcommand else program
                return f"{where} {word}: {word.split('=', 1)[0]} {option.what}"
    return None


def _spells(option: RiskyOption, word: str) -> bool:
    if word in option.exact:
        return True
    if word.startswith("--"):
        name = word.split("=", 1)[0]
        return any(name == long or (len(name) >= MIN_ABBREVIATION and long.startswith(name)) for long in option.long)
    if word.startswith("-") and len(word) > 1 and option.short:
        return any(letter in option.short for letter in word[1:].split("=", 1)[0])
    return False


def _script_risk(program: str, arguments: list[str]) -> str | None:
    scripts = [word for word in arguments if not word.startswith("-")]
    if program == "sed":
        scripts += [arguments[i + 1] for i, word in enumerate(arguments[:-1]) if word in ("-e", "--expression")]
        if any(_SED_RUNS_OR_WRITES.search(script) for script in scripts):
            return "sed's script writes a file (w) or runs a command (e)"
    if program in AWK:
        if any(word in ("-l", "--load") or word.startswith("--load=") for word in arguments):
            return f"{program} --load loads an extension, code that runs"
        if any(_AWK_RUNS_OR_WRITES.search(script) for script in scripts):
            return f"{program}'s program writes a file or runs a command (system, getline, |, print >)"
    return None


def _positional_risk(program: str, arguments: list[str]) -> str | None:
    if program not in POSITIONAL_WRITERS:
        return None
    files = [word for word in arguments if not word.startswith("-") and word not in HARMLESS_FILES]
    return f"{program} writes the files it names ({', '.join(files)})" if files else None
