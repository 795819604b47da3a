"""definition_rewrite: the small model's edit of a Python function or class, written in plain text.

The model names the file and the definition; a focused call without tools (the file, the person's request,
what is wrong in that definition, the corrected definition in a code block) writes it, several times until two
rewrites agree (once a reply gave the definition back unchanged, the calls after it say so: the 1.5B named the
off-by-one rightly four times and each time copied the loop as it was), and the agreed one replaces the
definition (domain/tools/definition_rewrite.py says why). It is offered only with the core tool set
(domain/tools/tool_sets.py): a model that writes good file_edit calls needs none of it.

The file is read, and the focused calls made, only in `run`, after the gate allowed the call, and only
when file_read's rules would let the file be read without asking (the file goes to the model): a path the
gate refuses, or a file the person keeps from reads, is never read or sent. The file is read and written
through the turn's Files, so the mounts, the checkpoints (/undo) and the edit refusals apply as to
file_edit; the result is checked to parse before it is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Protocol

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.context.compaction_thresholds import estimate_tokens
from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.domain.tools.definition_rewrite import (
    PYTHON_SUFFIXES,
    Election,
    Located,
    candidate,
    changes,
    elect,
    locate,
    parses,
    rewritable,
    rewrite_prompt,
    spliced,
)
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.file_read import found_elsewhere
from orkeon_engine.tools.file_write import short_diff
from orkeon_engine.tools.shaping import gate_paths, write_or_problem


class RewriteTurn(Protocol):
    """What the tool needs of its turn (crews/main_loop/run_offer.py builds it): the focused call, the person's
    request as the turn has it (a prelude's text included), and the read rules of the turn's gate."""

    @property
    def request(self) -> str: ...

    def read_refusal(self, path: str, paths: tuple[str, ...]) -> str | None:
        """Why the rules would not let file_read read `path` without asking (None: they would)."""

    async def __call__(self, system: str, user: str, max_tokens: int) -> str:
        """One focused call without tools: (instructions, message, max_tokens) -> the reply's text."""

MAX_REPLIES = 4
"""At most this many focused calls per rewrite while no reply has changed the definition."""
DISAGREEMENT_REPLIES = 10
"""At most this many once replies changed it but no two agree: on the 305e28a card four 1.5B rewrites all
differed and the first, written then, was wrong; later, twice in sixteen runs, six replies held four copies
of the loop as it was, one wrong change written first and one right one, and the wrong one was written. A
few more calls (about ten seconds each there) are cheaper than a wrong fix."""
AGREEMENT = 2
"""The calls stop as soon as this many rewrites agree."""
REPLY_TOKENS = 400
"""What a reply may spend beyond twice the definition: the sentence on what is wrong, the fence."""
MAX_REPLY_TOKENS = 4_096
NOT_PYTHON = "definition_rewrite changes a Python file (.py); change this one with file_edit"


class DefinitionRewriteInput(BaseModel):
    model_config = ConfigDict(extra="ignore")  # a small model adds a "change" note: the request says it better

    path: str
    name: str = Field(min_length=1, description="As the file names it: `total`, or `Basket.add`.")


@dataclass(frozen=True)
class _Rewrite:
    path: str
    before: str
    after: str
    located: Located
    election: Election
    replies: int


class DefinitionRewriteTool(Tool[DefinitionRewriteInput]):
    name: ClassVar[str] = "definition_rewrite"
    tool_class: ClassVar[ToolClass] = "edit"
    description: ClassVar[str] = (
        "Rewrite one function or class of a Python file for the person's request; it is checked and saved, "
        "and the change shown. Use it for any change inside a Python function or class, file_edit otherwise."
    )
    Input = DefinitionRewriteInput

    def __init__(self, files: Files, turn: RewriteTurn) -> None:
        self._files = files
        self._turn = turn

    async def describe(self, args: DefinitionRewriteInput) -> ToolCall:
        paths = gate_paths(self._files, args.path)
        problem = await self._hopeless(args, paths)
        if problem is not None:  # the loop returns it as the call's error: nobody is asked about a no-op
            raise ValueError(problem)
        preview = f"rewrite {args.name.strip()} in {paths[0]} for the request"
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=paths, preview=preview)

    async def run(self, args: DefinitionRewriteInput) -> ToolResult:
        try:
            path = self._files.resolve(args.path)
        except FilesError as error:
            return ToolResult(str(error), is_error=True)
        refused = self._turn.read_refusal(path, gate_paths(self._files, args.path))
        if refused is not None:  # the file would go to the model: the read rules have their say first
            return ToolResult(f"{path} is unchanged: its text may not go to the model unasked ({refused})",
                              is_error=True, data={"path": path, "refused": True})
        try:
            before = await self._files.read_text(path)
        except FilesError as error:
            return ToolResult(str(error) + await found_elsewhere(self._files, error), is_error=True)
        rewrite = await self._rewrite(path, before, args.name)
        if isinstance(rewrite, str):
            return ToolResult(f"{path} is unchanged: {rewrite}", is_error=True, data={"path": path})
        problem = await write_or_problem(self._files, path, rewrite.after)
        if problem is not None:
            return problem
        return ToolResult(_report(rewrite), data={"path": path, "definition": rewrite.located.name,
                                                  "votes": rewrite.election.votes, "replies": rewrite.replies})

    async def _hopeless(self, args: DefinitionRewriteInput, paths: tuple[str, ...]) -> str | None:
        """Why the call can change nothing (not Python, does not parse, no such definition), found before the
        gate asks the person, so a small model's call on a name it made up is not put to them. Only a file
        file_read's rules would read unasked is looked at; a file that cannot be read is left to `run`, which
        says where a file of that name is."""
        try:
            path = self._files.resolve(args.path)
            if not path.endswith(PYTHON_SUFFIXES):
                return f"{path} is unchanged: {NOT_PYTHON}"
            if self._turn.read_refusal(path, paths) is not None:
                return None
            before = await self._files.read_text(path)
        except FilesError:
            return None
        target = _target(path, before, args.name)
        return f"{path} is unchanged: {target}" if isinstance(target, str) else None

    async def _rewrite(self, path: str, before: str, name: str) -> _Rewrite | str:
        """The file with the definition rewritten, or why it cannot be."""
        located = _target(path, before, name)
        if isinstance(located, str):
            return located
        original = located.text(before)
        budget = min(MAX_REPLY_TOKENS, 2 * estimate_tokens(original) + REPLY_TOKENS)
        rewrites: list[str] = []
        election, replies, unchanged = elect(original, rewrites), 0, False
        while replies < _reply_cap(election) and election.votes < AGREEMENT:
            replies += 1
            system, user = rewrite_prompt(path, before, located, self._turn.request, unchanged)
            found = candidate(await self._turn(system, user, budget), located, original)
            unchanged = unchanged or found is not None and not changes(original, found)
            if found is not None:
                rewrites.append(found)
                election = elect(original, rewrites)
        if election.winner is None:
            return (f"none of {replies} rewrites of {located.name} changed it (the replies repeated it as it is, or "
                    "held no code block defining it); change it with file_edit")
        after = spliced(before, located, election.winner)
        misfit = parses(after)
        if misfit is not None:
            return f"the rewrite of {located.name} does not fit where it stands ({misfit}); use file_edit"
        return _Rewrite(path, before, after, located, election, replies)


def _reply_cap(election: Election) -> int:
    """How many focused calls a rewrite may make, given the rewrites so far (MAX_REPLIES, or
    DISAGREEMENT_REPLIES once one changed the definition)."""
    return DISAGREEMENT_REPLIES if election.winner is not None else MAX_REPLIES


def _target(path: str, before: str, name: str) -> Located | str:
    """The definition a call names in a file, or why it cannot be rewritten there."""
    if not path.endswith(PYTHON_SUFFIXES):
        return NOT_PYTHON
    problem = rewritable(before)
    return problem if problem is not None else locate(before, name)


def _report(rewrite: _Rewrite) -> str:
    election = rewrite.election
    agreed = (f"{election.votes} of {rewrite.replies} rewrites agreed" if election.votes > 1 else
              f"the {rewrite.replies} rewrites disagreed, so the first that changed it was taken: check it")
    diff = short_diff(rewrite.path, rewrite.before, rewrite.after)
    return f"rewrote {rewrite.located.name} in {rewrite.path} ({agreed}):\n{diff}"

