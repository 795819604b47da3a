"""Focused candidates: after the first candidate of a search (shown the suspect files whole), each later one is
shown one suspect definition alone, the next one each time (services/candidate_search.py asks them).

Sampled from one prompt, a small model's candidates tend to look at the same place: the traces showed four
or eight candidates rewriting the same function, or the whole file unchanged, while the fault sat in another.
Code can rank where a failure most likely comes from without a model, and a shorter prompt about one
definition is both cheaper to read and easier for a small model to get right. The ranking (`suspect_definitions`):

1. the definitions holding the project lines the failure's frames name (a Python traceback or pytest's
   `path:line`, Node's `at name (path:line:col)`), the deepest frame first;
2. the definitions the failure and the failing tests call (`name(`), in the order they call them (a
   pytest test read from its file by name, a node test from the line naming it);
3. the definitions those call, one hop.

A definition is a top-level function, a method (shown inside its class's first line, so a block written back
is spliced as the class's member; a call of the class counts as one of its `__init__`) or a class without
methods; in a brace language, a top-level definition of more than one line
(domain/model_replies/brace_definitions.py). The constants a definition names (a Python file's top-level
assignments to one name, a brace file's one-line definitions) are shown above it, so a wrong constant can be
seen and written.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.checks.turn_checks import CheckOutcome
from orkeon_engine.domain.model_replies.brace_definitions import BRACE_SUFFIXES, brace_definitions
from orkeon_engine.domain.tools.definition_rewrite import PYTHON_SUFFIXES

MAX_SUSPECTS = 6
TEST_LINES = 30
"""The lines read of a node test from the line that names it: enough for the calls it makes."""
_CALL = r"\b{}\s*\("
_FRAME_AT = re.compile(r"^\s*at\s")


@dataclass(frozen=True)
class Suspect:
    """One definition a failure may come from: its file, its dotted name, and the text a prompt shows of it."""

    path: str
    name: str
    shown: str
    lines: tuple[int, int]
    """Its first and last line in the file, 1-based."""

    @property
    def short(self) -> str:
        return self.name.rpartition(".")[2]

    @property
    def called_as(self) -> str:
        """The name a call of it writes: a constructor's is its class's."""
        return self.name.rpartition(".")[0] if self.short == "__init__" else self.short


def suspect_definitions(failure: str, failed_ids: Iterable[str], tests: Mapping[str, str],
             sources: Mapping[str, str]) -> list[Suspect]:
    """The shown files' definitions the failure most likely comes from, likeliest first (the module docstring)."""
    every = [each for path, text in sources.items() for each in _definitions(path, text)]
    found: list[Suspect] = []

    def add(more: Iterable[Suspect]) -> None:
        found.extend(each for each in more if each not in found)

    add(_framed(failure, every))
    add(_called(failure + "\n" + "\n".join(_test_texts(failed_ids, tests)), every))
    for each in list(found):
        add(_called(each.shown, [other for other in every if other.name != each.name]))
    return found[:MAX_SUSPECTS]


def focused_prompt(request: str, failing: CheckOutcome, suspect: Suspect) -> str:
    """The user message of a focused candidate: the request, the failing check, and the one definition."""
    ended = f"exit code {failing.exit_code}" if failing.exit_code is not None else failing.reason or "it did not end"
    language = "python" if suspect.path.endswith(PYTHON_SUFFIXES) else suspect.path.rpartition(".")[2]
    return (f"Request: {request.strip() or '(none: the check failed after the last change)'}\n\n"
            f"The failing check:\n$ {failing.check.command}\n({ended})\n{failing.failure or '(no output)'}\n\n"
            f"The code the failure most likely comes from: `{suspect.short}` in {suspect.path} (lines "
            f"{suspect.lines[0]}-{suspect.lines[1]}).\n\n{suspect.path}\n```{language}\n{suspect.shown.rstrip()}\n```\n\n"
            f"Find what in it makes the check fail and write `{suspect.short}` corrected, in full, under its path "
            "(with any constant above it that you change).")


def _definitions(path: str, text: str) -> list[Suspect]:
    if path.endswith(PYTHON_SUFFIXES):
        return _python_definitions(path, text)
    if path.endswith(BRACE_SUFFIXES):
        return _brace_suspects(path, text)
    return []


