"""How the shell rules read a command line: its parts, what hides inside them, the files they name.

A compound command (`&&`, `||`, `;`, `|`, `&`, newlines, parentheses) is split into parts. Each part keeps
its words without quotes, the files it redirects from and to, and the constructs an allow rule never
matches: command substitution (`$(...)`, backticks), process substitution (`<(...)`, `>(...)`), `eval`, a
here-document and a redirection of output to a file (`/dev/null` and `2>&1` are not files).

A deny rule looks further than an allow rule: into `sh -c "..."` and `bash -c`, into substitutions and
`eval`, past wrappers (`env`, `sudo`, `nohup`, `timeout`, `xargs`, ...), leading `VAR=value` assignments,
git's global options (`git -C dir push` reads as `git push`) and aliases defined with `-c alias.x=...`,
into `find -exec`, a shell fed its script on its input (`echo ... | sh` reads as `sh -c`), option clusters
and attached values (`python -Ic x` reads as `python -c x`) and versioned names (`python3.11`).
So `deny_forms` gives every way a part can be read, and `file_arguments` the files a command names.

Nothing here raises: a line that does not split cleanly (an unclosed quote) is `complete=False`, which an
allow rule never matches, and what could be read of it still meets the deny rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

SEPARATORS = ("&&", "||", ";;", "|&", ";", "|", "&", "\n", "(", ")")
SEPARATOR_CHARS = frozenset("&|;\n()")
KEYWORDS = frozenset({"if", "then", "else", "elif", "do", "while", "until", "!", "{", "}", "time"})
SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "ash", "fish"})
WRAPPERS = frozenset({"env", "command", "builtin", "exec", "nohup", "time", "nice", "sudo", "doas", "timeout",
                      "xargs", "stdbuf", "ionice", "chronic", "watch", "caffeinate"})
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
HARMLESS_TARGETS = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr"})
MAX_DEPTH = 4


@dataclass(frozen=True)
class CommandPart:
    """One simple command of a compound line."""

    words: tuple[str, ...]
    unsafe: tuple[str, ...] = ()
    """Why an allow rule can never match this part (empty when it can)."""
    reads: tuple[str, ...] = ()
    """Files redirected into the command (`< file`)."""
    writes: tuple[str, ...] = ()
    """Files the command's output is redirected to (`> file`, `>> file`)."""

    @property
    def text(self) -> str:
        """The part as the rules read it: its words, quoted only where a word needs it."""
        return join_words(self.words)


@dataclass(frozen=True)
class ShellLine:
    """A command line split for the rules."""

    parts: tuple[CommandPart, ...]
    hidden: tuple[str, ...] = ()
    """The command lines inside substitutions, found while splitting (deny rules read them)."""
    complete: bool = True
    """False when the line does not split cleanly (an unclosed quote or substitution)."""


def join_words(words: tuple[str, ...] | list[str]) -> str:
    """Words joined by spaces, a word quoted only when it is empty or holds a space or a quote."""
    return " ".join(_quote(word) for word in words)


def _quote(word: str) -> str:
    if word and not any(c.isspace() or c in "'\"" for c in word):
        return word
    if "'" not in word:
        return f"'{word}'"
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


@lru_cache(maxsize=2048)
def split_line(line: str) -> ShellLine:
    """Split a command line into its parts (never raises)."""
    return _Lexer(line).run()


def split_words(text: str) -> tuple[tuple[str, ...], int | None]:
    """The words of a rule's command pattern, and the index of an unclosed quote (None when closed)."""
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


