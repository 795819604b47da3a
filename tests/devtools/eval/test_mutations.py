"""The mutation operators: each finds its places by code, changes one of them, never a string; and a sample of
the projects' mutants, one an operator, fails the project's tests while the original passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from devtools.eval import mutations
from devtools.eval.mutations import OPERATORS, Mutant, blank_javascript, mutants
from devtools.eval.projects import Project, all_projects, load, run_tests, write

PYTHON = '''"""A module."""

LIMIT = 40


def clip(values, size=3, extra=None):
    """The first `size` values, "lower than" the limit."""
    if extra is None:
        extra = []
    if not values:
        return None
    kept = []
    for index in range(len(values)):
        if values[index] < LIMIT:
            kept.append(values[index])
    extra.extend(kept)
    return extra


def label(name):
    return name.strip().lower() + "<="


def pair(first, second):
    flag = True
    return clip([first, second], 2), flag


def main():
    return pair(1, 2)
'''

JAVASCRIPT = """'use strict';
// a < b in a comment
const LIMIT = 40;

function clip(values, size = 3) {
  if (!values) {
    return null;
  }
  const kept = [];
  for (let index = 0; index < values.length; index++) {
    if (values[index] < LIMIT) {
      kept.push(values[index]);
    }
  }
  return kept;
}

function label(name) {
  const text = `${name.trim()} <= ok`;
  return name.trim().toLowerCase() === 'x' ? text : '<';
}

