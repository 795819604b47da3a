"""/memory search <query...> [--limit N]: the shared memory's best entries for a query, as memory_recall
gives them to the model: each with its score, title and path."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.shared_memory.recall import DEFAULT_RECALL, MAX_RECALL, describe_method, format_score
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.ports.memory_index import MemoryIndexError
from orkeon_engine.services.shared_memory import recall


async def run_memory_search(query: str, limit_text: str | None, deps: Deps) -> CommandView:
    limit = _limit(limit_text)
    entries, index = deps.require_shared_memory()
    try:
        answer = await recall(index, deps.config, query, limit)
    except MemoryIndexError as error:
        raise CommandFailedError(str(error)) from None
    problems = tuple(f"skipped {problem}" for problem in answer.problems)
    if not answer.hits:
        where = f"{answer.entries} entries in {entries.location}" if answer.entries else \
            f"{entries.location} holds no entry yet; /memory admit adds some"
        return CommandView(message=f"no entry matches {query!r} ({where})", lines=problems)
    rows = [[str(rank), format_score(hit.score), hit.title, hit.path] for rank, hit in enumerate(answer.hits, 1)]
    return CommandView(table=table(["#", "score", "title", "path"], rows), lines=problems,
                       message=f"{len(answer.hits)} of {answer.entries} entries for {query!r}, best first "
                               f"({describe_method(answer)})")


def _limit(text: str | None) -> int:
    if text is None:
        return DEFAULT_RECALL
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_RECALL:
        raise CommandFailedError(f"--limit {text!r} is not accepted; expected a whole number from 1 to {MAX_RECALL}")
    return value
