"""/cache: the engine's caches with their size (the code index's and the code navigation's on disk, and the
model's prompt cache as the provider reported it), and `/cache clear [name]` to empty the local ones."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.ports.caches import CacheError, Caches

ARGS = ArgSpec(positionals=(
    Positional("action", "list (the default) or clear", choices=("list", "clear")),
    Positional("name", "with clear: the cache to empty (every local cache when omitted)"),
))
USAGE = "/cache [list | clear [name]]"
PROMPT_CACHE_NOTE = ("the model's prompt cache is kept by the provider, expires by itself within minutes, and "
                     "cannot be cleared from here")


async def run_cache(args: ParsedArgs, deps: Deps) -> CommandView:
    action = args.word(0) or "list"
    if action == "list":
        if args.word(1):
            raise ArgumentError("list takes no name", USAGE)
        return await _listing(deps)
    if action != "clear":
        raise ArgumentError(f"unknown action {action!r}; accepted: list, clear", USAGE)
    return await _clear(deps, args.word(1))


async def _listing(deps: Deps, done: str = "") -> CommandView:
    local = await deps.caches.list() if deps.caches is not None else []
    rows = [[info.name, info.description, format_size(info.size_bytes), info.location] for info in local]
    prompt = await _prompt_cache_row(deps)
    if prompt:
        rows.append(prompt)
    if not rows:
        return CommandView(message=(done + " " if done else "") + "This engine keeps no cache.")
    total = sum(info.size_bytes for info in local)
    message = f"{format_size(total)} on disk in {len(local)} local caches. `/cache clear [name]` empties them."
    return CommandView(table=table(["cache", "holds", "size", "where"], rows),
                       message=f"{done} {message}".strip(),
                       data={"caches": [{"name": i.name, "bytes": i.size_bytes, "location": i.location}
                                        for i in local]})


async def _clear(deps: Deps, name: str | None) -> CommandView:
    caches = _caches(deps)
    known = [info.name for info in await caches.list()]
    if name == "prompt":
        raise CommandFailedError(PROMPT_CACHE_NOTE)
    if name is not None and name not in known:
        raise CommandFailedError(f"no cache named {name!r}; caches: {', '.join(known) or 'none'}")
    freed: list[str] = []
    for target in [name] if name is not None else known:
        before = next(info for info in await caches.list() if info.name == target)
        try:
            after = await caches.clear(target)
        except CacheError as error:
            raise CommandFailedError(str(error)) from None
        freed.append(f"{target} ({format_size(before.size_bytes - after.size_bytes)} freed)")
    return await _listing(deps, done="cleared " + ", ".join(freed) + "; each is rebuilt on its next use.")


async def _prompt_cache_row(deps: Deps) -> list[str] | None:
    if deps.usage is None:
        return None
    try:
        total = (await deps.usage.summary(deps.session.id)).total
    except OSError:
        return None
    if total.calls == 0:
        return None
    holds = f"{total.cache_read_tokens:,} prompt tokens read from it, {total.cache_write_tokens:,} written"
    return ["prompt", holds, "at the provider", "the model's provider (not clearable)"]


def _caches(deps: Deps) -> Caches:
    if deps.caches is None:
        raise CommandFailedError("this engine keeps no local cache to clear")
    return deps.caches


def format_size(size: int) -> str:
    """`0 B`, `12.3 KiB`, `4.0 MiB`, `1.2 GiB`."""
    if size < 1024:
        return f"{size} B"
    value = size / 1024
    for unit in ("KiB", "MiB"):
        if value < 1024:
            return f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GiB"
