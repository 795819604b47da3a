"""A whole-file block against the file it would replace: the file's new text, the definitions it rewrites
spliced in, or why it is not written.

A block a reply wrote under a file's path (text_edits.py) is most often the whole file, and sometimes
only the part that changed: the function rewritten, under the file's name. Written as it is, such a part
would wipe out the rest. So before the gate sees it (`judge_block`):

- a new file, or a tiny one (TINY_LINES lines or fewer), takes the block as it is;
- a Python file whose block parses and keeps most of its top-level names (definitions, classes, imports,
  assignments: at most a fifth left out), or any other file whose block keeps most of its lines (KEPT_LINES),
  is taken to be rewritten whole;
- else, in Python, the block's definitions replace the file's of the same name (a class the block gives in
  part has its methods replaced one by one; a function taking `self` or `cls` written alone replaces the one
  method of its name), a definition the file lacks is added at its end and an import
  it lacks after its imports; a top-level assignment to one name (`LIMIT = 10`) that the file makes once at
  its top level replaces the file's: the rest of the file stays as it was (`spliced` in definition_rewrite.py);
- else, in a brace language (JavaScript, TypeScript, Go, Rust), the block's top-level definitions replace the
  file's of the same name in the same way, one the file lacks added at its end (brace_definitions.py);
- else nothing is written, and the model is told how to write part of a file (search/replace blocks).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from orkeon_engine.domain.model_replies.brace_definitions import BRACE_SUFFIXES, brace_spliced
from orkeon_engine.domain.tools.definition_rewrite import (
    PYTHON_SUFFIXES,
    Located,
    dedent,
    definitions_in,
    locate,
    parses,
    spliced,
)

TINY_LINES = 10
KEPT_NAMES = 0.8
"""The share of a Python file's top-level names a block must keep to be taken as the whole file."""
KEPT_LINES = 0.6
"""The share of another file's distinct lines a block must keep to be taken as the whole file."""


@dataclass(frozen=True)
class Judged:
    """What is written for a block (`content`), or why nothing is (`refusal`); `spliced` says the block was
    taken as the definitions it rewrites, naming them."""

    content: str | None
    refusal: str = ""
    spliced: tuple[str, ...] = ()


def judge_block(path: str, before: str | None, block: str) -> Judged:
    """The text to write at `path` (now `before`, None when it does not exist) for a whole-file block, by the
    module's rule. Never raises."""
    if before is None or len(before.splitlines()) <= TINY_LINES or before == block:
        return Judged(block)
    if path.endswith(PYTHON_SUFFIXES) and parses(block) is not None and parses(dedent(block)) is None:
        block = dedent(block)  # a method written alone keeps its class's indent
    python = path.endswith(PYTHON_SUFFIXES) and parses(before) is None and parses(block) is None
    try:
        if python and _keeps_names(before, block) or not python and _keeps_lines(before, block):
            return Judged(block)
        merged = _merged(before, block) if python else _brace_merged(path, before, block)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        merged = None
    if merged is not None:
        return Judged(merged[0], spliced=merged[1])
    return Judged(None, _refusal(path, before, block))


def _brace_merged(path: str, before: str, block: str) -> tuple[str, tuple[str, ...]] | None:
    return brace_spliced(before, block, path.endswith(".rs")) if path.endswith(BRACE_SUFFIXES) else None


def spliced_note(path: str, names: tuple[str, ...]) -> str:
    """What the model is told beside the result when its block was taken as the definitions it rewrites."""
    return (f"The block under {path} was not the whole file, so only {', '.join(names)} replaced the file's own; "
            "the rest of the file is as it was.")


def _refusal(path: str, before: str, block: str) -> str:
    held, has = len(block.splitlines()), len(before.splitlines())
    return (f"{path} is unchanged: the block under it holds {held} line{'' if held == 1 else 's'} and the file "
            f"has {has}, so it is not the whole file, and writing it would lose the rest. To change "
            "part of a file, write search/replace blocks under its path:\n"
            f"{path}\n<<<<<<< SEARCH\n(the lines as the file has them)\n=======\n(their new text)\n"
            ">>>>>>> REPLACE\nor give the whole file under its path.")


def _keeps_names(before: str, block: str) -> bool:
    old, new = _top_names(before), _top_names(block)
    if not old:
        return _keeps_lines(before, block)
    return len(old - new) <= (1 - KEPT_NAMES) * len(old)


def _keeps_lines(before: str, block: str) -> bool:
    old = {line.strip() for line in before.splitlines() if line.strip()}
    new = {line.strip() for line in block.splitlines() if line.strip()}
    return not old or len(old & new) >= KEPT_LINES * len(old)


def _top_names(source: str) -> set[str]:
    """The names a module's top level binds (definitions, classes, imports, assignments)."""
    names: set[str] = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(target.id for target in targets if isinstance(target, ast.Name))
    return names


