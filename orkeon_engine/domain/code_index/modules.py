"""Module names and import resolution: the name a file's symbols are qualified under, and which indexed
file (or Go package folder) an import points at; what no indexed file answers is an external import."""

from __future__ import annotations

import posixpath
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field

from orkeon_engine.domain.code_index.model import FileEntry, ImportRef

_JS_LANGUAGES = frozenset({"javascript", "typescript", "tsx"})
_JS_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")


def _strip_extension(path: str) -> str:
    folder, slash, name = path.rpartition("/")
    stem, dot, _ = name.rpartition(".")
    if not dot or not stem:
        return path
    return folder + slash + stem.removesuffix(".d")


def module_name(path: str, language: str, declared_package: str = "") -> str:
    """The dotted name a file's symbols are qualified under.

    Python: the path without `.py` (a leading `src/` dropped, `__init__` naming its folder); Java: the
    declared package; Go: the folder (a package is a folder), else the declared package; Rust: the path
    under `src/`, `lib.rs` and `main.rs` being `crate`; JavaScript and TypeScript: the path without its
    extension."""
    folder, _, _ = path.rpartition("/")
    if language == "java":
        return declared_package or folder.replace("/", ".")
    if language == "go":
        return folder.replace("/", ".") or declared_package or _strip_extension(path)
    stem = _strip_extension(path)
    if language == "python":
        parts = _after_src(stem).split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        return ".".join(parts) or "__init__"
    if language == "rust":
        crate, _, inside = stem.rpartition("src/") if stem.startswith("src/") or "/src/" in stem else ("", "", stem)
        parts = [p for p in crate.strip("/").split("/") if p] + inside.split("/")
        if parts[-1] in ("mod", "lib", "main"):
            parts = parts[:-1]
        return ".".join(parts) or "crate"
    return stem.replace("/", ".")


def _after_src(stem: str) -> str:
    """A Python path under its source root: what follows the last `src/` folder."""
    if stem.startswith("src/"):
        stem = stem[4:]
    marker = stem.rfind("/src/")
    return stem[marker + 5:] if marker != -1 else stem


def rust_crate(path: str) -> str:
    """The dotted prefix of a Rust file's crate: the folders above its `src/` (empty at the root)."""
    head, found, _ = path.rpartition("src/")
    return head.strip("/").replace("/", ".") if found and (not head or head.endswith("/")) else ""


@dataclass(frozen=True)
class Resolution:
    """Where an import points: an indexed file or package folder (`target`), else the external package
    it names (`external`, with `stdlib` for Python's own modules); both empty for a relative import that
    points at nothing indexed."""

    target: str = ""
    external: str = ""
    stdlib: bool = False


@dataclass
class ModuleTable:
    """The lookups import resolution needs, built once from every indexed file."""

    python: dict[str, str] = field(default_factory=dict)
    rust: dict[str, str] = field(default_factory=dict)
    java_types: dict[str, str] = field(default_factory=dict)
    java_packages: dict[str, str] = field(default_factory=dict)
    go_folders: set[str] = field(default_factory=set)
    paths: set[str] = field(default_factory=set)

    @classmethod
    def build(cls, entries: Iterable[FileEntry]) -> ModuleTable:
        table = cls()
        for entry in entries:
            table.paths.add(entry.path)
            if entry.language == "python":
                table.python.setdefault(entry.module, entry.path)
            elif entry.language == "rust":
                table.rust.setdefault(entry.module, entry.path)
            elif entry.language == "java":
                folder = entry.path.rpartition("/")[0]
                table.java_packages.setdefault(entry.module, folder)
                for symbol in entry.top_level():
                    table.java_types.setdefault(symbol.qualified_name, entry.path)
            elif entry.language == "go":
                table.go_folders.add(entry.path.rpartition("/")[0])
        return table


def resolve_import(entry: FileEntry, ref: ImportRef, table: ModuleTable) -> Resolution:
    """Resolve one import of `entry` against the indexed files."""
    language = entry.language
    if language == "python":
        return _resolve_python(entry, ref, table)
    if language in _JS_LANGUAGES:
        return _resolve_js(entry, ref, table)
    if language == "go":
        return _resolve_go(ref, table)
    if language == "rust":
        return _resolve_rust(entry, ref, table)
    if language == "java":
        return _resolve_java(ref, table)
    return Resolution(external=ref.module)


