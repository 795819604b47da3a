"""Edits written as text: the code blocks of a reply headed by a file path, read as the file_write or file_edit
call each proposes.

A model that writes code better in plain text than inside a call's JSON (a small one above all) answers a change
request with the file under its path, or with Aider's search/replace blocks; such an answer changed nothing
before this module read it. `read_text_edits` finds them; the tool loop then puts each to the permission gate
like any call (services/act.py), so one is never made past the gate, and never where the edit tools are not
offered (plan, dontAsk).

The rule:

1. A fenced block's path is named by its info string (```python calc.py, ```calc.py, ```python:calc.py,
   ```python title="calc.py"), else by the line above the fence, blank lines aside, when that line is only a
   path in its decoration: a heading (`### calc.py`), bold (`**calc.py**`), inline code, a label (`calc.py:`,
   `File: calc.py`, `Updated file: calc.py`). A sentence ending in a path ("Here is calc.py:") names none.
2. A path is one token, no URL, whose last part has an extension (letters or digits after a dot) or is a
   known file without one (Makefile, Dockerfile...). A language that cannot be the file's (```bash above
   calc.py, ```console, ```diff) makes the block no edit.
3. Search/replace blocks (`<<<<<<< SEARCH`, the text to find, `=======`, its replacement, `>>>>>>> REPLACE`,
   five to nine marks each), fenced or not, several in one fence or one after another: each is a file_edit
   of its path (the fence's, else a path line among the three above it, else the previous block's path); an
   empty search text is a file_write of the replacement (a new file). A block whose path is not known is
   none.
4. Any other fenced block under a path is a whole-file block: a file_write of that path with the block as
   its text. Whether it really is the whole file is judged against the file when the call is checked
   (domain/model_replies/file_blocks.py).

What the model was shown is not its own: the tool loop's copy check (text_tool_calls.quoted_from) compares an
edit by its text's lines, so a block that repeats a file's lines (a quote in an explanation, an edit copied
from a README) is never applied.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.model_replies.fences import Fenced, fenced_blocks

MAX_TEXT = 200_000
"""A longer reply is not read for edits."""
WRITE = "file_write"
EDIT = "file_edit"

_HEAD = re.compile(r"^ {0,3}<{5,9} SEARCH\s*$")
_DIVIDER = re.compile(r"^ {0,3}={5,9}\s*$")
_TAIL = re.compile(r"^ {0,3}>{5,9} REPLACE\s*$")
_DECORATION = " \t#*_`>'\""
_LABEL = re.compile(r"^(?:(?:the\s+)?(?:updated|modified|new|changed|fixed|corrected|complete|full|whole|final)\s+)?"
                    r"(?:(?:file(?:\s*name)?|filename|path|code|source)(?:\s*[:\-–]\s*|\s+))?", re.IGNORECASE)
_PATH = re.compile(r"^(?:\./|/)?(?:[\w.\-]+/)*[\w.\-]*[\w\-]\.[A-Za-z][A-Za-z0-9_+]{0,11}$|^(?:\./|/)?(?:[\w.\-]+/)*"
                   r"(?:Makefile|Dockerfile|Containerfile|Procfile|Gemfile|Rakefile|Justfile|Vagrantfile|"
                   r"LICENSE|CODEOWNERS)$")
_ATTRIBUTE = re.compile(r"""(?:title|file|filename|path)\s*=\s*["']?([^"'\s]+)["']?""", re.IGNORECASE)

LANGUAGES: dict[str, frozenset[str]] = {
    "python": frozenset({"py", "pyi", "pyw"}), "py": frozenset({"py", "pyi", "pyw"}),
    "javascript": frozenset({"js", "mjs", "cjs", "jsx"}), "js": frozenset({"js", "mjs", "cjs", "jsx"}),
    "jsx": frozenset({"jsx", "js"}), "typescript": frozenset({"ts", "tsx", "mts", "cts"}),
    "ts": frozenset({"ts", "tsx", "mts", "cts"}), "tsx": frozenset({"tsx", "ts"}),
    "go": frozenset({"go"}), "rust": frozenset({"rs"}), "rs": frozenset({"rs"}), "java": frozenset({"java"}),
    "ruby": frozenset({"rb"}), "rb": frozenset({"rb"}), "c": frozenset({"c", "h"}),
    "cpp": frozenset({"cpp", "cc", "cxx", "hpp", "hh", "h"}), "json": frozenset({"json", "jsonc"}),
    "yaml": frozenset({"yaml", "yml"}), "yml": frozenset({"yaml", "yml"}), "toml": frozenset({"toml"}),
    "html": frozenset({"html", "htm"}), "css": frozenset({"css"}), "markdown": frozenset({"md", "markdown"}),
    "md": frozenset({"md", "markdown"}), "sql": frozenset({"sql"}),
    "bash": frozenset({"sh", "bash"}), "sh": frozenset({"sh", "bash"}), "shell": frozenset({"sh", "bash"}),
    "zsh": frozenset({"zsh", "sh"}),
}
"""A fence's language and the extensions its file may have: a known language above a file of another known
extension (```bash above setup.py) is a command or a snippet, not that file."""
NO_FILE = frozenset({"console", "shell-session", "terminal", "output", "diff", "patch", "udiff"})
"""Fence languages that are never a file's text (a session's output, a diff)."""
_KNOWN = frozenset().union(*LANGUAGES.values())


@dataclass(frozen=True)
class TextEdit:
    """One edit a reply wrote: the tool (file_write or file_edit), its arguments, the text it was written as
    (the block's lines: what the copy check compares), whether it is a whole-file block, and the lines of the
    reply it takes up (first, last; 0-based), header included."""

    tool: str
    arguments: dict[str, str]
    source: str
    whole: bool
    lines: tuple[int, int]


def read_text_edits(text: str) -> list[TextEdit]:
    """The edits `text` writes as path-headed blocks, in order (the module's rule); [] when none. Never raises."""
    if not text or len(text) > MAX_TEXT:
        return []
    lines = text.split("\n")
    fences = fenced_blocks(lines)
    inside = {index for fence in fences for index in range(fence.start, fence.end + 1)}
    edits: list[TextEdit] = []
    last_path: str | None = None
    outside = [index for index in range(len(lines)) if index not in inside]
    for fence in fences:
        for edit in _loose_edits(lines, [i for i in outside if i < fence.start], last_path):
            edits.append(edit)
            last_path = edit.arguments["path"]
        outside = [i for i in outside if i > fence.end]
        found = _fence_edits(lines, fence, last_path)
        edits.extend(found)
        last_path = found[-1].arguments["path"] if found else last_path
    edits.extend(_loose_edits(lines, outside, last_path))
    return edits


def without_edits(text: str, edits: Sequence[TextEdit]) -> str:
    """The reply's text with the lines of its edits cut out (what it says besides them)."""
    cut = {index for edit in edits for index in range(edit.lines[0], edit.lines[1] + 1)}
    kept = [line for index, line in enumerate(text.split("\n")) if index not in cut]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip()


def as_path(line: str) -> str | None:
    """The path a line names when it is only a path in its decoration (rule 1), else None."""
    bare = line.strip().strip(_DECORATION).strip()
    bare = _LABEL.sub("", bare, count=1).strip(_DECORATION + ":").strip()
    return bare.removeprefix("./") if bare and "://" not in bare and _PATH.match(bare) else None


def _fence_edits(lines: list[str], fence: Fenced, last_path: str | None) -> list[TextEdit]:
    language, named = _info(fence.info)
    header = _header(lines, fence.start)
    path = named or (header[0] if header else None)
    first = header[1] if header and not named else fence.start
    if any(_HEAD.match(line) for line in fence.body):
        body = list(fence.body)
        own = as_path(body[0]) if body else None  # Aider's fenced form may name the path inside the fence
        return _replace_blocks(body, fence.start + 1, own or path or last_path, (first, fence.end))
    if path is None or language in NO_FILE or _foreign(language, path):
        return []
    content = "\n".join(fence.body)
    content = content + "\n" if content and not content.endswith("\n") else content
    return [TextEdit(WRITE, {"path": path, "content": content}, "\n".join(fence.body), True, (first, fence.end))]


def _loose_edits(lines: list[str], indices: list[int], last_path: str | None) -> list[TextEdit]:
    """Search/replace blocks written outside any fence, among the lines `indices` (consecutive runs)."""
    edits: list[TextEdit] = []
    runs: list[list[int]] = []
    for index in indices:
        if runs and runs[-1][-1] == index - 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    for run in runs:
        body = [lines[index] for index in run]
        if any(_HEAD.match(line) for line in body):
            found = _replace_blocks(body, run[0], last_path, None)
            edits.extend(found)
            last_path = found[-1].arguments["path"] if found else last_path
    return edits


def _replace_blocks(body: list[str], offset: int, path: str | None,
                    span: tuple[int, int] | None) -> list[TextEdit]:
    """The search/replace blocks of `body` (whose first line is line `offset` of the reply); `span`, when given,
    is what the edits take up together (their fence and its header)."""
    edits: list[TextEdit] = []
    index = 0
    while index < len(body):
        if not _HEAD.match(body[index]):
            index += 1
            continue
        above = next((i for i in range(index - 1, max(-1, index - 4), -1) if as_path(body[i])), None)
        named = as_path(body[above]) if above is not None else None
        path = named or path
        divider = next((i for i in range(index + 1, len(body)) if _DIVIDER.match(body[i])), None)
        tail = next((i for i in range(divider + 1, len(body)) if _TAIL.match(body[i])), None) if divider else None
        if divider is None or tail is None:
            break
        if path is not None:
            search, replace = "\n".join(body[index + 1:divider]), "\n".join(body[divider + 1:tail])
            source = "\n".join(body[index:tail + 1])
            first = offset + (above if above is not None else index)
            lines = span or (first, offset + tail)
            if search.strip():
                edits.append(TextEdit(EDIT, {"path": path, "old": search, "new": replace}, source, False, lines))
            else:
                content = replace + "\n" if replace and not replace.endswith("\n") else replace
                edits.append(TextEdit(WRITE, {"path": path, "content": content}, source, False, lines))
        index = tail + 1
    return edits


def _info(info: str) -> tuple[str, str | None]:
    """A fence's language and the path its info string names, if any."""
    attribute = _ATTRIBUTE.search(info)
    words = info.replace(":", " ").split()
    language = words[0].lower() if words and as_path(words[0]) is None else ""
    if attribute is not None and as_path(attribute.group(1)):
        return language, as_path(attribute.group(1))
    return language, next((found for word in words if (found := as_path(word))), None)


def _header(lines: list[str], fence: int) -> tuple[str, int] | None:
    """The path the line above the fence names (blank lines aside), and that line's index."""
    index = fence - 1
    while index >= 0 and not lines[index].strip():
        index -= 1
    if index < 0 or fence - index > 3:
        return None
    path = as_path(lines[index])
    return (path, index) if path else None


def _foreign(language: str, path: str) -> bool:
    """Whether the fence's language cannot be the file's (rule 2)."""
    extension = path.rsplit(".", 1)[-1].lower() if "." in path.rsplit("/", 1)[-1] else ""
    allowed = LANGUAGES.get(language)
    return allowed is not None and extension in _KNOWN and extension not in allowed
