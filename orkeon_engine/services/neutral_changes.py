"""neutral_changes: which files of a diff code proves behaviour-neutral, reading their old and new text and
searching the repository for the old names of public renames through the ReviewSource port
(domain/review/behaviour_neutral.py decides; this only fetches what it needs)."""

from __future__ import annotations

from orkeon_engine.domain.git.diff import Diff
from orkeon_engine.domain.review.behaviour_neutral import FileChange, classify, settle
from orkeon_engine.domain.secrets.secret_paths import withheld_paths
from orkeon_engine.ports.review_source import DiffRequest, ReviewSource

MAX_FILES = 100
"""Past this many changed files, the others are not compared (behaviour may change)."""
MAX_SEARCHES = 50
"""Past this many renamed public names, the others are not searched for (not proven)."""


async def neutral_changes(diff: Diff, request: DiffRequest, source: ReviewSource) -> tuple[FileChange, ...]:
    """A FileChange for each file of the diff, in its order; a file usually holding secrets is not read."""
    withheld = set(withheld_paths(diff.paths))
    changes = []
    for index, file in enumerate(diff.files):
        if file.binary or file.status in ("added", "deleted") or file.path in withheld or index >= MAX_FILES:
            changes.append(classify(file.path, None, None))
            continue
        versions = await source.versions(request, file.old_path, file.path)
        changes.append(classify(file.path, versions.old, versions.new))
    names = sorted({name for change in changes for name in change.searched_names})
    mentions: dict[str, tuple[str, ...]] = {}
    for name in names[:MAX_SEARCHES]:
        found = await source.mentions(request, name)
        if found is not None:
            mentions[name] = found
    return settle(changes, mentions)
