"""TreeSitterBashGrammar: the ShellGrammar port over tree-sitter-bash, the grammar of the shell that runs.

Every command runs under `bash --noprofile --norc -c`, so the line is read with bash's own grammar and
the reading is conservative: a word is literal only when it is made of plain text, quotes and escapes,
read as bash reads them; anything computed at run time (an expansion, a substitution, a glob that could
become an option, a brace pattern), any construct of the shell's own programming (if, for, case, a
function, `[[ ]]`), a here-document, a background job and an output redirection to a file is a Doubt on
its part, and a line tree-sitter cannot parse whole is `complete=False`. Two quirks of the grammar are
undone here, as bash reads them: the words after a redirection's target are arguments of the command
(`ls >out a` runs `ls a`), and the rest of a line after a here-document's start (`cat <<EOF | sh`) is
more of that line.

The grammar is loaded on the first read, never at start-up; readings are cached (the gate reads the same
line once per rule).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from orkeon_engine.domain.tools.shell_reading import CommandPart, Doubt, DoubtKind, ShellLine

HARMLESS_TARGETS = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr"})
CONTAINERS = frozenset({"program", "list", "pipeline", "subshell", "negated_command", "do_group"})
CONTROL = {
    "if_statement": "if", "elif_clause": "elif", "else_clause": "else", "while_statement": "while",
    "for_statement": "for", "c_style_for_statement": "for", "case_statement": "case", "case_item": "case",
    "test_command": "[[ ]]", "function_definition": "function",
}
SUBSTITUTIONS = frozenset({"command_substitution", "process_substitution"})
REDIRECTS = frozenset({"file_redirect", "heredoc_redirect", "herestring_redirect"})
HEREDOC_TOKENS = frozenset({"<<", "<<-", "heredoc_start", "heredoc_body", "heredoc_end"})
GLOB_CHARS = "*?["
EXTGLOB = ("!(", "@(", "+(", "*(", "?(")
SHOWN_CHARS = 40
CACHE_SIZE = 4096

_language: Any = None
_load_lock = threading.Lock()


def _load_language() -> Any:
    global _language
    with _load_lock:
        if _language is None:
            import tree_sitter_bash
            from tree_sitter import Language

            _language = Language(tree_sitter_bash.language())
    return _language


class TreeSitterBashGrammar:
    """Reads lines with tree-sitter-bash; a parser per thread (tree-sitter parsers are not shared)."""

    def __init__(self) -> None:
        self._local = threading.local()
        self._cached = lru_cache(maxsize=CACHE_SIZE)(self._read)

    def read(self, line: str) -> ShellLine:
        return self._cached(line)

    def _read(self, line: str) -> ShellLine:
        if "\x00" in line:
            return ShellLine((), (), complete=False)
        source = line.encode("utf-8", errors="surrogatepass")
        try:
            tree = self._parser().parse(_ascii_copy(source))
            return _Reading(tree.root_node, source).run()
        except (RecursionError, ValueError, UnicodeError):  # the port's contract: never raise
            return ShellLine((), (), complete=False)

    def _parser(self) -> Any:
        parser = getattr(self._local, "parser", None)
        if parser is None:
            from tree_sitter import Parser

            parser = Parser(_load_language())
            self._local.parser = parser
        return parser


@dataclass(frozen=True)
class _Context:
    """What a statement inherits from around it: the doubts of its construct, its redirections."""

    doubts: tuple[Doubt, ...] = ()
    reads: tuple[str, ...] = ()
    writes: tuple[str, ...] = ()
    stdin: tuple[str, ...] = ()

    def plus(self, other: _Redirections) -> _Context:
        return _Context((*self.doubts, *other.doubts), (*self.reads, *other.reads), (*self.writes, *other.writes),
                        (*self.stdin, *other.stdin))

    def doubting(self, kind: DoubtKind, detail: str) -> _Context:
        return replace(self, doubts=(*self.doubts, Doubt(kind, detail)))


@dataclass
class _Redirections:
    doubts: list[Doubt] = field(default_factory=list)
    reads: list[str] = field(default_factory=list)
    writes: list[str] = field(default_factory=list)
    stdin: list[str] = field(default_factory=list)
    extra_words: list[Any] = field(default_factory=list)
    """Words tree-sitter hung on a redirection's target that bash hands the command."""
    continuations: list[Any] = field(default_factory=list)
    """The rest of the line tree-sitter put inside a here-document redirection."""


