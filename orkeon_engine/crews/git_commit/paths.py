"""The explicit list of paths a commit takes: what `git status` lists, or what lies under the paths named,
with Orkeon's own work folder left out unless a path inside it is named."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.git import StatusEntry, is_under

WORK_FOLDER = ".orkeon/local"


@dataclass(frozen=True)
class Selection:
    """The entries to commit, the work-folder paths left out, and the named paths that matched nothing."""

    entries: tuple[StatusEntry, ...]
    left_out: tuple[str, ...] = ()
    unmatched: tuple[str, ...] = ()

    @property
    def files(self) -> tuple[str, ...]:
        """Every path git must be given: each entry's path, and a rename's source so its removal is recorded."""
        out: list[str] = []
        for entry in self.entries:
            for path in (entry.original, entry.path):
                if path is not None and path not in out:
                    out.append(path)
        return tuple(out)

    @property
    def to_stage(self) -> tuple[str, ...]:
        """The paths for `git add`: a rename or copy already in the index brings no source (git would refuse
        a path that is in neither the index nor the working tree)."""
        out: list[str] = []
        for entry in self.entries:
            sources = () if entry.code[0] in "RC" else (entry.original,)
            for path in (*sources, entry.path):
                if path is not None and path not in out:
                    out.append(path)
        return tuple(out)

    @property
    def new_files(self) -> tuple[str, ...]:
        return tuple(entry.path for entry in self.entries if entry.is_new and not entry.deleted)

    @property
    def tracked_files(self) -> tuple[str, ...]:
        """The paths HEAD already knows (changed, deleted, renamed): their changes come from the diff."""
        out: list[str] = []
        for entry in self.entries:
            if entry.is_new and not entry.deleted:
                continue
            for path in (entry.original, entry.path):
                if path is not None and path not in out:
                    out.append(path)
        return tuple(out)


def _in_work_folder(path: str) -> bool:
    return is_under(path, WORK_FOLDER)


def select_paths(status: Sequence[StatusEntry], named: Sequence[str] = ()) -> Selection:
    """The commit's list. `named` are repository paths ("" for the root); none named takes every path."""
    folders = list(named) if named else [""]
    chosen: list[StatusEntry] = []
    left_out: list[str] = []
    matched = dict.fromkeys(folders, False)
    for entry in status:
        hits = [folder for folder in folders if _touches(entry, folder)]
        if not hits:
            continue
        for folder in hits:
            matched[folder] = True
        if _in_work_folder(entry.path) and not any(_in_work_folder(folder) for folder in hits):
            left_out.append(entry.path)
            continue
        chosen.append(entry)
    unmatched = tuple(folder or "." for folder, hit in matched.items() if not hit) if named else ()
    return Selection(tuple(chosen), tuple(left_out), unmatched)


def _touches(entry: StatusEntry, folder: str) -> bool:
    return is_under(entry.path, folder) or (entry.original is not None and is_under(entry.original, folder))
