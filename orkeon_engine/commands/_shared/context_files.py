"""What /add, /read-only, /drop and /context share about the pinned files: a typed path read as the person
means it, the gate's read rules and the budget they are pinned under, and the listing of the pinned files.

A path is typed as the person sees it: relative to their folder (the command line's current folder, the
workspace root in the editor), absolute, `~` for their home, or as a virtual path (`/workspace/src/a.py`);
it must lead into the workspace. A path holding `*`, `?` or `[` is a glob over the workspace's files.
"""

from __future__ import annotations

import posixpath

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.paths import on_disk, shown
from orkeon_engine.domain.context.context_files import ContextFile, context_files_budget, is_glob
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.services.context_files import Refusal, Wanted, read_context_files, read_refusal
from orkeon_engine.services.context_window import resolve_context_window
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.services.permission_mode import resolve_mode

WORKSPACE = "/workspace"


def wanted_path(deps: Deps, typed: str, verb: str = "pin") -> Wanted:
    """The file (or glob) a typed path names in the workspace; CommandFailedError when it leads outside."""
    text = typed.strip()
    if text == WORKSPACE or text.startswith(WORKSPACE + "/"):
        virtual = posixpath.normpath(text)
    else:
        host = on_disk(deps, text)
        root = posixpath.normpath(deps.workspace.root)
        relative = posixpath.relpath(host, root)
        if relative == posixpath.pardir or relative.startswith(posixpath.pardir + "/"):
            raise CommandFailedError(f"cannot {verb} {typed}: {host} is outside the workspace ({root}); only "
                                     f"the workspace's files are pinned; nothing was {verb}{verb[-1]}ed")
        virtual = WORKSPACE if relative == "." else f"{WORKSPACE}/{relative}"
    if not virtual.startswith(WORKSPACE + "/") and virtual != WORKSPACE:
        raise CommandFailedError(f"cannot {verb} {typed}: it leaves the workspace; nothing was {verb}{verb[-1]}ed")
    if is_glob(text):
        return Wanted(typed, virtual.removeprefix(WORKSPACE).lstrip("/"), glob=True)
    return Wanted(typed, virtual)


async def pin_rules(deps: Deps) -> tuple[Refusal, int]:
    """The gate's read rules in the session's mode, and the pinned files' budget for the model's window."""
    mode = await resolve_mode(deps.session, deps.config)
    gate = await gate_for_run(deps.gate_ports(), mode.mode)
    window = await resolve_context_window(deps.config, deps.context_window)
    return read_refusal(gate.context), context_files_budget(window.thresholds)


async def current_files(deps: Deps) -> tuple[list[ContextFile], int]:
    """The pinned files as the next turn reads them, and their budget."""
    refusal, budget = await pin_rules(deps)
    return await read_context_files(deps.session, deps.files, refusal, budget), budget


def listing_rows(deps: Deps, files: list[ContextFile]) -> list[list[str]]:
    """One row a pinned file: the path as the person reads it, read-only or editable, its tokens (or why
    the next turn leaves it out)."""
    return [[shown(deps, f.path), f.kind, f"{f.tokens:,}" if f.shown else f"left out: {f.left_out}"] for f in files]


def totals_line(files: list[ContextFile], budget: int) -> str:
    """`2 files pinned, about 1,234 of 24,000 tokens.`"""
    used = sum(f.tokens for f in files if f.shown)
    count = f"{len(files)} file{'' if len(files) == 1 else 's'} pinned"
    return f"{count}, about {used:,} of {budget:,} tokens."


def files_data(files: list[ContextFile]) -> list[dict[str, object]]:
    """The pinned files for a client (view's data)."""
    return [{"path": f.path, "readOnly": f.read_only, "tokens": f.tokens, "leftOut": f.left_out} for f in files]
