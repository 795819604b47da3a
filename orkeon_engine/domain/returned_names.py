"""A value named only to be returned at once, put back in its return: `v = EXPR` then `return v` reads as
`return EXPR`, so the refactoring that introduces (or removes) such a name is proven not to change behaviour.

The rewrite holds only when `v` is a plain local variable of that function (python_neutral's `only_local`:
never a parameter, a global or a module or class name), is said nowhere else in the function (exactly its
store and its load), and the two statements follow each other in one block.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_BLOCKS = ("body", "orelse", "finalbody")


def inline_returned(tree: ast.Module, only_local: Callable[[str], bool]) -> int:
    """Rewrite, in place, every `v = EXPR; return v` of a function of `tree` into `return EXPR` where `v` is
    only a local (`only_local`) said twice in its function; the count of rewrites."""
    rewrites = 0
    for function in [node for node in ast.walk(tree) if isinstance(node, _FUNCTIONS)]:
        said: dict[str, int] = {}
        for node in ast.walk(function):
            if isinstance(node, ast.Name):
                said[node.id] = said.get(node.id, 0) + 1
        for block in _blocks(function):
            rewrites += _inline_block(block, said, only_local)
    return rewrites


def _blocks(function: ast.AST) -> list[list[ast.stmt]]:
    """The statement lists inside `function`, not those of the functions and classes nested in it."""
    blocks: list[list[ast.stmt]] = []
    pending: list[ast.AST] = [function]
    while pending:
        node = pending.pop()
        for name in _BLOCKS:
            block = getattr(node, name, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                blocks.append(block)
                pending.extend(statement for statement in block
                               if not isinstance(statement, (*_FUNCTIONS, ast.ClassDef)))
        for handler in getattr(node, "handlers", []) or []:
            pending.append(handler)
        for case in getattr(node, "cases", []) or []:
            pending.append(case)
    return blocks


def _inline_block(block: list[ast.stmt], said: dict[str, int], only_local: Callable[[str], bool]) -> int:
    rewrites = 0
    index = 0
    while index + 1 < len(block):
        first, second = block[index], block[index + 1]
        name = _named(first)
        if name and isinstance(second, ast.Return) and isinstance(second.value, ast.Name) \
                and second.value.id == name and said.get(name) == 2 and only_local(name):
            assert isinstance(first, ast.Assign)
            block[index:index + 2] = [ast.Return(value=first.value)]
            rewrites += 1
        index += 1
    return rewrites


def _named(statement: ast.stmt) -> str:
    """`v` when the statement is `v = EXPR` with one plain name as its only target."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
            and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id
    return ""