class _Lexer:
    """A small shell lexer: words, quotes, separators, redirections and substitutions."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.index = 0
        self.parts: list[CommandPart] = []
        self.hidden: list[str] = []
        self.complete = True
        self._reset()

    def _reset(self) -> None:
        self.words: list[str] = []
        self.unsafe: list[str] = []
        self.reads: list[str] = []
        self.writes: list[str] = []
        self.word: list[str] = []
        self.in_word = False
        self.redirect: str | None = None

    def run(self) -> ShellLine:
        line = self.line
        while self.index < len(line):
            char = line[self.index]
            if char == "#" and not self.in_word:
                end = line.find("\n", self.index)
                self.index = len(line) if end == -1 else end
                continue
            if self._redirection():
                continue
            separator = None
            if char in SEPARATOR_CHARS:
                separator = next((s for s in SEPARATORS if line.startswith(s, self.index)), None)
            if separator is not None:
                self._end_part()
                self.index += len(separator)
                continue
            if char.isspace():
                self._end_word()
                self.index += 1
                continue
            self._word_char(char)
        self._end_part()
        return ShellLine(tuple(self.parts), tuple(self.hidden), self.complete)

    def _word_char(self, char: str) -> None:
        line = self.line
        if char == "\\":
            self.in_word = True
            if self.index + 1 < len(line) and line[self.index + 1] != "\n":
                self.word.append(line[self.index + 1])
            self.index += 2
        elif char == "'":
            self.in_word = True
            close = line.find("'", self.index + 1)
            if close == -1:
                self.complete = False
                close = len(line)
            self.word.append(line[self.index + 1 : close])
            self.index = close + 1
        elif char == '"':
            self.in_word = True
            self._double_quoted()
        elif char == "$" and line.startswith("$(", self.index):
            self.in_word = True
            self._substitution(self.index + 2, "command substitution $(...)")
        elif char == "`":
            self.in_word = True
            self._backtick()
        elif char in "<>" and line.startswith("(", self.index + 1):
            self.in_word = True
            self._substitution(self.index + 2, f"process substitution {char}(...)")
        else:
            self.in_word = True
            self.word.append(char)
            self.index += 1

    def _double_quoted(self) -> None:
        line = self.line
        self.index += 1
        while self.index < len(line):
            char = line[self.index]
            if char == '"':
                self.index += 1
                return
            if char == "\\" and self.index + 1 < len(line) and line[self.index + 1] in '"\\$`\n':
                if line[self.index + 1] != "\n":
                    self.word.append(line[self.index + 1])
                self.index += 2
            elif line.startswith("$(", self.index):
                self._substitution(self.index + 2, "command substitution $(...)")
            elif char == "`":
                self._backtick()
            else:
                self.word.append(char)
                self.index += 1
        self.complete = False

    def _substitution(self, start: int, what: str) -> None:
        """From `start` (just past the opening parenthesis) to the matching one; the inside is hidden."""
        depth, index, line = 1, start, self.line
        quote: str | None = None
        while index < len(line):
            char = line[index]
            if quote is not None:
                if char == quote:
                    quote = None
                elif char == "\\" and quote == '"':
                    index += 1
            elif char in "'\"":
                quote = char
            elif char == "\\":
                index += 1
            elif char == "(":
                depth += 1
            elif char == ")":
                depth -= 1
                if depth == 0:
                    break
            index += 1
        if index >= len(line):
            self.complete = False
        inner = line[start:index]
        self.hidden.append(inner)
        self.word.append(line[start - 2 : index + 1])
        self._mark(what)
        self.index = index + 1

    def _backtick(self) -> None:
        line = self.line
        close = self.index + 1
        while close < len(line) and line[close] != "`":
            close += 2 if line[close] == "\\" else 1
        if close >= len(line):
            self.complete = False
        inner = line[self.index + 1 : close]
        self.hidden.append(inner.replace("\\`", "`"))
        self.word.append(line[self.index : close + 1])
        self._mark("command substitution `...`")
        self.index = close + 1

    def _redirection(self) -> bool:
        """Read a redirection operator at the cursor (with a leading fd number in the word); True when one was."""
        line, start = self.line, self.index
        if line[start] not in "<>" and not line.startswith("&>", start):
            return False
        for operator in ("<<<", "<<-", "<<", "&>>", "&>", ">>", ">|", ">&", "<&", "<>", ">", "<"):
            if line.startswith(operator, start):
                if line.startswith("(", start + len(operator)) and operator in ("<", ">"):
                    return False
                if self.in_word and "".join(self.word).isdigit():
                    self.word, self.in_word = [], False
                else:
                    self._end_word()
                self.index = start + len(operator)
                target = self._read_target()
                self._record(operator, target)
                return True
        return False

    def _read_target(self) -> str:
        line = self.line
        while self.index < len(line) and line[self.index] in " \t":
            self.index += 1
        while self.index < len(line):
            char = line[self.index]
            if char.isspace() or any(line.startswith(s, self.index) for s in SEPARATORS) or char in "<>":
                break
            self._word_char(char)
        target = "".join(self.word)
        self.word, self.in_word = [], False
        return target

    def _record(self, operator: str, target: str) -> None:
        if operator in ("<<", "<<-"):
            self._mark("a here-document")
        elif operator == "<<<" or (operator in (">&", "<&") and (target.isdigit() or target == "-")):
            return
        elif operator in ("<", "<&"):
            self.reads.append(target)
        elif operator == "<>":
            self.reads.append(target)
            self.writes.append(target)
            self._mark_write(target)
        else:
            self.writes.append(target)
            self._mark_write(target)

    def _mark_write(self, target: str) -> None:
        if target not in HARMLESS_TARGETS:
            self._mark(f"output redirected to a file ({target or 'no name'})")

    def _mark(self, what: str) -> None:
        if what not in self.unsafe:
            self.unsafe.append(what)

    def _end_word(self) -> None:
        if self.in_word:
            self.words.append("".join(self.word))
        self.word, self.in_word = [], False

    def _end_part(self) -> None:
        self._end_word()
        words = list(self.words)
        if words:
            if _command_name(unwrap(words)) == "eval":
                self._mark("eval")
            self.parts.append(CommandPart(tuple(words), tuple(self.unsafe), tuple(self.reads), tuple(self.writes)))
        elif self.reads or self.writes:
            self.parts.append(CommandPart((), tuple(self.unsafe), tuple(self.reads), tuple(self.writes)))
        self._reset()


def _is_assignment(word: str) -> bool:
    name, eq, _ = word.partition("=")
    return bool(eq) and name.replace("_", "a").isalnum() and not name[:1].isdigit()


def _command_name(words: list[str]) -> str:
    return words[0].rsplit("/", 1)[-1] if words else ""


def unwrap(words: list[str]) -> list[str]:
    """The words without leading assignments, shell keywords and wrappers (`sudo`, `env X=1`, `timeout 5`)."""
    for _ in range(8):
        stripped = _strip_prefixes(words)
        if stripped == words:
            break
        words = stripped
    return words


def deny_forms(part: CommandPart, depth: int = 0) -> list[str]:
    """Every reading of a part a deny rule is tried against: as written, unwrapped, and what runs inside."""
    forms: list[str] = [part.text]
    words = unwrap(list(part.words))
    forms.append(join_words(words))
    if words and words[0].rsplit("/", 1)[-1] != words[0]:
        words = [words[0].rsplit("/", 1)[-1], *words[1:]]
        forms.append(join_words(words))
    if words and _unversioned(words[0]) != words[0]:
        forms.append(join_words([_unversioned(words[0]), *words[1:]]))
    inner_lines = [*_inner_scripts(words), *_exec_commands(words)]
    if words and words[0] == "git":
        git = _strip_git_globals(words)
        if git != words:
            forms.append(join_words(git))
        expanded = _expand_git_alias(words, git)
        if expanded is not None:
            forms.append(join_words(expanded[0]))
            inner_lines.extend(expanded[1])
    forms.extend(_option_forms(words))
    script = shell_script_form(tuple(words))
    if script is not None:
        forms.append(script)
    stdin_script = _stdin_script_form(words)
    if stdin_script is not None:
        forms.append(stdin_script)
    if depth < MAX_DEPTH:
        for inner in inner_lines:
            forms.extend(deny_forms_of_line(inner, depth + 1))
    return list(dict.fromkeys(form for form in forms if form))


@lru_cache(maxsize=2048)
def deny_forms_of_line(line: str, depth: int = 0) -> tuple[str, ...]:
    """Every reading of every part of a line, substitutions included."""
    parsed = split_line(line)
    forms: list[str] = []
    for part in parsed.parts:
        forms.extend(deny_forms(part, depth))
    if depth < MAX_DEPTH:
        for inner in parsed.hidden:
            forms.extend(deny_forms_of_line(inner, depth + 1))
    return tuple(dict.fromkeys(forms))


def _strip_prefixes(words: list[str]) -> list[str]:
    index = 0
    while index < len(words) and (_is_assignment(words[index]) or words[index] in KEYWORDS):
        index += 1
    if index < len(words) and words[index].rsplit("/", 1)[-1] in WRAPPERS:
        takes_value = WRAPPER_OPTIONS_WITH_VALUE.get(words[index].rsplit("/", 1)[-1], frozenset())
        index += 1
        while index < len(words) and (words[index].startswith("-") or _is_assignment(words[index])
                                      or _is_duration(words[index])):
            if words[index] == "--":
                index += 1
                break
            index += 2 if words[index] in takes_value else 1
    return words[index:]


def _is_duration(word: str) -> bool:
    return bool(word) and word.rstrip("smhd").replace(".", "", 1).isdigit()


def _strip_git_globals(words: list[str]) -> list[str]:
    out, index = [words[0]], 1
    while index < len(words) and words[index].startswith("-"):
        option = words[index].split("=", 1)[0]
        index += 2 if option in GIT_GLOBAL_WITH_VALUE and "=" not in words[index] else 1
    return out + words[index:]


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


def _expand_git_alias(words: list[str], git: list[str]) -> tuple[list[str], list[str]] | None:
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
        return git, [" ".join([alias[1:], *(_quote(word) for word in git[2:])])]
    alias_words, _ = split_words(alias)
    return ["git", *alias_words, *git[2:]], []


def _exec_commands(words: list[str]) -> list[str]:
    """The commands `find -exec ... ;` (and -execdir, -ok, -okdir) runs, as lines."""
    if not words or words[0].rsplit("/", 1)[-1] != "find":
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


def _stdin_script_form(words: list[str]) -> str | None:
    """`sh -c` for a shell that reads its script from its input (`echo git push | sh`, `bash -s`,
    `sh <<< ...`): what it runs is out of the rules' sight like an inline script; else None."""
    if not words or words[0].rsplit("/", 1)[-1] not in SHELLS or _inner_scripts(words):
        return None
    arguments = [word for word in words[1:] if not word.startswith("-")]
    if arguments and "-s" not in words[1:]:
        return None
    if any(word in ("--version", "--help") for word in words[1:]):
        return None
    return join_words([words[0].rsplit("/", 1)[-1], "-c"])


