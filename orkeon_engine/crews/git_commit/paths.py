"""The explicit list of paths a commit takes: what `git status` lists, or what lies under the paths named,
with Orkeon's own folders left out unless a path inside one is named: its local state (`.orkeon/local`)
and the dev pipeline's work folder (the `dev.workFolder` setting, `.orkeon/work` by default)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.dev.work_folder import DEFAULT_WORK_FOLDER
from orkeon_engine.domain.git.git import StatusEntry, is_under

LOCAL_FOLDER = ".orkeon/local"
DEFAULT_LEFT_OUT: tuple[str, ...] = (LOCAL_FOLDER, DEFAULT_WORK_FOLDER)


@dataclass(frozen=True)
class Selection:
    """The entries to commit, the paths of Orkeon's folders left out (and those taken because a path inside
    was named), and the named paths that matched nothing."""

    entries: tuple[StatusEntry, ...]
    left_out: tuple[str, ...] = ()
    unmatched: tuple[str, ...] = ()
    folders: tuple[str, ...] = DEFAULT_LEFT_OUT
    """Orkeon's folders, left out unless named."""
    named_inside: tuple[str, ...] = ()
    """Paths taken from inside those folders because a path inside them was named."""

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


def _in_any(path: str, folders: Sequence[str]) -> bool:
    return any(is_under(path, folder) for folder in folders)


def select_paths(status: Sequence[StatusEntry], named: Sequence[str] = (),
                 left_out_folders: Sequence[str] = DEFAULT_LEFT_OUT) -> Selection:
    """The commit's list. `named` are repository paths ("" for the root); none named takes every path.
    A path under one of `left_out_folders` is taken only when a path named lies inside that folder."""
    folders = list(named) if named else [""]
    own = tuple(left_out_folders)
    chosen: list[StatusEntry] = []
    left_out: list[str] = []
    inside: list[str] = []
    matched = dict.fromkeys(folders, False)
    for entry in status:
        hits = [folder for folder in folders if _touches(entry, folder)]
        if not hits:
            continue
        for folder in hits:
            matched[folder] = True
        holding = [folder for folder in own if is_under(entry.path, folder)]
        if holding and not any(_in_any(hit, holding) for hit in hits):
            left_out.append(entry.path)
            continue
        if holding:
            inside.append(entry.path)
        chosen.append(entry)
    unmatched = tuple(folder or "." for folder, hit in matched.items() if not hit) if named else ()
    return Selection(tuple(chosen), tuple(left_out), unmatched, own, tuple(inside))


def _touches(entry: StatusEntry, folder: str) -> bool:
    return is_under(entry.path, folder) or (entry.original is not None and is_under(entry.original, folder))
