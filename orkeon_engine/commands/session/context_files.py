"""/add, /read-only and /drop: the files pinned to the session's context, which every turn of the assistant
reads whole as they are then (from the editor's buffer when the file is open there). /add pins files the
assistant may edit, /read-only pins files it may only read (its edit tools refuse them), /drop unpins some,
or every one when no path is given. A path is relative to your folder, or a glob over the workspace's files
(`src/*.py`); a folder is refused with a hint to name its files. /context lists what is pinned."""

from __future__ import annotations

from orkeon_engine.commands._shared.context_files import (
    current_files,
    files_data,
    listing_rows,
    pin_rules,
    totals_line,
    wanted_path,
)
from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.paths import shown
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.ports.files import Files
from orkeon_engine.services.context_files import drop, pin

ARGS_PIN = ArgSpec(positionals=(
    Positional("path", "files of the workspace, relative to your folder, or globs (src/*.py)", required=True,
               many=True),
))
ARGS_DROP = ArgSpec(positionals=(
    Positional("path", "pinned files or globs to unpin; none: every pinned file", many=True),
))


async def run_add(args: ParsedArgs, deps: Deps) -> CommandView:
    return await _pin(args, deps, read_only=False)


async def run_read_only(args: ParsedArgs, deps: Deps) -> CommandView:
    return await _pin(args, deps, read_only=True)


async def run_drop(args: ParsedArgs, deps: Deps) -> CommandView:
    files = _files(deps)
    wanted = [wanted_path(deps, typed, "drop") for typed in args.rest(0)]
    gone = await drop(deps.session, files, wanted)
    what = ", ".join(shown(deps, path) for path in gone) or "nothing (no file was pinned)"
    return await _listing(deps, f"dropped {what}.")


async def _pin(args: ParsedArgs, deps: Deps, read_only: bool) -> CommandView:
    files = _files(deps)
    wanted = [wanted_path(deps, typed) for typed in args.rest(0)]
    refusal, budget = await pin_rules(deps)
    outcome = await pin(deps.session, files, wanted, read_only, refusal, budget)
    kind = "read-only" if read_only else "editable"
    what = ", ".join(shown(deps, path) for path in outcome.changed)
    head = f"pinned {what} ({kind})." if what else f"nothing changed: already pinned {kind}."
    skipped = [f"skipped {shown(deps, path)}: {reason}" for path, reason in outcome.skipped]
    return await _listing(deps, head, tuple(skipped))


async def _listing(deps: Deps, head: str, lines: tuple[str, ...] = ()) -> CommandView:
    files, budget = await current_files(deps)
    if not files:
        return CommandView(lines=lines, message=f"{head} No file is pinned. `/add <path>` pins one.",
                           data={"files": []})
    return CommandView(lines=lines, table=table(["file", "pinned", "tokens"], listing_rows(deps, files)),
                       message=f"{head} {totals_line(files, budget)}", data={"files": files_data(files)})


def _files(deps: Deps) -> Files:
    if deps.files is None:
        raise NotConfiguredError("this engine has no file access (no VFS), so no file can be pinned")
    return deps.files
