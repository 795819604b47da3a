"""Changes made by code to a project that keep its behaviour or whose kind is plain: the clean diffs of the
review family and the staged changes of the commit family.

Each change is the files it rewrites or adds (path to new text). Clean: a local variable renamed, a
function renamed everywhere (tests too), a returned expression put in a named variable first, a usage
section added to the README. Commit kinds: docs (that README section), test (a test file pinning the
project's constants, values read from the code), feat (a new public function over an existing one), build
(a pinned tool's version bumped), refactor (a function renamed everywhere), fix (a mutant's file put back,
made in tasks.py from the mutation operators).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass

from devtools.eval.mutations import Edit, apply, blank_javascript, defined_names
from devtools.eval.projects import Project

# Names a rename gives, so a renamed function or variable reads as a person would name it.
RENAMES = {
    "total": "sum_prices", "average": "mean_price", "checkout": "final_price", "shipping": "shipping_fee",
    "low": "below_restock", "reorder": "order_size", "summary": "restock_lines", "transfer": "move_money",
    "render": "format_item", "page_of": "page_lines", "prepare": "compose", "backoff": "retry_wait",
    "format_message": "fit_to_channel", "truncate": "cutSlug", "countWords": "wordCount", "preview": "teaser",
    "result": "running_total", "amount": "running_sum", "lines": "rows", "level": "threshold",
    "missing": "shortfall", "have": "on_hand", "left": "remaining", "body": "content", "waits": "delays",
    "numbered": "listed", "ranked": "by_price", "moved": "closing_balance", "parts": "pieces", "shown": "visible",
    "cut": "head", "candidate": "attempt", "count": "separators", "file": "list_file", "start": "first",
}


@dataclass(frozen=True)
class Change:
    """Files rewritten or added by one change, and what kind of change it is."""

    project: str
    kind: str
    what: str
    files: dict[str, str]

    @property
    def key(self) -> str:
        return f"{self.project}:{self.kind}:{self.what}"


def _is_public_function(node: ast.stmt) -> bool:
    return isinstance(node, ast.FunctionDef) and not node.name.startswith("_")


def _positions_of(tree: ast.AST, name: str) -> list[tuple[int, int, int]]:
    """Where `name` appears as a function, a name, an attribute of an imported module or an import in a tree:
    (line, column, length)."""
    imported = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
                for alias in node.names}
    found: list[tuple[int, int, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            found.append((node.lineno, node.col_offset + len("def "), len(name)))
        elif isinstance(node, ast.Name) and node.id == name:
            found.append((node.lineno, node.col_offset, len(name)))
        elif (isinstance(node, ast.Attribute) and node.attr == name and node.end_col_offset is not None
              and isinstance(node.value, ast.Name) and node.value.id in imported):
            found.append((node.end_lineno or node.lineno, node.end_col_offset - len(name), len(name)))
        elif isinstance(node, ast.alias) and node.name == name:
            found.append((node.lineno, node.col_offset, len(name)))
    return found


def _rename_in(text: str, positions: list[tuple[int, int, int]], new: str) -> str:
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return apply(text, [Edit(starts[line - 1] + column, starts[line - 1] + column + length, new)
                        for line, column, length in positions])


def function_renames(project: Project) -> list[Change]:
    """A public function renamed in every file that names it, tests included."""
    changes: list[Change] = []
    defined = defined_names(project)
    for old, new in RENAMES.items():
        if old not in defined or new in defined:
            continue
        files: dict[str, str] = {}
        for path, text in project.files.items():
            if project.language == "python" and path.endswith(".py"):
                renamed = _rename_in(text, _positions_of(ast.parse(text), old), new)
            elif project.language == "javascript" and path.endswith(".js"):
                renamed = _rename_javascript(text, old, new, 0, len(text), properties=True)
            else:
                continue
            if renamed != text:
                files[path] = renamed
        if files:
            changes.append(Change(project.name, "rename function", f"{old} to {new}", files))
    return changes


def _rename_javascript(text: str, old: str, new: str, start: int, end: int, properties: bool = False) -> str:
    """`old` renamed `new` between `start` and `end`, outside strings and comments; as a property too
    (`slugs.old`, an export's shorthand) when `properties`."""
    before = r"(?<![\w$])" if properties else r"(?<![\w.$])"
    code = blank_javascript(text)
    return apply(text, [Edit(match.start(), match.end(), new)
                        for match in re.finditer(rf"{before}{re.escape(old)}\b", code) if start <= match.start() < end])


def local_renames(project: Project) -> list[Change]:
    """A local variable of one function renamed wherever that function uses it."""
    changes: list[Change] = []
    for path in project.sources:
        text = project.files[path]
        if project.language == "python":
            for function in [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.FunctionDef)]:
                params = {arg.arg for arg in function.args.args}
                for old, new in RENAMES.items():
                    assigned = any(isinstance(n, ast.Name) and n.id == old and isinstance(n.ctx, ast.Store)
                                   for n in ast.walk(function))
                    used = {n.id for n in ast.walk(function) if isinstance(n, ast.Name)}
                    if assigned and old not in params and new not in used:
                        positions = [(n.lineno, n.col_offset, len(old)) for n in ast.walk(function)
                                     if isinstance(n, ast.Name) and n.id == old]
                        changes.append(Change(project.name, "rename variable", f"{old} in {function.name}",
                                              {path: _rename_in(text, positions, new)}))
        else:
            code = blank_javascript(text)
            for header in re.finditer(r"^function (\w+)\(.*\) \{$", code, re.MULTILINE):
                end = code.find("\n}\n", header.end())
                body = code[header.end():end]
                for old in re.findall(r"\b(?:let|const) (\w+)", body):
                    new = RENAMES.get(old, "")
                    if new and new not in body:
                        changes.append(Change(project.name, "rename variable", f"{old} in {header.group(1)}",
                                              {path: _rename_javascript(text, old, new, header.end(), end)}))
    return changes


