"""Candidate changes (`assistant.candidates`): once a check of the project fails, the assistant asks the model for
several changes written in plain text, tries each on a scratch copy of the workspace, and keeps the first one the
project's checks accept (services/candidate_search.py runs it). A small model writes a corrected function far
more reliably than a chain of tool calls, and the checks, not the model, judge the result.

This module is the pure part of it:

- how many candidates a turn asks for: the setting, else CORE_CANDIDATES with the core tool set and one
  (no search) otherwise;
- what the model is shown (`suspect_files`): the project's files the failure's frames name, the files the turn
  changed or the request names, the modules the failing tests import, then the modules those import, in that
  order, whole, as many as SOURCE_CHARS holds; with none of these, the project's code files in order (a small
  project is shown whole); never a test file to change, but the failing Python tests' own definitions beside the
  failure (`failing_test_sources`);
- the prompt, in this project's words;
- a reply read as a candidate (`read_candidate`): its path-headed blocks and search/replace blocks
  (domain/model_replies/text_edits.py), or a code block with no path given to the one shown file that defines
  what it defines; a part of a Python, JavaScript, TypeScript, Go or Rust file is spliced in by its definitions
  (domain/model_replies/file_blocks.py).
  A block for a test file, a file not shown, or one that does not parse is left out: a candidate can only change
  the code under test, never the tests that judge it;
- how close a failed candidate came: the fewest failing tests its check reports.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.checks.project_tooling import is_test_file
from orkeon_engine.domain.checks.turn_checks import CheckOutcome, imports_module
from orkeon_engine.domain.model_replies.brace_definitions import BRACE_SUFFIXES, brace_definitions
from orkeon_engine.domain.model_replies.file_blocks import judge_block
from orkeon_engine.domain.model_replies.text_edits import EDIT, read_text_edits
from orkeon_engine.domain.tools.definition_rewrite import PYTHON_SUFFIXES, Located, code_blocks, dedent, definitions_in
from orkeon_engine.domain.tools.snippet_place import place

CORE_CANDIDATES = 4
"""Candidates a turn asks for with the core tool set when `assistant.candidates` is unset."""
MAX_CANDIDATES = 8
SOURCE_CHARS = 16_000
"""How much of the project's source the candidates' prompt shows (about 4,500 tokens: a 16k window keeps room
for the failure and the answer)."""
ANSWER_TOKENS = 2_048
FIRST_TEMPERATURE = 0.0
"""The first candidate is the model's likeliest change; the others are sampled."""
SAMPLED_TEMPERATURE = 0.8
UNCHANGED = "the reply changes no shown file"
"""Why a reply is no candidate when it writes the shown code back as it was (blank lines aside)."""
CHECK_FLOOR_SECONDS = 60.0
CHECK_TIMES = 10
"""A candidate's checks may run CHECK_TIMES as long as the failing check took in the workspace, and never less
than CHECK_FLOOR_SECONDS: a change that makes a test loop for ever (a flipped comparison in a loop's
condition) is failed then, and the search goes on, instead of waiting out the turn's budget."""
NO_COUNT = 1_000_000
"""A failure whose check states no count of failing tests ranks after every one that does."""

_PATH_TOKEN = re.compile(r"[\w./\\-]+\.[A-Za-z]\w{0,11}")
_JS_IMPORT = re.compile(r"""(?:require\(\s*|from\s+|import\s+)['"](\.{1,2}/[^'"]+)['"]""")
_JS_SUFFIXES = (".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx")
CODE_SUFFIXES = (*PYTHON_SUFFIXES, *_JS_SUFFIXES, ".go", ".rs", ".rb", ".java", ".c", ".h", ".cpp", ".cs", ".php")
_FAILED_IDS = (re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE), re.compile(r"^not ok \d+ - (.+)$", re.MULTILINE))
_COUNTS = (re.compile(r"(\d+) failed"), re.compile(r"(\d+) errors?\b"), re.compile(r"^# fail (\d+)", re.MULTILINE),
           re.compile(r"(\d+) failing"))


def check_seconds(failing_seconds: float, ceiling: float) -> float:
    """How long a candidate's check may run (CHECK_TIMES the failing check's own time), at most `ceiling`."""
    return min(ceiling, max(CHECK_FLOOR_SECONDS, CHECK_TIMES * failing_seconds))


def candidate_count(setting: object, core: bool) -> int:
    """How many candidates a turn asks for: `assistant.candidates` when set (1 turns the search off), else
    CORE_CANDIDATES with the core tool set and 1 otherwise; at most MAX_CANDIDATES."""
    if isinstance(setting, int) and not isinstance(setting, bool) and setting >= 1:
        return min(setting, MAX_CANDIDATES)
    return CORE_CANDIDATES if core else 1


