"""/resume: list the saved sessions with their title and date, or load one in place by its id.

Only the sessions that held a turn are listed. The one loaded becomes the workspace's current session, so
the next command (and the next `orkeon` started in this workspace) continues it.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.session import title_from_entries
from orkeon_engine.domain.ui.args import ArgSpec, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.ports.session_store import SessionNotFoundError

ARGS = ArgSpec(
    positionals=(Positional("session", "the id of a saved session to load", choices_from="sessions"),),
    flags=(Flag("limit", "how many sessions to list (default 20)", value="N"),),
)


async def run_resume(args: ParsedArgs, deps: Deps) -> CommandView:
    wanted = args.word(0)
    if wanted:
        return await _load(wanted, deps)
    limit = _limit(args.value("limit"))
    sessions = await deps.session.store.list_sessions(limit)
    rows = []
    for info in sessions:
        entries = await deps.session.store.read_entries(info.id)
        current = "*" if info.id == deps.session.id else ""
        title = info.title or title_from_entries(entries) or "(untitled)"
        rows.append([current, info.id, info.updated.strftime("%Y-%m-%d %H:%M"), str(len(entries)), title])
    current = deps.session.id
    if not rows:
        return CommandView(message=f"No saved session holds a turn yet; the current one is {current}.")
    listed = any(row[0] for row in rows)
    note = "" if listed else f" The current session, {current}, holds no turn yet."
    return CommandView(table=table(["", "id", "updated", "entries", "title"], rows),
                       message="`/resume <id>` loads one in place; it stays the current session afterwards." + note)


async def _load(session_id: str, deps: Deps) -> CommandView:
    try:
        info = await deps.session.switch(session_id)
    except SessionNotFoundError as error:
        raise CommandFailedError(f"{error.args[0]}; `/resume` lists the saved sessions") from None
    entries = await deps.session.entries()
    title = info.title or title_from_entries(entries) or "untitled"
    return CommandView(message=f"resumed {info.id} ({title}, {len(entries)} entries); it is the workspace's "
                               "current session now")


def _limit(text: str | None) -> int:
    if text is None:
        return 20
    if not text.isdigit() or int(text) < 1:
        raise CommandFailedError(f"--limit {text}: expected a whole number of at least 1")
    return int(text)