def _resolve_python(entry: FileEntry, ref: ImportRef, table: ModuleTable) -> Resolution:
    module = ref.module
    if module.startswith("."):
        level = len(module) - len(module.lstrip("."))
        rest = module[level:]
        package = entry.module if entry.path.endswith("__init__.py") else entry.module.rpartition(".")[0]
        parts = package.split(".") if package else []
        if level > 1:
            parts = parts[: len(parts) - (level - 1)]
        base = ".".join([*parts, rest] if rest else parts)
        found = _python_lookup(base, ref.names, table)
        return Resolution(target=found) if found else Resolution()
    found = _python_lookup(module, ref.names, table)
    if found:
        return Resolution(target=found)
    top = module.split(".")[0]
    return Resolution(external=top, stdlib=top in sys.stdlib_module_names)


def _python_lookup(module: str, names: tuple[str, ...], table: ModuleTable) -> str:
    for name in names:
        path = table.python.get(f"{module}.{name}" if module else name)
        if path:
            return path
    candidate = module
    while candidate:
        path = table.python.get(candidate)
        if path:
            return path
        candidate = candidate.rpartition(".")[0]
    return ""


def _resolve_js(entry: FileEntry, ref: ImportRef, table: ModuleTable) -> Resolution:
    spec = ref.module
    if not spec.startswith((".", "/")):
        parts = spec.split("/")
        name = "/".join(parts[:2]) if spec.startswith("@") else parts[0]
        return Resolution(external=name, stdlib=name.startswith("node:"))
    folder = entry.path.rpartition("/")[0]
    joined = posixpath.normpath(posixpath.join(folder, spec)).lstrip("/")
    candidates = [joined, *(joined + ext for ext in _JS_EXTENSIONS),
                  *(f"{joined}/index{ext}" for ext in _JS_EXTENSIONS)]
    if joined.endswith((".js", ".mjs", ".cjs", ".jsx")):
        stem = joined.rpartition(".")[0]
        candidates.extend(stem + ext for ext in (".ts", ".tsx", ".mts", ".cts"))
    for candidate in candidates:
        if candidate in table.paths:
            return Resolution(target=candidate)
    return Resolution()


def _resolve_go(ref: ImportRef, table: ModuleTable) -> Resolution:
    best = ""
    for folder in table.go_folders:
        if folder and (ref.module == folder or ref.module.endswith("/" + folder)) and len(folder) > len(best):
            best = folder
    if best:
        return Resolution(target=best + "/")
    first = ref.module.split("/")[0]
    return Resolution(external=ref.module, stdlib="." not in first)


def _resolve_rust(entry: FileEntry, ref: ImportRef, table: ModuleTable) -> Resolution:
    parts = [p for p in ref.module.split("::") if p and not p.startswith("{")]
    if not parts:
        return Resolution()
    head = parts[0]
    crate = rust_crate(entry.path)
    crate_parts = crate.split(".") if crate else []
    if head == "crate":
        base = crate_parts
        rest = parts[1:]
    elif head in ("self", "super"):
        base = [] if entry.module == "crate" else entry.module.split(".")
        rest = parts[1:]
        if head == "super":
            base = base[:-1] if len(base) > len(crate_parts) else base
    else:
        if table.rust.get(".".join([*crate_parts, head])) is None:
            return Resolution(external=head, stdlib=head in ("std", "core", "alloc"))
        base, rest = crate_parts, parts
    names = [*base, *rest]
    while len(names) > len(crate_parts):
        path = table.rust.get(".".join(names))
        if path:
            return Resolution(target=path)
        names = names[:-1]
    return Resolution()


def _resolve_java(ref: ImportRef, table: ModuleTable) -> Resolution:
    name = ref.module.removesuffix(".*")
    candidate = name
    while candidate:
        path = table.java_types.get(candidate)
        if path:
            return Resolution(target=path)
        candidate = candidate.rpartition(".")[0]
    folder = table.java_packages.get(name)
    if folder is not None:
        return Resolution(target=(folder + "/") if folder else "")
    parts = name.split(".")
    return Resolution(external=".".join(parts[:2]), stdlib=parts[0] in ("java", "javax", "jdk", "sun"))
