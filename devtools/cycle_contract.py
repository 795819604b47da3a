"""An import-linter contract that no module of the given packages imports itself back, through any chain of
imports: no import circle, whatever its length (import-linter's `acyclic_siblings` compares packages, not
modules, and the layers allow services and tools to import each other).

Every import grimp sees counts, those under `if TYPE_CHECKING:` and inside functions too: a circle that
only the type checker walks is still two modules that cannot be read, tested or moved one without the
other. A broken contract names each circle's modules and the import lines that close it; a circle is cut by
moving the shared type down into a module both import, or by a protocol the lower side defines
(docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


class NoCyclesContract(Contract):
    type_name = "no_cycles"

    packages = fields.ListField(subfield=fields.StringField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        packages = [str(p) for p in self.packages]  # type: ignore[attr-defined]
        inside = {m for m in graph.modules if any(m == p or m.startswith(p + ".") for p in packages)}
        imports = {m: {i for i in graph.find_modules_directly_imported_by(m) if i in inside} for m in inside}
        lines = []
        for circle in circles(imports):
            lines.append("a circle: " + ", ".join(circle))
            for importer, imported in _edges(circle, imports):
                for detail in graph.get_import_details(importer=importer, imported=imported):
                    lines.append(f"  {importer}:{detail['line_number']} {detail['line_contents']}")
        return ContractCheck(kept=not lines, warnings=None, metadata={"lines": lines})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for line in check.metadata["lines"]:
            output.print_error(line, bold=False)
            output.new_line()


def circles(imports: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The import circles of `imports` (each module to the modules it imports): the strongly connected parts
    of more than one module, or of one that imports itself, each sorted, in sorted order (Tarjan's method,
    without recursion: the engine's chains are deep)."""
    graph = {module: sorted(set(targets)) for module, targets in imports.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(root: str) -> None:
        work: list[tuple[str, int]] = [(root, 0)]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, next_edge = work[-1]
            targets = graph.get(module, [])
            if next_edge < len(targets):
                work[-1] = (module, next_edge + 1)
                target = targets[next_edge]
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, 0))
                elif target in on_stack:
                    low[module] = min(low[module], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                part = _pop_part(stack, on_stack, module)
                if len(part) > 1 or module in graph.get(module, []):
                    found.append(sorted(part))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def _pop_part(stack: list[str], on_stack: set[str], last: str) -> list[str]:
    part = []
    while True:
        module = stack.pop()
        on_stack.discard(module)
        part.append(module)
        if module == last:
            return part


def _edges(circle: list[str], imports: Mapping[str, Iterable[str]]) -> list[tuple[str, str]]:
    members = set(circle)
    return [(m, i) for m in circle for i in sorted(set(imports.get(m, ()))) if i in members]
