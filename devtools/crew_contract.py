"""An import-linter contract for the crews' rule, which the built-in contract types cannot express:

- in `orkeon_engine.crews.<name>`, every module but the use case is pure: it imports `orkeon_engine.domain`
  and its own crew's pure modules only, and no I/O library. The use case is `run`, and, for a crew whose
  use case is cut by step, the `run_<step>` modules beside it (crews/main_loop/run_prompt.py...);
- outside its own folder, a crew is reached through `orkeon_engine.crews.<name>.run` only (a command never
  imports a crew's prompts, parsers or steps directly).
"""

from __future__ import annotations

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck

IMPURE_EXTERNALS = {
    "asyncio", "subprocess", "sqlite3", "sqlean", "sqlite_vec", "numpy", "socket", "threading", "shutil",
    "tempfile", "litellm", "git", "tree_sitter", "jedi", "pygls", "lsprotocol",
}


class CrewPurityContract(Contract):
    type_name = "crew_purity"

    crews_package = fields.StringField()
    pure_packages = fields.ListField(subfield=fields.StringField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        crews = str(self.crews_package)
        pure = [str(p) for p in self.pure_packages]  # type: ignore[attr-defined]
        violations: list[str] = []
        for module in sorted(graph.modules):
            parts = module.split(".")
            for imported in sorted(graph.find_modules_directly_imported_by(module)):
                problem = _problem(crews, pure, parts, imported)
                if problem:
                    violations.append(f"{module} -> {imported}: {problem}")
        return ContractCheck(kept=not violations, warnings=None, metadata={"violations": violations})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for line in check.metadata["violations"]:
            output.print_error(line, bold=False)
            output.new_line()


def _problem(crews: str, pure: list[str], importer: list[str], imported: str) -> str:
    crew_depth = len(crews.split("."))
    target = imported.split(".")
    in_crew = importer[:crew_depth] == crews.split(".") and len(importer) > crew_depth + 1
    if in_crew and not _is_use_case(importer[crew_depth + 1]):
        own = importer[: crew_depth + 1]
        if target[: crew_depth + 1] == own:
            if len(target) > crew_depth + 1 and _is_use_case(target[crew_depth + 1]):
                return "a pure crew module imports its run.py"
            return ""
        if any(imported == p or imported.startswith(p + ".") for p in pure):
            return ""
        if target[0] in IMPURE_EXTERNALS:
            return "a pure crew module imports an I/O library"
        if target[0] in ("orkeon_engine", "orkeon_lsp"):
            return "a pure crew module imports outside domain and its own crew"
        return ""
    targets_crew_internals = (
        target[:crew_depth] == crews.split(".")
        and len(target) > crew_depth + 1
        and target[crew_depth + 1] != "run"
    )
    if targets_crew_internals and importer[: crew_depth + 1] != target[: crew_depth + 1]:
        return "reach a crew through its run.py only"
    return ""


def _is_use_case(name: str) -> bool:
    """Whether a crew's module is its use case: `run`, or one of the `run_<step>` modules it is cut into."""
    return name == "run" or name.startswith("run_")