@dataclass
class _Word:
    text: str
    literal: bool = True
    doubts: list[Doubt] = field(default_factory=list)
    glob_at: int | None = None
    """Where in `text` the first unquoted glob character stands (None: no glob)."""


class _Reading:
    """One line's walk: its parts in order, the substitutions it hides."""

    def __init__(self, root: Any, source: bytes) -> None:
        self.root = root
        self.source = source
        self.parts: list[CommandPart] = []
        self.hidden: list[str] = []

    def run(self) -> ShellLine:
        self._statements(self.root, _Context())
        complete = not self.root.has_error and self._covers_the_line()
        return ShellLine(tuple(self.parts), tuple(dict.fromkeys(self.hidden)), complete)

    def _covers_the_line(self) -> bool:
        """True when the tree accounts for every byte bash would read: between its tokens there is only
        what bash skips too (blanks, a backslash-newline, a newline between commands). A byte the grammar
        skipped (`ls >& \\ 2` loses the escaped blank bash keeps) means the tree is not bash's reading."""
        ranges = sorted(_token_ranges(self.root))
        position = 0
        for start, end in [*ranges, (len(self.source), len(self.source))]:
            if start > position and not self._skippable(position, start):
                return False
            position = max(position, end)
        return True

    def _skippable(self, start: int, end: int) -> bool:
        gap = self.source[start:end].replace(b"\\\n", b"")
        if gap.strip(b" \t\n"):
            return False
        if b"\n" not in gap:
            return True
        at = start + self.source[start:end].index(b"\n")
        node = self.root.descendant_for_byte_range(at, at + 1)
        while node is not None:
            if node.type in ("command", "file_redirect", "variable_assignment", "concatenation"):
                return False
            node = node.parent
        return True

    # statements -------------------------------------------------------------------------------------------

    def _statements(self, node: Any, context: _Context) -> None:
        children = node.children
        for index, child in enumerate(children):
            if not child.is_named or child.type == "comment":
                continue
            background = index + 1 < len(children) and children[index + 1].type == "&"
            inner = context.doubting("background", "a job sent to the background (&)") if background else context
            self._statement(child, inner)

    def _statement(self, node: Any, context: _Context) -> None:
        kind = node.type
        if kind == "command":
            self._command(node, context)
        elif kind == "redirected_statement":
            self._redirected(node, context)
        elif kind in CONTAINERS:
            self._statements(node, context)
        elif kind == "compound_statement":
            self._compound(node, context)
        elif kind in ("variable_assignment", "variable_assignments"):
            self._assignments(node, context)
        elif kind in ("declaration_command", "unset_command"):
            self._declaration(node, context)
        elif kind in CONTROL:
            self._control(node, context, CONTROL[kind])
        elif kind == "ERROR":
            self._broken(node, context.doubting("syntax", "a piece that does not parse as bash"))
        else:
            self._broken(node, context.doubting("syntax", f"a {kind.replace('_', ' ')} where a command was expected"))

    def _broken(self, node: Any, context: _Context) -> None:
        """What could be read of a piece that does not parse: its commands, and its loose words as one part."""
        loose: list[_Word] = []
        for child in node.children:
            if not child.is_named or child.type == "comment":
                continue
            if _is_statement(child):
                self._statement(child, context)
            elif child.type == "ERROR":
                self._broken(child, context)
            else:
                loose.append(self._word(child))
        if not node.children:
            text = self._text(node)
            loose += [self._word(node)] if node.type != "ERROR" else [_Word(w) for w in text.strip("'\"").split()]
        if loose:
            self.parts.append(self._part(loose, context))

    def _compound(self, node: Any, context: _Context) -> None:
        if node.children and node.children[0].type == "((":
            self._control(node, context, "(( ))")
        else:
            self._statements(node, context)

    def _control(self, node: Any, context: _Context, keyword: str) -> None:
        """A construct of the shell's own programming: a marker part, and every command inside it doubted."""
        inner = context.doubting("control", f"the shell's {keyword} construct")
        words = [keyword]
        if node.type == "function_definition":
            name = node.child_by_field_name("name")
            words.append(self._text(name) if name is not None else "")
        self.parts.append(CommandPart(tuple(words), inner.doubts))
        for child in node.children:
            if not child.is_named or child.type == "comment":
                continue
            if _is_statement(child):
                self._statement(child, inner)
            else:
                self._substitutions_in(child)

    def _redirected(self, node: Any, context: _Context) -> None:
        redirections = self._redirections([c for c in node.children if c.type in REDIRECTS])
        body = node.child_by_field_name("body")
        with_redirects = context.plus(redirections)
        if body is None:
            self.parts.append(self._part([], with_redirects))
        elif body.type == "command":
            self._command(body, context, redirections)
        else:
            if redirections.extra_words:
                with_redirects = with_redirects.doubting("syntax", "words after the redirection of a compound command")
            self._statement(body, with_redirects)
            for continuation in redirections.continuations:
                self._statement(continuation, context)

    def _command(self, node: Any, context: _Context, outer: _Redirections | None = None) -> None:
        words: list[_Word] = []
        inner_redirects: list[Any] = []
        for child in node.children:
            if not child.is_named or child.type == "comment":
                continue
            if child.type in REDIRECTS:
                inner_redirects.append(child)
            elif child.type == "variable_assignment":
                words.append(self._assignment_word(child))
            elif child.type == "command_name":
                words.extend(self._word(grand) for grand in child.children if grand.is_named)
            else:
                words.append(self._word(child))
        redirections = self._redirections(inner_redirects)
        if outer is not None:
            _merge(redirections, outer)
        words.extend(self._word(extra) for extra in redirections.extra_words)
        part_context = context.plus(redirections)
        program = next((w for w in words if not _is_assignment_text(w.text)), None)
        if program is not None and program.literal and program.text.rsplit("/", 1)[-1] == "eval":
            part_context = part_context.doubting("eval", "eval, which runs its arguments as a command line")
        self.parts.append(self._part(words, part_context))
        for continuation in redirections.continuations:
            self._statement(continuation, context)

    def _assignments(self, node: Any, context: _Context) -> None:
        nodes = [node] if node.type == "variable_assignment" else [c for c in node.children if c.is_named]
        self.parts.append(self._part([self._assignment_word(n) for n in nodes if n.type == "variable_assignment"],
                                     context))

    def _declaration(self, node: Any, context: _Context) -> None:
        words = [_Word(node.children[0].type)] if node.children else []
        for child in node.children[1:]:
            if not child.is_named:
                continue
            words.append(self._assignment_word(child) if child.type == "variable_assignment" else self._word(child))
        self.parts.append(self._part(words, context))

    def _part(self, words: list[_Word], context: _Context) -> CommandPart:
        doubts = [*context.doubts, *(d for w in words for d in w.doubts)]
        return CommandPart(tuple(w.text for w in words), tuple(dict.fromkeys(doubts)), context.reads,
                           context.writes, context.stdin)

    # redirections -----------------------------------------------------------------------------------------

    def _redirections(self, nodes: list[Any]) -> _Redirections:
        found = _Redirections()
        for node in nodes:
            if node.type == "file_redirect":
                self._file_redirect(node, found)
            elif node.type == "herestring_redirect":
                for child in node.children:
                    if child.is_named:
                        word = self._word(child)
                        found.stdin.append(word.text)
                        found.doubts.extend(word.doubts)
            else:
                self._heredoc(node, found)
        return found

    def _file_redirect(self, node: Any, found: _Redirections) -> None:
        operator = next((c.type for c in node.children if not c.is_named), "")
        targets = [c for c in node.children if c.is_named and c.type != "file_descriptor"]
        found.extra_words.extend(targets[1:])
        if operator in (">&-", "<&-"):
            return
        if not targets:
            found.doubts.append(Doubt("syntax", f"a redirection ({operator}) without a target"))
            return
        target = self._word(targets[0])
        if not target.literal:
            found.doubts.extend(target.doubts)
            found.doubts.append(Doubt("redirection", f"a redirection to a computed name ({_shown(target.text)})"))
        if operator in (">&", "<&") and (target.text.isdigit() or target.text == "-"):
            return
        if operator in ("<", "<&"):
            found.reads.append(target.text)
            return
        if operator == "<>":
            found.reads.append(target.text)
        found.writes.append(target.text)
        if target.text not in HARMLESS_TARGETS:
            found.doubts.append(Doubt("redirection", f"output written to a file ({_shown(target.text) or 'no name'})"))

    def _heredoc(self, node: Any, found: _Redirections) -> None:
        found.doubts.append(Doubt("heredoc", "a here-document"))
        for child in node.children:
            if child.type == "heredoc_body":
                found.stdin.append(self._text(child))
                self._substitutions_in(child)
            elif child.type in REDIRECTS:
                _merge(found, self._redirections([child]))
            elif child.is_named and child.type not in HEREDOC_TOKENS:
                found.continuations.append(child)

    # words ------------------------------------------------------------------------------------------------

    def _assignment_word(self, node: Any) -> _Word:
        name = node.children[0] if node.children else None
        if name is None or name.type != "variable_name":
            return _Word(self._text(node), False, [Doubt("expansion", f"an assignment to {_shown(self._text(node))}")])
        operator = next((c.type for c in node.children[1:] if not c.is_named), "=")
        values = [c for c in node.children[1:] if c.is_named]
        word = _Word(f"{self._text(name)}{operator}")
        for value in values:
            converted = self._word(value)
            word.text += converted.text
            word.literal = word.literal and converted.literal
            word.doubts.extend(converted.doubts)
        return word

    def _word(self, node: Any, whole: bool = True) -> _Word:
        """A word as bash passes it (`whole` False for a piece of a concatenation)."""
        kind = node.type
        if kind == "word":
            word = _plain_word(self._text(node))
            return _check_glob(word, self._text(node)) if whole else word
        if kind == "number":  # an argument that looks like a number (`-1`, `0x1f`) is a plain word to bash
            return _plain_word(self._text(node))
        if kind == "raw_string":
            return _Word(self._text(node)[1:-1])
        if kind == "string":
            return self._double_quoted(node)
        if kind == "concatenation":
            return _check_glob(self._concatenation(node), self._text(node)) if whole else self._concatenation(node)
        self._substitutions_in(node)
        return _computed(self._text(node), kind)

    def _double_quoted(self, node: Any) -> _Word:
        text = self._text(node)
        inner = text[1:-1] if len(text) >= 2 and text.endswith('"') else text[1:]
        if any(child.type != "string_content" for child in node.children if child.is_named):
            self._substitutions_in(node)
            return _computed(text, "string")
        unquoted, computed = _unescape_double(inner)
        return _computed(text) if computed else _Word(unquoted)

    def _concatenation(self, node: Any) -> _Word:
        pieces = [child for child in node.children]
        if any(not child.is_named for child in pieces):
            self._substitutions_in(node)
            return _computed(self._text(node))
        converted = [self._word(child, whole=False) for child in pieces]
        word = _Word("".join(c.text for c in converted), all(c.literal for c in converted),
                     [d for c in converted for d in c.doubts])
        offset = 0
        for piece in converted:
            if piece.glob_at is not None:
                word.glob_at = offset + piece.glob_at
                break
            offset += len(piece.text)
        raw = "".join(self._text(child) for child in pieces if child.type == "word")
        if word.literal and "{" in raw and "}" in raw and ("," in raw or ".." in raw):
            word.literal = False
            word.doubts.append(Doubt("expansion", f"a brace expansion ({_shown(self._text(node))})"))
        return word

    def _substitutions_in(self, node: Any) -> None:
        """Record the command lines of the substitutions under `node` (not those nested in them)."""
        if node.type in SUBSTITUTIONS:
            children = node.children
            if len(children) >= 2:
                self.hidden.append(self._between(children[0], children[-1]))
            return
        for child in node.children:
            self._substitutions_in(child)


    def _text(self, node: Any) -> str:
        """A node's text from the line as written (the tree was parsed from a copy made ASCII)."""
        return self.source[node.start_byte : node.end_byte].decode("utf-8", errors="surrogatepass")

    def _between(self, opening: Any, closing: Any) -> str:
        end = len(self.source) if closing.is_missing else closing.start_byte
        return self.source[opening.end_byte : end].decode("utf-8", errors="surrogatepass")