def extracted_returns(project: Project) -> list[Change]:
    """`return EXPRESSION` on one line becomes `NAME = EXPRESSION` then `return NAME` (Python)."""
    if project.language != "python":
        return []
    changes: list[Change] = []
    for path in project.sources:
        text = project.files[path]
        lines = text.splitlines(keepends=True)
        for function in [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.FunctionDef)]:
            used = {n.id for n in ast.walk(function) if isinstance(n, ast.Name)}
            name = next((n for n in ("value", "answer", "outcome") if n not in used), "")
            for node in function.body:
                one_line = node.lineno == node.end_lineno
                if (isinstance(node, ast.Return) and node.value is not None and one_line and name
                        and not isinstance(node.value, ast.Name | ast.Constant)):
                    line = lines[node.lineno - 1]
                    indent = line[: len(line) - len(line.lstrip())]
                    expression = line.strip()[len("return "):]
                    new = f"{indent}{name} = {expression}\n{indent}return {name}\n"
                    changed = "".join(lines[: node.lineno - 1]) + new + "".join(lines[node.lineno:])
                    changes.append(Change(project.name, "extract variable", f"in {function.name}", {path: changed}))
    return changes


def _python_summaries(project: Project) -> list[str]:
    rows = []
    for path in project.sources:
        for node in ast.parse(project.files[path]).body:
            if _is_public_function(node) and isinstance(node, ast.FunctionDef):
                doc = (ast.get_docstring(node) or "").split("\n")[0]
                module = path[: -len(".py")].replace("/", ".")
                rows.append(f"- `{module}.{node.name}`" + (f": {doc}" if doc else ""))
    return rows


def readme_usage(project: Project) -> list[Change]:
    """A usage section at the end of the README, listing the public functions (docs only)."""
    if project.language == "python":
        rows = _python_summaries(project)
    else:
        code = "\n".join(blank_javascript(project.files[path]) for path in project.sources)
        rows = [f"- `{name}({params})`" for name, params in re.findall(r"^function (\w+)\(([^)]*)\)", code, re.M)]
    readme = project.files.get("README.md", f"# {project.name}\n")
    text = readme.rstrip("\n") + "\n\n## Usage\n\nThe functions to call:\n\n" + "\n".join(rows) + "\n"
    return [Change(project.name, "docs", "a usage section in README.md", {"README.md": text})]