@dataclass(frozen=True)
class SuspectInputs:
    """What localising a failure reads: the failure, the request, the failing check's test targets, the files
    the turn changed, the project's files, and the texts of its test files and of its source files so far read
    (a module's imports lead one hop further only through a text the caller has)."""

    failure: str
    request: str
    targets: Sequence[str]
    changed: Sequence[str]
    project_files: Sequence[str]
    texts: Mapping[str, str]


def suspect_files(inputs: SuspectInputs) -> tuple[str, ...]:
    """The project's source files a failure most likely comes from, likeliest first (the module docstring)."""
    sources = [path for path in inputs.project_files if not is_test_file(path)]
    found: list[str] = []

    def add(paths: Sequence[str]) -> None:
        found.extend(path for path in paths if path in sources and path not in found)

    named = named_in(inputs.failure, inputs.project_files)
    add(list(reversed([path for path in named if not is_test_file(path)])))  # the deepest frame first
    add(list(inputs.changed))
    add(named_in(inputs.request, sources))
    tests = [target.partition("::")[0] for target in inputs.targets]
    tests += [path for path in named if is_test_file(path)]
    for test in dict.fromkeys(tests):
        add(imported_by(test, inputs.texts.get(test, ""), sources))
    for module in list(found):  # one hop further: what the suspects import
        add(imported_by(module, inputs.texts.get(module, ""), sources))
    if not found:  # nothing ties the failure to a file: a small project's code is shown whole, as it fits
        add([path for path in sources if path.endswith(CODE_SUFFIXES)])
    return tuple(found)


def imported_by(path: str, text: str, sources: Sequence[str]) -> list[str]:
    """The project's files that a Python or JavaScript file imports."""
    if not text:
        return []
    if path.endswith(PYTHON_SUFFIXES):
        return [source for source in sources if source != path and imports_module(text, source)]
    if path.endswith(_JS_SUFFIXES):
        folder = path.rpartition("/")[0]
        return [hit for spec in _JS_IMPORT.findall(text) if (hit := _resolved(folder, spec, sources)) is not None]
    return []


def _resolved(folder: str, spec: str, sources: Sequence[str]) -> str | None:
    parts = [part for part in folder.split("/") if part]
    for part in spec.split("/"):
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    base = "/".join(parts)
    for name in (base, *(base + suffix for suffix in _JS_SUFFIXES), *(f"{base}/index{s}" for s in _JS_SUFFIXES)):
        if name in sources:
            return name
    return None


def named_in(text: str, paths: Sequence[str]) -> list[str]:
    """The paths a text names (by the path, or by a longer path ending in it), in the order it names them."""
    hits: list[str] = []
    for token in _PATH_TOKEN.findall(text.replace("\\", "/")):
        for path in paths:
            if (token == path or token.endswith("/" + path)) and path not in hits:
                hits.append(path)
    return hits


def shown_sources(suspects: Sequence[str], texts: Mapping[str, str], budget: int = SOURCE_CHARS) -> dict[str, str]:
    """The suspects' texts, in order, as many whole files as `budget` characters hold (a file too long is
    passed over for the next)."""
    shown: dict[str, str] = {}
    left = budget
    for path in suspects:
        text = texts.get(path)
        if text is None or len(text) > left:
            continue
        shown[path] = text
        left -= len(text)
    return shown


CANDIDATE_SYSTEM = (
    "You repair code. One of the project's checks fails; you are shown the failure and the project files it most "
    "likely comes from. Find the cause and write the corrected code.\n"
    "For every file you change, write its path on a line of its own, then one fenced code block holding only the "
    "functions or classes you change, each written out in full (a short file may be written whole).\n"
    "Change only what the failure calls for. Never change the tests: they say what the code must do. "
    "Add at most one sentence of explanation."
)


def candidate_prompt(request: str, failing: CheckOutcome, sources: Mapping[str, str],
                     tests: Mapping[str, str] | None = None) -> str:
    """The user message of a candidate's call: the request, the failing check and its output, the failing tests
    as their files define them (`failing_test_sources`), the files."""
    ended = f"exit code {failing.exit_code}" if failing.exit_code is not None else failing.reason or "it did not end"
    files = "\n\n".join(f"{path}\n```{_language(path)}\n{text.rstrip()}\n```" for path, text in sources.items())
    shown = "\n\n".join(f"{name}\n```python\n{text.rstrip()}\n```" for name, text in (tests or {}).items())
    return (f"Request: {request.strip() or '(none: the check failed after the last change)'}\n\n"
            f"The failing check:\n$ {failing.check.command}\n({ended})\n{failing.failure or '(no output)'}\n\n"
            + (f"The failing tests, as their files define them:\n\n{shown}\n\n" if shown else "")
            + f"The files:\n\n{files}")