ATOMIC = frozenset({"comment", "heredoc_body", "raw_string", "string", "translated_string", "ansi_c_string"})


def _token_ranges(node: Any) -> list[tuple[int, int]]:
    """The byte ranges of the tree's tokens (a comment or a here-document's body counted whole)."""
    if node.child_count == 0 or node.type in ATOMIC:
        return [(node.start_byte, node.end_byte)] if node.end_byte > node.start_byte else []
    ranges: list[tuple[int, int]] = []
    for child in node.children:
        ranges.extend(_token_ranges(child))
    return ranges


def _ascii_copy(source: bytes) -> bytes:
    """The line with every byte above 127 made a letter: same offsets, same shell structure (bash treats
    every non-ASCII byte as part of a word), and the grammar's scanner never meets a character it
    mishandles (tree-sitter-bash 0.25 crashes the process on `{` followed by some code points)."""
    return source.translate(_TO_ASCII)


_TO_ASCII = bytes(range(128)) + b"x" * 128
_SPECIAL = frozenset("\\$`*?[{(")


def _is_statement(node: Any) -> bool:
    return node.type in ("command", "redirected_statement", "list", "pipeline", "subshell", "compound_statement",
                         "negated_command", "variable_assignment", "variable_assignments", "declaration_command",
                         "unset_command", "do_group", "ERROR", *CONTROL)


