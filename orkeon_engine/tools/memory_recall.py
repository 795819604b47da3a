"""memory_recall: the shared memory's best entries for a query, with their path and score, capped.

A read tool: the assistant and the dev roles ask it for the team's lessons before they act (how the
gate, the shell, the tests or git bit someone before). The entries are material a team wrote, possibly
stale: the answer says so."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.shared_memory.recall import DEFAULT_RECALL, MAX_RECALL, render_recall
from orkeon_engine.domain.tool_call import ToolClass, ToolResult
from orkeon_engine.ports.memory_index import MemoryIndex, MemoryIndexError
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.shared_memory import recall
from orkeon_engine.tools.base import Tool

MAX_QUERY_CHARS = 500


class MemoryRecallInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS,
                       description="What you are about to do or the problem you met, in a few words.")
    limit: int = Field(DEFAULT_RECALL, ge=1, le=MAX_RECALL, description="How many entries to return, at most.")


class MemoryRecallTool(Tool[MemoryRecallInput]):
    name: ClassVar[str] = "memory_recall"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "Search the team's shared memory (.orkeon/memory/: lessons learned on this project about its gate, "
        "shell, tests, reviews, git...) for what applies to a task or a problem. Returns the best entries, "
        "best first, each with its path, score, tags and text. Entries may be stale: check them against "
        "the code."
    )
    Input = MemoryRecallInput

    def __init__(self, index: MemoryIndex, config: ConfigStore) -> None:
        self._index = index
        self._config = config

    async def run(self, args: MemoryRecallInput) -> ToolResult:
        try:
            answer = await recall(self._index, self._config, args.query, args.limit)
        except MemoryIndexError as error:
            return ToolResult(str(error), is_error=True)
        hits = [{"path": hit.path, "title": hit.title, "score": round(hit.score, 6)} for hit in answer.hits]
        return ToolResult(render_recall(args.query, answer), data={"hits": hits, "method": answer.method})
