"""/memory: the typed notes (list, add, show, remove) and the shared memory (admit, search).

`/memory` or `/memory list [category]` lists the notes; `/memory add <category> <text...> [--because
REASON]` keeps one (user notes go to the person's config folder, the others to the workspace's state.db);
`/memory show <id>` shows one whole; `/memory remove <id>` deletes it. The assistant reads them at each
turn, introduced as possibly stale.

The shared memory is the team's: `/memory admit [--from FILE]...` reviews candidates one at a time and
writes the admitted ones under .orkeon/memory/ (memory_admit.py); `/memory search <query...> [--limit N]`
shows its best entries (memory_search.py).
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.memory.memory_admit import run_memory_admit
from orkeon_engine.commands.memory.memory_search import run_memory_search
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.memory import (
    CATEGORY_DEFINITIONS,
    MEMORY_CATEGORIES,
    MemoryNote,
    check_note_text,
    parse_category,
)
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table

ACTIONS = ("list", "add", "show", "remove", "admit", "search")
FLAG_ACTIONS = {"because": "add", "from": "admit", "limit": "search"}
ARGS = ArgSpec(
    flags=(
        Flag("because", "the reason of a feedback note (every word up to the next flag)", value="REASON",
             words=True),
        Flag("from", "admit: a candidates file to review (repeatable; default: the memory.proposals setting)",
             value="FILE", repeatable=True),
        Flag("limit", "search: how many entries to show (1 to 10, default 5)", value="N"),
    ),
    positionals=(
        Positional("action", "list (the default), add, show, remove; admit or search the shared memory",
                   choices=ACTIONS),
        Positional("words", "a category to list; add: <category> <text...>; show and remove: <id>; "
                            "search: <query...>", many=True, choices=MEMORY_CATEGORIES),
    ),
)
USAGE = ("/memory [list [category] | add <category> <text...> [--because REASON] | show <id> | remove <id> | "
         "admit [--from FILE]... | search <query...> [--limit N]]")


async def run_memory(args: ParsedArgs, deps: Deps) -> CommandView:
    action = (args.word(0) or "list").lower()
    words = args.rest(1)
    for flag, owner in FLAG_ACTIONS.items():
        if args.has(flag) and action != owner:
            raise ArgumentError(f"--{flag} goes with /memory {owner}", USAGE)
    if action == "admit":
        if words:
            raise ArgumentError("/memory admit takes no words; name a candidates file with --from FILE", USAGE)
        return await run_memory_admit(args.values("from"), deps)
    if action == "search":
        if not words:
            raise ArgumentError("/memory search needs a query", USAGE)
        return await run_memory_search(" ".join(words), args.value("limit"), deps)
    if action == "list":
        return await _list(deps, words)
    if action == "add":
        return await _add(deps, words, args.value("because") or "")
    if action in ("show", "remove"):
        if len(words) != 1:
            raise ArgumentError(f"/memory {action} takes one note id", USAGE)
        return await (_show(deps, words[0]) if action == "show" else _remove(deps, words[0]))
    raise ArgumentError(f"unknown action {action!r}; actions: {', '.join(ACTIONS)}", USAGE)


async def _list(deps: Deps, words: tuple[str, ...]) -> CommandView:
    if len(words) > 1:
        raise ArgumentError("/memory list takes at most one category", USAGE)
    category = parse_category(words[0]) if words else None
    notes = await deps.require_memory().list(category)
    if not notes:
        where = f"{category} notes" if category else "notes"
        return CommandView(message=f"no {where} yet; /memory add <category> <text> keeps one "
                                   f"(categories: {', '.join(MEMORY_CATEGORIES)})")
    rows = [[note.id, note.category, note.created.date().isoformat(), _short(note)] for note in notes]
    return CommandView(table=table(["id", "category", "date", "note"], rows),
                       message=f"{len(notes)} note{'' if len(notes) == 1 else 's'}")


async def _add(deps: Deps, words: tuple[str, ...], reason: str) -> CommandView:
    if len(words) < 2:
        raise ArgumentError("/memory add needs a category and the note's text", USAGE)
    category = parse_category(words[0])
    text = check_note_text(" ".join(words[1:]))
    note = await deps.require_memory().add(category, text, " ".join(reason.split()))
    return CommandView(message=f"kept {note.id}: {note.line()}",
                       lines=(f"{category}: {CATEGORY_DEFINITIONS[category].holds}",))


async def _show(deps: Deps, note_id: str) -> CommandView:
    note = await _require(deps, note_id)
    lines = [f"id: {note.id}", f"category: {note.category}", f"created: {note.created.isoformat()}",
             f"text: {note.text}"]
    if note.reason:
        lines.append(f"because: {note.reason}")
    return CommandView(lines=tuple(lines))


async def _remove(deps: Deps, note_id: str) -> CommandView:
    note = await _require(deps, note_id)
    if not await deps.require_memory().remove(note.id):
        raise CommandFailedError(f"no note has the id {note_id!r}; /memory lists them")
    return CommandView(message=f"removed {note.id}: {note.line()}")


async def _require(deps: Deps, note_id: str) -> MemoryNote:
    note = await deps.require_memory().get(note_id)
    if note is None:
        raise CommandFailedError(f"no note has the id {note_id!r}; /memory lists them")
    return note


def _short(note: MemoryNote, limit: int = 80) -> str:
    text = note.line().split("] ", 1)[1]
    return text if len(text) <= limit else text[: limit - 3] + "..."