def _brace_suspects(path: str, text: str) -> list[Suspect]:
    """A brace file's definitions of more than one line, each shown under the one-line ones it names (its
    constants)."""
    lines = text.split("\n")
    found = brace_definitions(text, path.endswith(".rs")) or []
    constants = {each.name: lines[each.start - 1] for each in found if each.start == each.end}
    return [Suspect(path, each.name, _with_constants("\n".join(lines[each.start - 1:each.end]), constants),
                    (each.start, each.end)) for each in found if each.start != each.end]


def _python_definitions(path: str, text: str) -> list[Suspect]:
    try:
        module = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    lines = text.split("\n")
    constants = _constants(module, lines)
    found: list[Suspect] = []
    for node in module.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            body = _span(node, lines)
            found.append(Suspect(path, node.name, _with_constants(body, constants), _lines(node)))
        elif isinstance(node, ast.ClassDef):
            methods = [each for each in node.body if isinstance(each, ast.FunctionDef | ast.AsyncFunctionDef)]
            if not methods:
                found.append(Suspect(path, node.name, _with_constants(_span(node, lines), constants), _lines(node)))
            head = lines[node.lineno - 1]
            for method in methods:
                body = f"{head}\n    # (its other members)\n\n{_span(method, lines)}"
                found.append(Suspect(path, f"{node.name}.{method.name}", _with_constants(body, constants),
                                     _lines(method)))
    return found


def _lines(node: ast.stmt) -> tuple[int, int]:
    first = min([node.lineno, *(each.lineno for each in getattr(node, "decorator_list", ()))])
    return first, node.end_lineno or node.lineno


def _span(node: ast.stmt, lines: Sequence[str]) -> str:
    first, last = _lines(node)
    return "\n".join(lines[first - 1:last])


def _constants(module: ast.Module, lines: Sequence[str]) -> dict[str, str]:
    """The file's top-level assignments to one name, by name, as the file writes them."""
    found: dict[str, str] = {}
    for node in module.body:
        target = (node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1
                  else node.target if isinstance(node, ast.AnnAssign) else None)
        if isinstance(target, ast.Name):
            found[target.id] = "\n".join(lines[node.lineno - 1:node.end_lineno or node.lineno])
    return found


def _with_constants(body: str, constants: Mapping[str, str]) -> str:
    used = [text for name, text in constants.items() if re.search(rf"\b{re.escape(name)}\b", body)]
    return "\n".join(used) + "\n\n\n" + body if used else body


def _framed(failure: str, every: Sequence[Suspect]) -> list[Suspect]:
    """The definitions holding the lines the failure's frames name: Python's deepest (last) first, then Node's
    (its first frame is the deepest)."""
    python: list[Suspect] = []
    node: list[Suspect] = []
    for line in failure.splitlines():
        for path in dict.fromkeys(each.path for each in every):
            for match in re.finditer(rf"(?<![\w.-]){re.escape(path)}\"?(?:, line |:)(\d+)", line.replace("\\", "/")):
                held = _holding(path, int(match.group(1)), every)
                if held is not None:
                    (node if _FRAME_AT.match(line) else python).append(held)
    return list(dict.fromkeys([*reversed(python), *node]))


def _holding(path: str, number: int, every: Sequence[Suspect]) -> Suspect | None:
    held = [each for each in every if each.path == path and each.lines[0] <= number <= each.lines[1]]
    return min(held, key=lambda each: each.lines[1] - each.lines[0]) if held else None


def _called(text: str, every: Sequence[Suspect]) -> list[Suspect]:
    """The definitions `text` calls, in the order it first calls them."""
    first: list[tuple[int, Suspect]] = []
    for each in every:
        match = re.search(_CALL.format(re.escape(each.called_as)), text)
        if match is not None:
            first.append((match.start(), each))
    return [each for _, each in sorted(first, key=lambda pair: pair[0])]


def _test_texts(failed_ids: Iterable[str], tests: Mapping[str, str]) -> list[str]:
    """The failing tests' own texts: a pytest test by its file and name, a node test from the line naming it."""
    found: list[str] = []
    for test_id in failed_ids:
        path, _, rest = test_id.partition("::")
        if rest and path in tests:
            found += _pytest_test(tests[path], rest.rpartition("::")[2].partition("[")[0])
        elif not rest:
            found += [_node_test(text, test_id) for text in tests.values() if test_id and test_id in text]
    return found


def _pytest_test(text: str, name: str) -> list[str]:
    try:
        module = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    lines = text.split("\n")
    return [_span(node, lines) for node in ast.walk(module)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name]


def _node_test(text: str, name: str) -> str:
    lines = text.split("\n")
    start = next(index for index, line in enumerate(lines) if name in line)
    return "\n".join(lines[start:start + TEST_LINES])