function pair(first, second) {
  return clip([first, second], 2).length > 0 ? true : /a<b/.test(first);
}
"""


def _project(language: str, text: str) -> Project:
    path = "mod.py" if language == "python" else "mod.js"
    return Project("sample", language, {path: text}, ())


def _changed_lines(mutant: Mutant) -> list[tuple[str, str]]:
    before, after = mutant.original.splitlines(), mutant.mutated.splitlines()
    return [(a, b) for a, b in zip(before, after, strict=False) if a != b]


@pytest.mark.parametrize(("operator", "before", "after"), [
    ("flipped comparison", "        if values[index] < LIMIT:", "        if values[index] >= LIMIT:"),
    ("off-by-one range", "    for index in range(len(values)):", "    for index in range(len(values) - 1):"),
    ("dropped call", '    return name.strip().lower() + "<="', '    return name.lower() + "<="'),
    ("wrong constant", "LIMIT = 40", "LIMIT = 41"),
    ("swapped arguments", "    return pair(1, 2)", "    return pair(2, 1)"),
    ("wrong default", "def clip(values, size=3, extra=None):", "def clip(values, size=4, extra=None):"),
    ("wrong variable returned", "    return extra", "    return values"),
    ("inverted boolean", "    flag = True", "    flag = False"),
])
def test_a_python_operator_changes_its_place(operator: str, before: str, after: str) -> None:
    found = [m for m in mutants(_project("python", PYTHON)) if m.operator == operator]

    assert (before, after) in [_changed_lines(m)[0] for m in found]


def test_a_removed_guard_takes_the_whole_if_out() -> None:
    found = [m for m in mutants(_project("python", PYTHON)) if m.operator == "removed guard"]

    assert sorted(m.original.count("\n") - m.mutated.count("\n") for m in found) == [2, 2]
    assert any("if not values" not in m.mutated and "extra is None" in m.mutated for m in found)


def test_a_mutable_default_replaces_none_and_its_guard() -> None:
    (mutant,) = [m for m in mutants(_project("python", PYTHON)) if m.operator == "mutable default"]

    assert "def clip(values, size=3, extra=[]):" in mutant.mutated and "extra is None" not in mutant.mutated


def test_no_python_operator_touches_a_string_or_a_docstring() -> None:
    for mutant in mutants(_project("python", PYTHON)):
        assert '"<="' in mutant.mutated and '"lower than"' in mutant.mutated


def test_every_mutant_names_its_line_and_function() -> None:
    found = {(m.operator, m.line, m.function) for m in mutants(_project("python", PYTHON))}

    assert ("off-by-one range", 13, "clip") in found and ("wrong constant", 3, "") in found


@pytest.mark.parametrize(("operator", "before", "after"), [
    ("flipped comparison", "    if (values[index] < LIMIT) {", "    if (values[index] >= LIMIT) {"),
    ("off-by-one range", "  for (let index = 0; index < values.length; index++) {",
     "  for (let index = 0; index < values.length - 1; index++) {"),
    ("dropped call", "  return name.trim().toLowerCase() === 'x' ? text : '<';",
     "  return name.toLowerCase() === 'x' ? text : '<';"),
    ("wrong constant", "const LIMIT = 40;", "const LIMIT = 41;"),
    ("wrong default", "function clip(values, size = 3) {", "function clip(values, size = 4) {"),
    ("wrong variable returned", "  return kept;", "  return values;"),
    ("inverted boolean", "  return clip([first, second], 2).length > 0 ? true : /a<b/.test(first);",
     "  return clip([first, second], 2).length > 0 ? false : /a<b/.test(first);"),
    ("swapped arguments", "  return clip([first, second], 2).length > 0 ? true : /a<b/.test(first);",
     "  return clip(2, [first, second]).length > 0 ? true : /a<b/.test(first);"),
])
def test_a_javascript_operator_changes_its_place(operator: str, before: str, after: str) -> None:
    found = [m for m in mutants(_project("javascript", JAVASCRIPT)) if m.operator == operator]

    assert (before, after) in [_changed_lines(m)[0] for m in found]


def test_a_javascript_guard_is_removed_with_its_block() -> None:
    (mutant,) = [m for m in mutants(_project("javascript", JAVASCRIPT)) if m.operator == "removed guard"]

    assert "if (!values)" not in mutant.mutated and mutant.original.count("\n") - mutant.mutated.count("\n") == 3


def test_no_javascript_operator_touches_a_string_a_comment_or_a_regular_expression() -> None:
    for mutant in mutants(_project("javascript", JAVASCRIPT)):
        assert ("// a < b in a comment" in mutant.mutated and "'<'" in mutant.mutated and "/a<b/" in mutant.mutated
                and "} <= ok`" in mutant.mutated)


def test_blanking_keeps_the_code_of_a_template_and_the_length() -> None:
    text = "a = `${base}-x`; b = 'it' + c; // d\nreturn /e+/.test(f);"

    blanked = blank_javascript(text)

    assert (len(blanked), "${base}" in blanked, "'it'" in blanked, "/e+/" in blanked) == (len(text), True, False,
                                                                                          False)


def test_the_projects_hold_every_operator() -> None:
    found = {m.operator for project in all_projects() for m in mutants(project)}

    assert found == set(OPERATORS)


def test_the_mutants_of_a_project_are_distinct() -> None:
    for project in all_projects():
        found = mutants(project)
        assert len({(m.path, m.mutated) for m in found}) == len(found) == len({m.key for m in found})


def test_apply_makes_edits_from_the_end_so_offsets_hold() -> None:
    edits = [mutations.Edit(0, 1, "AB"), mutations.Edit(2, 3, "CD")]

    assert mutations.apply("xyz", edits) == "AByCD"


def _one_an_operator() -> list[Mutant]:
    chosen: dict[str, Mutant] = {}
    for project in all_projects():
        for mutant in mutants(project):
            chosen.setdefault(mutant.operator, mutant)
    return list(chosen.values())


@pytest.mark.parametrize("mutant", _one_an_operator(), ids=lambda m: m.operator)
def test_a_mutant_fails_the_projects_tests_and_the_original_passes(mutant: Mutant, tmp_path: Path) -> None:
    project = load(mutant.project)
    original = run_tests(project, write(project, tmp_path / "original"))[0]

    mutated = run_tests(project, write(project, tmp_path / "mutant", {mutant.path: mutant.mutated}))[0]

    assert (original, mutated != 0) == (0, True)