SHOWN_TESTS = 3
"""How many failing tests the prompt shows whole, the first the check names."""
TEST_CHARS = 3_000
"""A failing test longer than this is not shown (its failure's lines are)."""


def failing_test_sources(failing: CheckOutcome, texts: Mapping[str, str]) -> dict[str, str]:
    """The definitions of the Python tests the failed check names (pytest's `path::name` and
    `path::Class::name`, a parameter's `[...]` left off), by node id, as their files define them: a trimmed
    failure keeps the failing line, while the calls before it that set the state up (the same function called
    twice, an object filled first) are what the test asks of the code. The first SHOWN_TESTS, each at most
    TEST_CHARS long; a test whose file is not in `texts` or does not parse is left out."""
    shown: dict[str, str] = {}
    for node in sorted(failed_tests(failing), key=failing.failure.find):
        path, _, name = node.partition(" ")[0].partition("::")
        path = path.replace("\\", "/").removeprefix("./")
        text = texts.get(path)
        if not name or text is None or not path.endswith(PYTHON_SUFFIXES):
            continue
        dotted = re.sub(r"\[.*\]$", "", name).replace("::", ".")
        found = next((each.text(text) for each in _definitions(text) if each.name == dotted), None)
        if found is None or len(found) > TEST_CHARS:
            continue
        shown[f"{path}::{name}"] = textwrap.dedent(found)
        if len(shown) == SHOWN_TESTS:
            break
    return shown


def _language(path: str) -> str:
    suffix = path.rpartition(".")[2].lower()
    return {"py": "python", "js": "javascript", "mjs": "javascript", "cjs": "javascript", "ts": "typescript"}.get(
        suffix, suffix)


@dataclass(frozen=True)
class Candidate:
    """A change read from a reply: the new text of each file it changes (workspace-relative paths), and what
    of the reply was left out and why."""

    texts: dict[str, str]
    left_out: tuple[str, ...] = ()

    def key(self) -> tuple[tuple[str, str], ...]:
        """What makes two candidates the same change."""
        return tuple(sorted(self.texts.items()))


def read_candidate(reply: str, sources: Mapping[str, str]) -> Candidate | str:
    """The change a reply writes to the shown files (the module docstring), or why it is none."""
    texts: dict[str, str] = {}
    left_out: list[str] = []
    edits = read_text_edits(reply)
    for edit in edits:
        path = _shown_path(edit.arguments.get("path", ""), sources)
        if path is None:
            left_out.append(f"{edit.arguments.get('path', '')}: not one of the files shown")
            continue
        if is_test_file(path):
            left_out.append(f"{path}: a test file")
            continue
        current = texts.get(path, sources[path])
        if edit.tool == EDIT:
            placed = place(current, edit.arguments.get("old", ""), edit.arguments.get("new", ""))
            if placed.text is None:
                left_out.append(f"{path}: {placed.problem}")
                continue
            texts[path] = placed.text
            continue
        _take_block(path, current, edit.arguments.get("content", ""), texts, left_out)
    if not edits:
        for block in code_blocks(reply):
            path = _owner(block, sources)
            if path is None:
                left_out.append("a code block under no path that no shown file owns")
                continue
            _take_block(path, texts.get(path, sources[path]), block, texts, left_out)
    changed = {path: text for path, text in texts.items() if not same_code(text, sources[path])}
    if changed:
        return Candidate(changed, tuple(left_out))
    return "; ".join(left_out) if left_out else UNCHANGED


def same_code(text: str, other: str) -> bool:
    """Whether two texts of a file differ in blank lines and trailing spaces at most: no change to try."""
    return code_lines(text) == code_lines(other)


def code_lines(text: str) -> list[str]:
    """A file's lines that hold something, their trailing spaces taken off: what a change of code compares."""
    return [line.rstrip() for line in text.splitlines() if line.strip()]


def _take_block(path: str, current: str, block: str, texts: dict[str, str], left_out: list[str]) -> None:
    judged = judge_block(path, current, block)
    if judged.content is None:
        left_out.append(f"{path}: {judged.refusal}")
        return
    if path.endswith(PYTHON_SUFFIXES) and _syntax_error(judged.content) is not None:
        left_out.append(f"{path}: the result does not parse ({_syntax_error(judged.content)})")
        return
    texts[path] = judged.content


