"""Which changed files code can prove behaviour-neutral, by comparing each file's old and new text, and the
severity cap a review puts on the findings raised on them.

A file is neutral when its change is, provably:
- **docs-only**: a Markdown-like file (`.md`, `.rst`, `.adoc`), or code whose only change is in comments or
  docstrings (and layout);
- **formatting-only**: the same code laid out differently;
- **rename-only** (Python, JS/TS): names replaced one-to-one throughout the file (python_neutral.py and
  js_neutral.py say how, and which renames are local). A public rename (a module, class or parameter name
  in Python, a top-level name in JS) holds only when a changed file defines the old name, nothing in the
  repository still says it, every file renames it to the same name, and (JS) no file but those renaming to
  it says the new name (`settle`, given what the caller found by searching the repository's files for each
  name: `searched_names`).

Python is read by its own parser (python_neutral.py). C-family code (JS/TS, Java, C, C++, C#, Go) is cut by
a small tokenizer into words, numbers, strings, comments and line breaks: docs-only when only comments
differ, formatting-only when only spaces differ, line breaks kept (a line break can end a statement in JS
and Go); in JS/TS, rename-only when js_neutral.py proves the words that differ a rename. A JS regular
expression where a `/` cannot divide (after `(`, `,`, `=`, `=>`, `return`, ...) is read whole, as a string.
A string the tokenizer cannot close, or a JS `/` that may either divide or open a regular expression (after
`)` or `}`), makes it unsure. Anything else, a
new or deleted file, a file too large or not text: behaviour may change. Code never guesses: unsure is
"behaviour may change", and the findings keep their severity.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from orkeon_engine.domain.review.findings import Finding, Severity, severity_rank
from orkeon_engine.domain.review.js_neutral import js_renames
from orkeon_engine.domain.review.python_neutral import python_change
from orkeon_engine.domain.review.renames import Rename

NeutralKind = Literal["docs-only", "formatting-only", "rename-only"]
CAPPED_SEVERITY: Severity = "low"
"""What a finding graver than low on a neutral file is capped at."""
MAX_CHARS = 400_000
"""A file longer than this is not compared (behaviour may change)."""

_DOCS_SUFFIXES = (".md", ".markdown", ".rst", ".adoc")
_C_FAMILY = {".js": "js", ".jsx": "js", ".mjs": "js", ".cjs": "js", ".ts": "js", ".tsx": "js", ".mts": "js",
             ".cts": "js", ".java": "c", ".c": "c", ".h": "c", ".cc": "c", ".cpp": "c", ".cxx": "c", ".hpp": "c",
             ".hh": "c", ".cs": "c", ".go": "go"}
_TOKENS = re.compile(
    r"(?P<comment>//[^\n]*|/\*.*?\*/)"
    r"|(?P<string>\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)"
    r"|(?P<newline>\n)|(?P<space>[ \t\r\f\v]+)|(?P<word>\w+)|(?P<other>.)",
    re.DOTALL,
)
_REGEX = re.compile(r"/(?![*/])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\[\n])+/[A-Za-z]*")
"""A JS regular expression literal: escapes, classes (which may hold `/`), flags; on one line."""
_REGEX_AFTER = frozenset("(,=:[!&|?{;~^%*")
_JS_BEFORE_REGEX = frozenset({"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void",
                              "throw", "instanceof", "yield", "await", "default", "extends"})


@dataclass(frozen=True)
class FileChange:
    """What code can tell of one changed file: `kind` when its behaviour cannot change (None when it may),
    and `reason` in words either way."""

    path: str
    kind: NeutralKind | None
    reason: str
    renames: tuple[Rename, ...] = ()
    defines: frozenset[str] = frozenset()
    module_uses: frozenset[tuple[str, str]] = frozenset()
    fresh_names: tuple[str, ...] = ()
    """New names of public renames that no file but those renaming to them may say (JavaScript: a module's
    export keys and its users' property reads are one namespace)."""

    @property
    def neutral(self) -> bool:
        return self.kind is not None

    @property
    def public_names(self) -> tuple[str, ...]:
        """The old names of the renames that reach past a function: the repository must not still say them."""
        return tuple(rename.old for rename in self.renames if not rename.local)

    @property
    def searched_names(self) -> tuple[str, ...]:
        """The names whose mentions in the repository `settle` needs."""
        return self.public_names + self.fresh_names

    def to_dict(self) -> dict[str, str | None]:
        return {"path": self.path, "kind": self.kind, "reason": self.reason}


def classify(path: str, old: str | None, new: str | None) -> FileChange:
    """The change of `path` from `old` to `new` (None: the file is new, or deleted, or could not be read)."""
    if old is None or new is None:
        return _may_change(path, "it is new, deleted or could not be read")
    if len(old) > MAX_CHARS or len(new) > MAX_CHARS:
        return _may_change(path, "it is too long to compare")
    if old == new:
        return FileChange(path, "formatting-only", f"the change to {path} leaves its text as it was")
    suffix = _suffix(path)
    if suffix in _DOCS_SUFFIXES:
        return FileChange(path, "docs-only", f"the change to {path} only changes documentation")
    if suffix == ".py":
        return _python(path, old, new)
    if suffix in _C_FAMILY:
        return _c_family(path, old, new, _C_FAMILY[suffix])
    return _may_change(path, "code cannot read its language")


def settle(changes: Sequence[FileChange], mentions: Mapping[str, Sequence[str]]) -> tuple[FileChange, ...]:
    """The changes with each public rename checked: one old name goes to one new name across the change, and
    one new name comes from one old name; the old name must be defined by a changed file, and
    `mentions[name]` (the repository's files that still say it, after the change) must hold no file but
    documentation (prose cannot call a function); a name missing from `mentions` was not searched, so it is
    not proven. A JS module a renamed name is read from must be a changed file that defines it, and a new JS
    public name must be said by no file but those renaming to it."""
    defined = frozenset().union(*(change.defines for change in changes))
    targets: dict[str, set[str]] = {}
    sources: dict[str, set[str]] = {}
    for change in changes:
        for rename in change.renames:
            if not rename.local:
                targets.setdefault(rename.old, set()).add(rename.new)
                sources.setdefault(rename.new, set()).add(rename.old)
    settled = []
    for change in changes:
        js = _C_FAMILY.get(_suffix(change.path)) == "js"
        why = next((f"`{rename.old}` is renamed to different names in different files, or `{rename.new}` is "
                    "given to different names" for rename in change.renames if not rename.local
                    and (len(targets[rename.old]) > 1 or len(sources[rename.new]) > 1)), "")
        why = why or next((_still_said(name, defined, mentions) for name in change.public_names
                           if _still_said(name, defined, mentions)), "")
        why = why or next((f"`{name}` is read from `{module}`, which no changed file is that defines it"
                           for module, name in sorted(change.module_uses)
                           if not any(name in other.defines and _is_module(other.path, module, js)
                                      for other in changes)), "")
        why = why or next((_taken(name, changes, mentions) for name in change.fresh_names
                           if _taken(name, changes, mentions)), "")
        settled.append(_may_change(change.path, why, change.renames) if why else change)
    return tuple(settled)


def cap_findings(findings: Sequence[Finding], changes: Sequence[FileChange]) -> tuple[Finding, ...]:
    """The findings with each one graver than low on a neutral file capped at low, the cap and its reason
    kept on the finding (never silently)."""
    neutral = {change.path: change for change in changes if change.neutral}
    capped = []
    for finding in findings:
        change = neutral.get(finding.path)
        if change is None or severity_rank(finding.severity) >= severity_rank(CAPPED_SEVERITY):
            capped.append(finding)
        else:
            capped.append(replace(finding, severity=CAPPED_SEVERITY, capped_from=finding.severity,
                                  cap_reason=f"severity capped: {change.reason}"))
    return tuple(capped)


def _still_said(name: str, defined: frozenset[str], mentions: Mapping[str, Sequence[str]]) -> str:
    if name not in defined:
        return f"`{name}` is renamed but no changed file defines it"
    if name not in mentions:
        return f"whether `{name}` is still used was not checked"
    users = sorted(path for path in mentions[name] if _suffix(path) not in _DOCS_SUFFIXES)
    if users:
        return f"`{name}` is renamed but still used in {', '.join(users[:3])}"
    return ""


def _taken(name: str, changes: Sequence[FileChange], mentions: Mapping[str, Sequence[str]]) -> str:
    """Why the new name `name` is not free: a file that does not rename to it says it (or it was not
    searched)."""
    if name not in mentions:
        return f"whether `{name}` is already used was not checked"
    renaming = {change.path for change in changes
                if any(rename.new == name and not rename.local for rename in change.renames)}
    users = sorted(path for path in mentions[name] if path not in renaming and _suffix(path) not in _DOCS_SUFFIXES)
    return f"`{name}` is already said in {', '.join(users[:3])}" if users else ""


def _is_module(path: str, module: str, js: bool = False) -> bool:
    """Whether `path` is the file of `module`: a JavaScript module's path (resolved, its suffix or
    `/index` left out or not), or a dotted Python one (a relative one matched by its last parts)."""
    if js:
        suffixes = [suffix for suffix, language in _C_FAMILY.items() if language == "js"]
        return path == module or any(path in (module + suffix, f"{module}/index{suffix}") for suffix in suffixes)
    parts = module.lstrip(".").replace(".", "/")
    if not parts:
        return False
    stems = (f"{parts}.py", f"{parts}/__init__.py")
    return any(path == stem or path.endswith("/" + stem) for stem in stems)


def _may_change(path: str, why: str, renames: tuple[Rename, ...] = ()) -> FileChange:
    return FileChange(path, None, f"the change to {path} may change behaviour: {why}", renames)


def _suffix(path: str) -> str:
    name = path.rsplit("/", 1)[-1].lower()
    return name[name.rfind("."):] if "." in name else ""


def _python(path: str, old: str, new: str) -> FileChange:
    try:
        proven = python_change(old, new)
    except (RecursionError, MemoryError):
        return _may_change(path, "it is nested too deeply to compare")
    if proven.layout:
        if proven.docs:
            return FileChange(path, "docs-only", f"the change to {path} only changes comments or docstrings")
        return FileChange(path, "formatting-only", f"the change to {path} only changes its layout")
    if not proven.renames:
        return _may_change(path, proven.unproven)
    words = ", ".join(f"`{rename.old}` to `{rename.new}`" for rename in proven.renames)
    return FileChange(path, "rename-only", f"the change to {path} only renames {words}", proven.renames,
                      proven.defines, proven.module_uses)


def _c_family(path: str, old: str, new: str, language: str) -> FileChange:
    before, after = _c_tokens(old, language), _c_tokens(new, language)
    if before is None or after is None:
        return _may_change(path, "its strings or regular expressions cannot be told apart safely")
    code = [_code(before), _code(after)]
    if code[0] != code[1] and language == "js":
        return _javascript(path, code[0], code[1])
    if code[0] != code[1]:
        return _may_change(path, "its code changed")
    if [t for t in before if t[0] == "comment"] != [t for t in after if t[0] == "comment"]:
        return FileChange(path, "docs-only", f"the change to {path} only changes comments")
    return FileChange(path, "formatting-only", f"the change to {path} only changes its layout")


def _javascript(path: str, old: list[tuple[str, str]], new: list[tuple[str, str]]) -> FileChange:
    proven = js_renames(path, old, new)
    if not proven.renames:
        return _may_change(path, proven.unproven)
    words = ", ".join(f"`{rename.old}` to `{rename.new}`" for rename in proven.renames)
    fresh = tuple(rename.new for rename in proven.renames if not rename.local)
    return FileChange(path, "rename-only", f"the change to {path} only renames {words}", proven.renames,
                      proven.defines, proven.module_uses, fresh)


def _c_tokens(text: str, language: str) -> list[tuple[str, str]] | None:
    """The tokens (kind, text), spaces left out; a JS regular expression is one string token. None when a
    quote is left open, or (in JS) a `/` may either divide or open a regular expression."""
    tokens: list[tuple[str, str]] = []
    position = 0
    while position < len(text):
        match = _TOKENS.match(text, position)
        assert match is not None  # `other` matches any character
        kind = match.lastgroup or "other"
        value = match.group()
        position = match.end()
        if kind == "space":
            continue
        if kind == "string" and value.startswith("`") and language == "c":
            return None
        if kind == "other" and value in "\"'`":
            return None
        if kind == "other" and value == "/" and language == "js" and not _division(tokens):
            regex = _REGEX.match(text, match.start()) if _regex_here(tokens) else None
            if regex is None:
                return None
            kind, value, position = "string", regex.group(), regex.end()
        if kind == "comment":
            value = " ".join(value.split())
        tokens.append((kind, value))
    return tokens


def _division(tokens: list[tuple[str, str]]) -> bool:
    """Whether a `/` after these tokens is surely a division (after a name, a number, a string or `]`), not a
    regular expression (`if (x) /re/.test(y)` is one after `)`, so `)` is not taken as sure)."""
    last = next((token for token in reversed(tokens) if token[0] != "comment"), None)
    if last is None:
        return False
    kind, value = last
    return (kind == "word" and value not in _JS_BEFORE_REGEX) or kind == "string" or value == "]"


def _regex_here(tokens: list[tuple[str, str]]) -> bool:
    """Whether a `/` after these tokens surely opens a regular expression: at the start, or after a
    punctuator that leaves no left operand to divide (`(`, `,`, `=`, `:`, `=>`, `!`, ...; not `)`, `}`, `<`
    or `>`, nor `++`/`--`), or after a keyword like `return`."""
    significant = [token for token in tokens if token[0] not in ("comment", "newline")]
    if not significant:
        return True
    kind, value = significant[-1]
    before = significant[-2][1] if len(significant) > 1 else ""
    if kind == "word":
        return value in _JS_BEFORE_REGEX
    if value == ">":
        return before == "="
    if value in "+-":
        return before != value
    return kind == "other" and value in _REGEX_AFTER


def _code(tokens: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The tokens without comments, each run of line breaks made one."""
    code: list[tuple[str, str]] = []
    for token in tokens:
        if token[0] == "comment" or (token[0] == "newline" and code and code[-1][0] == "newline"):
            continue
        code.append(token)
    while code and code[0][0] == "newline":
        code.pop(0)
    while code and code[-1][0] == "newline":
        code.pop()
    return code
