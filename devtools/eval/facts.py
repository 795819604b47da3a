"""The facts the question family asks about, found in a project's Python code and answered from it.

Three kinds, each one hop from where the question points: a constant that a function uses but another module
defines (its value is there); an environment variable's default (the literal, or the module constant it
names); and a call chain (a function reaches exactly one function of a third module through a second). The
answer is read from the code with `ast`, never written down, so a change to a project changes its answers.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from devtools.eval.projects import Project

SIMPLE_VALUES = (int, float, str)


@dataclass(frozen=True)
class Fact:
    project: str
    kind: str
    """"constant", "environment" or "call chain"."""
    question: str
    answer: str
    named_files: tuple[str, ...]
    """The files the question names (the ones a person would add to a chat about it)."""
    subject: str
    """What is asked about: the constant, the variable, or the function the chain starts from."""

    @property
    def key(self) -> str:
        return f"{self.project}:{self.kind}:{self.subject}"


def _module_path(project: Project, dotted: str) -> str | None:
    path = dotted.replace(".", "/") + ".py"
    return path if path in project.files else None


def _constants(tree: ast.Module) -> dict[str, object]:
    """The module-level NAME = literal assignments of a module."""
    found: dict[str, object] = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant) and type(node.value.value) in SIMPLE_VALUES):
            found[node.targets[0].id] = node.value.value
    return found


def _imports(project: Project, tree: ast.Module) -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
    """The project modules imported whole (local name to path) and the names imported from them (local name
    to (path, name))."""
    modules: dict[str, str] = {}
    names: dict[str, tuple[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                whole = _module_path(project, f"{node.module}.{alias.name}")
                if whole:
                    modules[alias.asname or alias.name] = whole
                elif (source := _module_path(project, node.module)) is not None:
                    names[alias.asname or alias.name] = (source, alias.name)
    return modules, names


def _functions(tree: ast.Module) -> list[ast.FunctionDef]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]


def facts(project: Project) -> list[Fact]:
    """Every fact of the project's Python sources, in file order."""
    if project.language != "python":
        return []
    trees = {path: ast.parse(project.files[path]) for path in project.sources}
    found: list[Fact] = []
    for path, tree in trees.items():
        found += _constant_facts(project, path, tree, trees)
        found += _environment_facts(project, path, tree)
        found += _chain_facts(project, path, tree, trees)
    return [fact for fact in found if _fair(fact, project)]


def _fair(fact: Fact, project: Project) -> bool:
    """A fact is asked only when its answer is not in the question and is long enough to judge by."""
    return len(fact.answer) >= 2 and fact.answer.lower() not in fact.question.lower()


def _constant_facts(project: Project, path: str, tree: ast.Module, trees: dict[str, ast.Module]) -> list[Fact]:
    modules, names = _imports(project, tree)
    found: list[Fact] = []
    asked: set[str] = set()
    for function in _functions(tree):
        for node in ast.walk(function):
            source, name = None, ""
            if isinstance(node, ast.Name) and node.id in names:
                source, name = names[node.id]
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
                source, name = modules[node.value.id], node.attr
            if source is None or not name.isupper() or name in asked:
                continue
            value = _constants(trees[source]).get(name)
            if value is None:
                continue
            asked.add(name)
            question = (f"`{function.name}` in {path} uses {name}. What is its value? Read the code to find out, "
                        "then answer with the value.")
            found.append(Fact(project.name, "constant", question, str(value), (path,), name))
    return found


def _environment_facts(project: Project, path: str, tree: ast.Module) -> list[Fact]:
    constants = _constants(tree)
    found: list[Fact] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and len(node.args) == 2
                and node.func.attr in ("get", "getenv") and isinstance(node.args[0], ast.Constant)):
            continue
        variable, default = str(node.args[0].value), node.args[1]
        if isinstance(default, ast.Constant) and type(default.value) in SIMPLE_VALUES:
            value: object = default.value
        elif isinstance(default, ast.Name) and default.id in constants:
            value = constants[default.id]
        else:
            continue
        question = (f"What value does this project use for the environment variable {variable} when it is not "
                    "set? Read the code to find out, then answer with the value.")
        found.append(Fact(project.name, "environment", question, str(value), (), variable))
    return found


def _calls(function: ast.FunctionDef, path: str, modules: dict[str, str],
           names: dict[str, tuple[str, str]]) -> set[tuple[str, str]]:
    """The project functions a function calls, as (module path, function name)."""
    called: set[tuple[str, str]] = set()
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
                and node.func.value.id in modules:
            called.add((modules[node.func.value.id], node.func.attr))
        elif isinstance(node.func, ast.Name) and node.func.id in names:
            called.add(names[node.func.id])
    return called


def _call_graph(project: Project, trees: dict[str, ast.Module]) -> dict[tuple[str, str], set[tuple[str, str]]]:
    graph: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for path, tree in trees.items():
        modules, names = _imports(project, tree)
        for function in _functions(tree):
            graph[(path, function.name)] = _calls(function, path, modules, names)
    return graph


def _chain_facts(project: Project, path: str, tree: ast.Module, trees: dict[str, ast.Module]) -> list[Fact]:
    graph = _call_graph(project, trees)
    found: list[Fact] = []
    for function in _functions(tree):
        direct = graph.get((path, function.name), set())
        by_module: dict[str, set[str]] = {}
        for middle in direct:
            for target in graph.get(middle, set()):
                if target[0] not in (path, middle[0]) and target not in direct:
                    by_module.setdefault(target[0], set()).add(target[1])
        for module, targets in sorted(by_module.items()):
            through = sorted({middle[0] for middle in direct if any(t[0] == module for t in graph.get(middle, ()))})
            if len(targets) != 1 or len(through) != 1:
                continue
            question = (f"When `{function.name}` in {path} runs, which function of {module} does it end up "
                        f"calling through {through[0]}? Read the code to find out, then answer with the "
                        "function's name.")
            found.append(Fact(project.name, "call chain", question, next(iter(targets)), (path, through[0]),
                              f"{function.name} to {module}"))
    return found