def _merge(into: _Redirections, other: _Redirections) -> None:
    into.doubts.extend(other.doubts)
    into.reads.extend(other.reads)
    into.writes.extend(other.writes)
    into.stdin.extend(other.stdin)
    into.extra_words.extend(other.extra_words)
    into.continuations.extend(other.continuations)


def _plain_word(raw: str) -> _Word:
    """An unquoted word: escapes removed; `$` or a backquote makes it computed; where its first glob is."""
    if not any(char in _SPECIAL for char in raw):  # the common case: plain text
        return _Word(raw)
    out: list[str] = []
    glob_at: int | None = None
    index = 0
    while index < len(raw):
        char = raw[index]
        if char == "\\":
            if index + 1 < len(raw) and raw[index + 1] != "\n":
                out.append(raw[index + 1])
            index += 2
            continue
        if char in "$`":
            return _computed(raw)
        if char in GLOB_CHARS and glob_at is None:
            glob_at = len(out)
        out.append(char)
        index += 1
    word = _Word("".join(out), glob_at=glob_at)
    if any(pattern in raw for pattern in EXTGLOB) or ("{" in raw and "}" in raw and ("," in raw or ".." in raw)):
        word.literal = False
        word.doubts.append(Doubt("expansion", f"a pattern bash expands ({_shown(raw)})"))
    return word