def _merged(before: str, block: str) -> tuple[str, tuple[str, ...]] | None:
    """`before` with the block's top-level definitions (and imports) put in, and the names replaced or added;
    None when the block gives no definition of the file's, or one that cannot be placed."""
    known = definitions_in(before)
    existing = {each.name for each in known}
    module = ast.parse(block)
    tops = [each for each in definitions_in(block) if "." not in each.name]
    nodes = {each.name: next(n for n in module.body if getattr(n, "name", None) == each.name) for each in tops}
    homes = {name: home for name, node in nodes.items()
             if name not in existing and (home := _method_home(known, node)) is not None}
    source, done = _assignments_spliced(before, block, module)
    if not done and not any(each.name in existing or each.name in homes for each in tops):
        return None
    for each in tops:
        text = dedent(each.text(block))
        node = nodes[each.name]
        if each.name in homes:  # a method written alone, out of its class
            place = locate(source, homes[each.name])
            if isinstance(place, str):
                return None
            source = spliced(source, place, text)
        elif each.name not in existing:
            source = source.rstrip("\n") + "\n\n\n" + text.rstrip("\n") + "\n"
        elif isinstance(node, ast.ClassDef) and not _whole_class(before, block, each.name):
            members = _members_spliced(source, block, each.name)
            if members is None:
                return None
            source = members
        else:
            found = locate(source, each.name)
            if isinstance(found, str):
                return None
            source = spliced(source, found, text)
        done.append(each.name)
    source = _with_imports(source, module)
    return (source, tuple(done)) if parses(source) is None else None


def _method_home(found: list[Located], node: ast.stmt) -> str | None:
    """The dotted name of the one method a function written alone at the block's top level stands for: it takes
    `self` or `cls` first, and exactly one class of the file has a method of its name (a model asked for the
    function it changes often writes the method without its class)."""
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or not node.args.args:
        return None
    if node.args.args[0].arg not in ("self", "cls"):
        return None
    same = [each.name for each in found if each.name.count(".") == 1 and each.name.endswith("." + node.name)]
    return same[0] if len(same) == 1 else None


def _assignments_spliced(before: str, block: str, module: ast.Module) -> tuple[str, list[str]]:
    """`before` with each of the block's top-level assignments to one name put in place of the file's own, when
    the file assigns that name once at its top level; and the names whose text so changed."""
    source, done = before, []
    block_lines = block.split("\n")
    for node in module.body:
        name = _assigned_name(node)
        if name is None:
            continue
        ours = [each for each in ast.parse(source).body if _assigned_name(each) == name]
        if len(ours) != 1:
            continue
        text = dedent("\n".join(block_lines[node.lineno - 1:node.end_lineno or node.lineno])).rstrip("\n")
        lines = source.split("\n")
        start, end = ours[0].lineno, ours[0].end_lineno or ours[0].lineno
        if "\n".join(lines[start - 1:end]) != text:
            source = "\n".join([*lines[:start - 1], *text.split("\n"), *lines[end:]])
            done.append(name)
    return source, done


def _assigned_name(node: ast.stmt) -> str | None:
    """The one name a top-level `NAME = value` (or `NAME: type = value`) binds; None for any other statement."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
        return node.target.id
    return None


def _whole_class(before: str, block: str, name: str) -> bool:
    """Whether the block's class defines every member the file's class of that name has."""
    prefix = name + "."
    old = {each.name for each in definitions_in(before) if each.name.startswith(prefix)}
    new = {each.name for each in definitions_in(block) if each.name.startswith(prefix)}
    return old <= new


def _members_spliced(source: str, block: str, name: str) -> str | None:
    """The class's members the block gives, each replacing the file's (one the file lacks cannot be placed)."""
    prefix = name + "."
    for each in definitions_in(block):
        if not each.name.startswith(prefix) or "." in each.name[len(prefix):]:
            continue
        found = locate(source, each.name)
        if isinstance(found, str) or found.name != each.name:
            return None
        source = spliced(source, found, dedent(each.text(block)))
    return source


def _with_imports(source: str, module: ast.Module) -> str:
    """`source` with the block's top-level imports it lacks, after its last import (else at its top)."""
    lines = source.split("\n")
    present = {line.strip() for line in lines}
    wanted = [ast.unparse(node) for node in module.body if isinstance(node, ast.Import | ast.ImportFrom)]
    missing = [line for line in wanted if line not in present]
    if not missing:
        return source
    tree = ast.parse(source)
    imports = [node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]
    at = max((node.end_lineno or node.lineno) for node in imports) if imports else _after_docstring(tree)
    return "\n".join([*lines[:at], *missing, *lines[at:]])


def _after_docstring(tree: ast.Module) -> int:
    first = tree.body[0] if tree.body else None
    docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(
        first.value.value, str)
    return (first.end_lineno or 0) if docstring and first is not None else 0