def constant_tests(project: Project) -> list[Change]:
    """A new test file pinning the values of the project's module constants (a tests-only change)."""
    if project.language == "javascript":
        names = re.findall(r"^const ([A-Z][A-Z0-9_]*) = (\d+);", project.files["slugs.js"], re.M)
        exported = [(name, value) for name, value in names if re.search(rf"exports = \{{[^}}]*\b{name}\b",
                                                                         project.files["slugs.js"])]
        body = "".join(f"\ntest('{name} is {value}', () => {{\n  assert.equal(slugs.{name}, {value});\n}});\n"
                       for name, value in exported)
        text = ("'use strict';\nconst test = require('node:test');\nconst assert = require('node:assert/strict');\n"
                f"const slugs = require('../slugs.js');\n{body}")
        return [Change(project.name, "test", "tests of the constants", {"test/constants.test.js": text})]
    folder = "tests/" if any(path.startswith("tests/") for path in project.tests) else ""
    imports, checks = [], []
    for path in project.sources:
        tree = ast.parse(project.files[path])
        module = path[: -len(".py")].replace("/", ".")
        for node in tree.body:
            if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and node.targets[0].id.isupper()
                    and isinstance(node.value, ast.Constant)):
                name = node.targets[0].id
                imports.append(f"import {module}")
                checks.append(f"\n\ndef test_{name.lower()}():\n    assert {module}.{name} == {node.value.value!r}\n")
    text = "\n".join(dict.fromkeys(imports)) + "\n" + "".join(checks)
    return [Change(project.name, "test", "tests of the constants", {f"{folder}test_constants.py": text})]


def new_functions(project: Project) -> list[Change]:
    """A new public function that applies an existing one-argument function to each of a list (a feature)."""
    changes: list[Change] = []
    for path in project.sources:
        text = project.files[path]
        if project.language == "python":
            for node in ast.parse(text).body:
                if (isinstance(node, ast.FunctionDef) and _is_public_function(node) and len(node.args.args) == 1
                        and ast.get_docstring(node) and node.name != "main"):
                    name = f"{node.name}_each"
                    added = (f'\n\ndef {name}(values):\n    """`{node.name}` of each of `values`, in order."""\n'
                             f"    return [{node.name}(value) for value in values]\n")
                    changes.append(Change(project.name, "feat", name, {path: text.rstrip("\n") + "\n" + added}))
        else:
            for name, _ in re.findall(r"^function (\w+)\((\w+)\) \{$", blank_javascript(text), re.M):
                new = f"{name}Each"
                function = f"function {new}(values) {{\n  return values.map((value) => {name}(value));\n}}\n\n"
                changed = text.replace("module.exports = {", function + "module.exports = {", 1)
                changed = re.sub(r"(module\.exports = \{[^}]*?) \};", rf"\1, {new} }};", changed)
                changes.append(Change(project.name, "feat", new, {path: changed}))
    return changes


def build_bumps(project: Project) -> list[Change]:
    """A pinned tool's version raised in the build file."""
    if project.language == "javascript":
        package = json.loads(project.files["package.json"])
        package["devDependencies"]["eslint"] = "^9.0.0"
        return [Change(project.name, "build", "eslint to 9", {"package.json": json.dumps(package, indent=2) + "\n"})]
    text = project.files["requirements-dev.txt"]
    return [Change(project.name, "build", "pytest to 8.3.2",
                   {"requirements-dev.txt": re.sub(r"pytest==[\d.]+", "pytest==8.3.2", text)})]


def clean_changes(project: Project) -> list[Change]:
    """The changes that keep the project's behaviour, for the review family's clean diffs."""
    return [*local_renames(project), *function_renames(project), *extracted_returns(project),
            *readme_usage(project)]