def _unescape_double(inner: str) -> tuple[str, bool]:
    """The text of a double-quoted string as bash reads it, and whether it is computed (`$`, a backquote)."""
    out: list[str] = []
    index = 0
    while index < len(inner):
        char = inner[index]
        if char == "\\" and index + 1 < len(inner) and inner[index + 1] in '$`"\\\n':
            if inner[index + 1] != "\n":
                out.append(inner[index + 1])
            index += 2
            continue
        if char in "$`":
            return inner, True
        out.append(char)
        index += 1
    return "".join(out), False


def _computed(text: str, kind: str = "") -> _Word:
    what = {
        "command_substitution": "a command substitution",
        "process_substitution": "a process substitution",
        "ansi_c_string": "an ANSI-C quoted string",
        "translated_string": "a translated string",
        "arithmetic_expansion": "an arithmetic expansion",
        "brace_expression": "a brace expansion",
    }.get(kind, "an expansion")
    doubt_kind: DoubtKind = "substitution" if kind in SUBSTITUTIONS or "$(" in text or "`" in text else "expansion"
    if doubt_kind == "substitution" and kind not in SUBSTITUTIONS:
        what = "a command substitution"
    return _Word(text, False, [Doubt(doubt_kind, f"{what} ({_shown(text)}) computed when it runs")])


def _check_glob(word: _Word, raw: str) -> _Word:
    """A glob that may expand to a word starting with `-` (a file named `--output=x`) is a doubt: it leads
    the word, or only a dash-led prefix comes before it."""
    if word.glob_at is not None and word.literal:
        prefix = word.text[: word.glob_at]
        if prefix == "" or prefix.startswith("-"):
            word.doubts.append(Doubt("expansion", f"a glob ({_shown(raw)}) that could expand to an option"))
    return word


def _is_assignment_text(text: str) -> bool:
    name, eq, _ = text.partition("=")
    return bool(eq) and name.replace("_", "a").isalnum() and not name[:1].isdigit()


def _shown(text: str) -> str:
    flat = text.replace("\n", " ")
    return flat if len(flat) <= SHOWN_CHARS else flat[: SHOWN_CHARS - 3] + "..."
