"""Read what a turn puts before the model beside the request (domain/context/request_material.py): the files the
request names, whole, and the project's lines that share its words.

Both read through the Files port (an open editor buffer wins) and through the same checks as a pinned file:
a file of the workspace, its path and the path a symlink leads to read by the gate's rules. Unlike `/add`,
the person did not ask for these reads by name, so a path whose file_read would ask is left out too
(`quiet_read_refusal`), and nothing here is ever said to be missing: the model can still call file_read.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.context.context_files import ContextFile, file_tokens
from orkeon_engine.domain.context.request_material import (
    NAMED_FILE_MAX_TOKENS,
    SEARCH_FILE_MAX_CHARS,
    SEARCH_FILES_MAX,
    WORKSPACE,
    LineHit,
    RequestMaterial,
    best_lines,
    defining_lines,
    named_paths,
    search_terms,
)
from orkeon_engine.ports.files import Files
from orkeon_engine.services.context_files import Refusal, check_and_read


@dataclass(frozen=True)
class MaterialChoice:
    """Which of the two a turn reads (settings `assistant.namedFiles` and `assistant.requestSearch`)."""

    named_files: bool = False
    search: bool = False


async def read_request_material(files: Files | None, refusal: Refusal, request: str, project_files: Sequence[str],
                                shown: Collection[str], budget: int, choice: MaterialChoice) -> RequestMaterial:
    """The material for `request`: the project files it names that are not `shown` already (the pinned
    files), within `budget` tokens together; then, when chosen, the best lines of the other files."""
    if files is None or not request.strip():
        return RequestMaterial()
    named = await _named_files(files, refusal, request, project_files, shown, budget) if choice.named_files else []
    lines: list[LineHit] = []
    if choice.search:
        whole = set(shown) | {item.path for item in named if item.shown}
        texts = await _texts(files, refusal, project_files, whole)
        lines = best_lines(search_terms(request), texts)
        lines += defining_lines(lines, texts)  # the names the leads use, where they are assigned
    return RequestMaterial(tuple(named), tuple(lines))


async def _named_files(files: Files, refusal: Refusal, request: str, project_files: Sequence[str],
                       shown: Collection[str], budget: int) -> list[ContextFile]:
    read: list[ContextFile] = []
    left = budget
    for path in named_paths(request, project_files):
        if path in shown:
            continue
        problem, _, text = await check_and_read(files, path, False, refusal)
        if problem is not None:
            continue  # refused or not a file: file_read says why, if the model asks
        tokens = file_tokens(path, text)
        if tokens > min(NAMED_FILE_MAX_TOKENS, left):
            read.append(ContextFile(path, False, left_out=f"about {tokens:,} tokens, more than this turn reads "
                                                          "ahead: read the part you need with file_read"))
            continue
        left -= tokens
        read.append(ContextFile(path, False, text, tokens))
    return read


async def _texts(files: Files, refusal: Refusal, project_files: Sequence[str],
                 skip: Collection[str]) -> list[tuple[str, str]]:
    """(workspace-relative path, text) of the listed files the search reads: readable text, not too long,
    not refused, not already shown whole; at most SEARCH_FILES_MAX files."""
    texts: list[tuple[str, str]] = []
    for relative in project_files[:SEARCH_FILES_MAX]:
        path = WORKSPACE + relative
        if path in skip:
            continue
        problem, _, text = await check_and_read(files, path, False, refusal)
        if problem is None and len(text) <= SEARCH_FILE_MAX_CHARS:
            texts.append((relative, text))
    return texts