def _inner_scripts(words: list[str]) -> list[str]:
    """The scripts a part hands to another shell: `sh -c SCRIPT`, `eval WORDS`."""
    if not words:
        return []
    name = words[0].rsplit("/", 1)[-1]
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
    if not scripts or words[0].rsplit("/", 1)[-1] == "eval":
        return None
    return join_words([words[0].rsplit("/", 1)[-1], "-c", scripts[0]])


@lru_cache(maxsize=2048)
def file_arguments(line: str, depth: int = 0) -> tuple[str, ...]:
    """The words of a line that may name a file: arguments, option values, redirections, inner scripts'."""
    parsed = split_line(line)
    found: list[str] = []
    for part in parsed.parts:
        found.extend(part.reads)
        found.extend(part.writes)
        words = unwrap(list(part.words)) or list(part.words)
        for word in words[1:]:
            if word.startswith("-"):
                _, eq, value = word.partition("=")
                if eq and value:
                    found.append(value)
                continue
            found.append(word)
            if ":" in word:
                found.append(word.rsplit(":", 1)[-1])
        if depth < MAX_DEPTH:
            for inner in _inner_scripts(words):
                found.extend(file_arguments(inner, depth + 1))
    if depth < MAX_DEPTH:
        for inner in parsed.hidden:
            found.extend(file_arguments(inner, depth + 1))
    return tuple(word for word in dict.fromkeys(found) if word)
