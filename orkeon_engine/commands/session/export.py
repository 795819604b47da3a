"""/export [path]: the conversation buffer as markdown, written through the Files port (default
/output/conversation-<session-id>.md); an existing file is kept unless --force is given."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.args import ArgSpec, Flag, ParsedArgs, Positional
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.export import conversation_markdown, default_export_path
from orkeon_engine.domain.view import CommandView
from orkeon_engine.ports.files import FilesError

ARGS = ArgSpec(
    positionals=(Positional("path", "where to write it (a virtual path; default /output/conversation-<id>.md)"),),
    flags=(Flag("force", "replace the file when it exists"),),
)


async def run_export(args: ParsedArgs, deps: Deps) -> CommandView:
    if deps.files is None:
        raise NotConfiguredError("this engine has no file access (no VFS), so nothing can be exported")
    entries = await deps.session.entries()
    if not entries:
        raise CommandFailedError(f"nothing to export: the conversation of session {deps.session.id} is empty")
    wanted = args.word(0) or default_export_path(deps.session.id)
    try:
        path = deps.files.resolve(wanted)
        if await deps.files.exists(path) and not args.has("force"):
            raise CommandFailedError(f"{path} exists; add --force to replace it, or give another path")
        text = conversation_markdown(deps.session.info, entries, deps.clock.now())
        await deps.files.write_text(path, text)
    except FilesError as error:
        raise CommandFailedError(f"cannot export to {error}") from None
    return CommandView(message=f"exported {len(entries)} entries of session {deps.session.id} to {path}",
                       data={"path": path, "entries": len(entries)})
