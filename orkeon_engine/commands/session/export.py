"""/export [path]: the conversation buffer as markdown. A path the person gives is a file on their disk,
relative to the folder they are in; without one it goes to the output folder (/output, that is
.orkeon/local/output/conversation-<session-id>.md). An existing file is kept unless --force is given, and
the message names the real file."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.paths import on_disk, shown
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.session.export import conversation_markdown, default_export_path
from orkeon_engine.domain.ui.args import ArgSpec, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.domain.workspace.workspace import shown_path
from orkeon_engine.ports.files import FilesError

ARGS = ArgSpec(
    positionals=(Positional("path", "the file to write, on your disk, relative to the current folder (default: "
                                    ".orkeon/local/output/conversation-<id>.md)"),),
    flags=(Flag("force", "replace the file when it exists"),),
)
FORCE_HINT = "add --force to replace it, or give another path"


async def run_export(args: ParsedArgs, deps: Deps) -> CommandView:
    entries = await deps.session.entries()
    if not entries:
        raise CommandFailedError(f"nothing to export: the conversation of session {deps.session.id} is empty")
    text = conversation_markdown(deps.session.info, entries, deps.clock.now())
    typed = args.word(0)
    force = args.has("force")
    try:
        path = await (_to_disk(deps, typed, text, force) if typed else _to_output(deps, text, force))
    except FilesError as error:
        raise CommandFailedError(f"cannot export to {error}") from None
    return CommandView(message=f"exported {len(entries)} entries of session {deps.session.id} to {path}",
                       data={"path": path, "entries": len(entries)})


async def _to_disk(deps: Deps, typed: str, text: str, force: bool) -> str:
    """Write to the file the person named; the path as they read it."""
    if deps.disk is None:
        raise NotConfiguredError("this engine cannot write outside its folders, so export without a path: it goes "
                                 "to the output folder")
    target = on_disk(deps, typed)
    shown_target = target if typed.startswith(("/", "~")) else shown_path(target, deps.workspace.here)
    if await deps.disk.exists(target) and not force:
        raise CommandFailedError(f"{shown_target} exists; {FORCE_HINT}")
    await deps.disk.write_text(target, text)
    return shown_target


async def _to_output(deps: Deps, text: str, force: bool) -> str:
    """Write to the output folder through the VFS; the real file's path."""
    if deps.files is None:
        raise NotConfiguredError("this engine has no output folder (no VFS): give the file to write, "
                                 "/export <path>")
    virtual = deps.files.resolve(default_export_path(deps.session.id))
    if await deps.files.exists(virtual) and not force:
        raise CommandFailedError(f"{shown(deps, virtual)} exists; {FORCE_HINT}")
    await deps.files.write_text(virtual, text)
    return shown(deps, virtual)