def _shown_path(written: str, sources: Mapping[str, str]) -> str | None:
    """The shown file a block's path names: the path itself, without ./ or /workspace/, or the one shown file
    whose path ends in it."""
    path = written.strip().replace("\\", "/").removeprefix("/workspace/").removeprefix("./").lstrip("/")
    if path in sources:
        return path
    ending = [shown for shown in sources if shown.endswith("/" + path)]
    return ending[0] if len(ending) == 1 else None


def _owner(block: str, sources: Mapping[str, str]) -> str | None:
    """The shown file a code block under no path belongs to: the only one shown, or the one file that defines
    every top-level name the block defines (Python read by its syntax tree, a brace language by
    domain/model_replies/brace_definitions.py)."""
    if len(sources) == 1:
        return next(iter(sources))
    owners = [path for path, text in sources.items() if _defines_all(path, text, block)]
    return owners[0] if len(owners) == 1 else None


def _defines_all(path: str, text: str, block: str) -> bool:
    """Whether the file at `path` defines every top-level name the block defines (and the block defines one)."""
    if path.endswith(PYTHON_SUFFIXES):
        try:
            names = {node.name for node in ast.parse(dedent(block)).body
                     if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
        except (SyntaxError, ValueError):
            return False
        return bool(names) and names <= {found.name.rpartition(".")[2] for found in _definitions(text)}
    if path.endswith(BRACE_SUFFIXES):
        rust = path.endswith(".rs")
        given, own = brace_definitions(textwrap.dedent(block), rust), brace_definitions(text, rust)
        return bool(given) and own is not None and {each.name for each in given or ()} <= {each.name for each in own}
    return False


def _definitions(text: str) -> list[Located]:
    try:
        return definitions_in(text)
    except (SyntaxError, ValueError, RecursionError):
        return []


def _syntax_error(text: str) -> str | None:
    try:
        ast.parse(text)
    except (SyntaxError, ValueError) as error:
        if not isinstance(error, SyntaxError):
            return str(error)
        return f"line {error.lineno}: {error.msg}"
    return None


def failing_count(outcome: CheckOutcome) -> int:
    """How many tests a failed check reports failing (NO_COUNT when it states none): the closest candidate is
    the one with the fewest."""
    counts = [int(match) for pattern in _COUNTS for match in pattern.findall(outcome.failure)]
    return sum(counts) if counts else NO_COUNT


def failed_tests(outcome: CheckOutcome) -> frozenset[str]:
    """The tests a failed check names as failing (pytest's FAILED and ERROR lines, TAP's `not ok`)."""
    return frozenset(match.strip() for pattern in _FAILED_IDS for match in pattern.findall(outcome.failure))


def fails_nothing_new(after: CheckOutcome, before: CheckOutcome) -> bool:
    """Whether a whole test run after a change fails only tests that failed before it (a project whose suite
    already failed elsewhere): both name their failing tests, and the change's are among the earlier ones."""
    if after.passed:
        return True
    named = failed_tests(after)
    return bool(named) and before.failed and named <= failed_tests(before)


def proof_words(proof: Sequence[CheckOutcome]) -> str:
    """What the checks said of a candidate: "passes `a` and `b`", and of a whole run that still fails only where
    it failed before the change, that it leaves it failing only those tests."""
    passed = [f"`{outcome.check.command}`" for outcome in proof if outcome.passed]
    said = [f"passes {' and '.join(passed)}"] if passed else []
    said += [f"leaves `{outcome.check.command}` failing only the tests that failed before it"
             for outcome in proof if not outcome.passed]
    return " and ".join(said)


def proved_text(paths: Sequence[str], proof: Sequence[CheckOutcome], number: int, asked: int, diff: str) -> str:
    """The answer when a candidate passed and was written: what changed, which checks proved it, the diff."""
    return (f"Changed {', '.join(paths)}: candidate {number} of the {asked} change{'' if asked == 1 else 's'} "
            f"asked for {proof_words(proof)}, in a scratch copy of the workspace.\n\n```diff\n{diff.rstrip()}\n```")


def refused_text(proof: Sequence[CheckOutcome], reason: str) -> str:
    """The answer when a candidate passed and its write was refused: nothing was changed."""
    return f"A candidate change {proof_words(proof)}, but writing it was refused ({reason}): no file was changed."


def none_passed_text(asked: int, tried: int, closest: CheckOutcome | None, stopped: str = "") -> str:
    """What the person is told when no candidate passed: how many were asked for and tried, why the search
    stopped early, and the closest attempt's failure; the search changed nothing."""
    why = f" ({stopped})" if stopped else ""
    text = (f"No candidate change passed{why}: {asked} asked for, {tried} tried in a scratch copy; the search "
            "changed no file.")
    if closest is not None and closest.failure:
        text += f"\nThe closest attempt failed `{closest.check.command}` with:\n{closest.failure}"
    return text
