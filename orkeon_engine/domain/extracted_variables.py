"""Extracted variables put back: `NAME = EXPR` followed at once by a statement that reads `NAME` first is read
as that statement with `EXPR` in `NAME`'s place, so the refactoring "extract variable" (or its inverse,
"inline variable") is proven not to change behaviour when the two trees are then the same (python_neutral.py).

The rewrite holds only when nothing can tell the two apart:
- `NAME = EXPR` is a plain assignment to one name, a statement of a function body (python_neutral checks,
  by `symtable`, that `NAME` is a local there: never a parameter, a global, a nonlocal or a class or module
  name, never a builtin, and absent from the old file), and the whole file says `NAME` exactly twice: that
  store and one read;
- the read is in the statement right after it, in the same block, and it is the FIRST thing that statement
  evaluates: the statement is `return NAME...`, `TARGET = NAME...` (plain names as targets), an expression
  statement or an `if` test, and `NAME` is reached from its value by the left-most operand of each
  operation (`NAME.attr`, `NAME(args)`, `NAME[i]`, `NAME + x`, `NAME and x`, `NAME < x`, `not NAME`,
  `await NAME`, `yield NAME`). Nothing else is evaluated between `EXPR` and the read, and the read is never
  under a lambda, a comprehension, a loop or a short-circuited operand, so `EXPR` is evaluated once, at the
  same moment, either way;
- the file never reads variables by name (`locals()`, `vars()`, `eval`, `exec`, a frame: python_neutral).
Anything else is left as it is (not proven).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_BLOCK_FIELDS = ("body", "orelse", "finalbody")


def inline_extracted(tree: ast.Module, said: Mapping[str, int], eligible: Callable[[str], bool]) -> tuple[str, ...]:
    """Rewrite `tree` in place, putting back each extracted variable of its functions (see the module); `said`
    counts each identifier of the whole file, `eligible(name)` says whether a name may be one (a plain local
    absent from the old file). The names put back, in order."""
    inlined: list[str] = []
    for function in [node for node in ast.walk(tree) if isinstance(node, _FUNCTIONS)]:
        for block in _blocks(function):
            inlined.extend(_inline_block(block, said, eligible))
    return tuple(inlined)


def _blocks(function: ast.AST) -> list[list[ast.stmt]]:
    """The statement lists of `function`'s body, nested blocks included, not those of nested functions or
    classes (their own walk finds them)."""
    blocks: list[list[ast.stmt]] = []
    pending: list[ast.AST] = [function]
    while pending:
        node = pending.pop()
        for field in _BLOCK_FIELDS:
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                blocks.append(block)
                pending.extend(statement for statement in block
                               if not isinstance(statement, (*_FUNCTIONS, ast.ClassDef)))
        pending.extend(getattr(node, "handlers", None) or [])
        pending.extend(getattr(node, "cases", None) or [])
    return blocks


Slot = tuple[object, str | int]
"""Where an expression sits: (node, field) or (list, index)."""


def _inline_block(block: list[ast.stmt], said: Mapping[str, int], eligible: Callable[[str], bool]) -> list[str]:
    inlined = []
    index = 0
    while index + 1 < len(block):
        first, second = block[index], block[index + 1]
        name = _extracted(first)
        slot = _first_read(second) if name and said.get(name) == 2 and eligible(name) else None
        if slot is not None and isinstance(first, ast.Assign):
            read = _get(slot)
            if isinstance(read, ast.Name) and read.id == name:
                _set(slot, first.value)
                del block[index]
                inlined.append(name)
                continue
        index += 1
    return inlined


def _extracted(statement: ast.stmt) -> str:
    """`NAME` when the statement is `NAME = EXPR`, one plain name its only target."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
            and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id
    return ""


def _first_read(statement: ast.stmt) -> Slot | None:
    """Where the name the statement evaluates first sits, followed down the left-most operands; None when
    the statement is not one of those the module lists, or it evaluates something else first."""
    slot: Slot
    plain_targets = isinstance(statement, ast.Assign) and all(isinstance(t, ast.Name) for t in statement.targets)
    if (isinstance(statement, ast.Return) and statement.value is not None) or plain_targets \
            or isinstance(statement, ast.Expr):
        slot = (statement, "value")
    elif isinstance(statement, ast.If):
        slot = (statement, "test")
    else:
        return None
    while True:
        node = _get(slot)
        if isinstance(node, ast.Name):
            return slot
        inner = _left_most(node)
        if inner is None:
            return None
        slot = inner


def _left_most(node: object) -> Slot | None:
    """Where the operand `node` evaluates before anything else sits."""
    if isinstance(node, (ast.BinOp, ast.Compare)):
        return node, "left"
    if isinstance(node, (ast.Attribute, ast.Subscript, ast.Await)):
        return node, "value"
    if isinstance(node, ast.Yield) and node.value is not None:
        return node, "value"
    if isinstance(node, ast.Call):
        return node, "func"
    if isinstance(node, ast.UnaryOp):
        return node, "operand"
    if isinstance(node, ast.BoolOp):
        return node.values, 0
    return None


def _get(slot: Slot) -> object:
    holder, key = slot
    return holder[key] if isinstance(holder, list) and isinstance(key, int) else getattr(holder, str(key))


def _set(slot: Slot, value: ast.expr) -> None:
    holder, key = slot
    if isinstance(holder, list) and isinstance(key, int):
        holder[key] = value
    else:
        setattr(holder, str(key), value)
