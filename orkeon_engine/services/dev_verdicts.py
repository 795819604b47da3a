"""The verdicts of every piece of work under the work folder (`<code>/verdicts/F<n>.md`), read back for
/dev-learn and written again once their rows are marked treated."""

from __future__ import annotations

import re
from dataclasses import dataclass

from orkeon_engine.domain.dev.sections import DevFileError
from orkeon_engine.domain.dev.verdict import Verdict, parse_verdict, render_verdict
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.services.work_folder import WorkFolder

_VERDICT_PATH = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*/verdicts/F[1-9]\d*\.md$")


@dataclass(frozen=True)
class StoredVerdict:
    """A verdict and the workspace-relative file it was read from."""

    file: str
    verdict: Verdict


async def read_verdicts(files: Files, folder: WorkFolder) -> tuple[list[StoredVerdict], list[str]]:
    """Every verdict under the work folder, in path order, and a note for each file that does not read as one."""
    try:
        entries = await files.list_dir(f"/workspace/{folder.folder}", depth=3, limit=20_000)
    except FilesError:
        return [], []
    prefix = f"/workspace/{folder.folder}/"
    paths = sorted(entry.path.removeprefix(prefix) for entry in entries if not entry.is_dir)
    found: list[StoredVerdict] = []
    notes: list[str] = []
    for relative in (path for path in paths if _VERDICT_PATH.match(path)):
        file = f"{folder.folder}/{relative}"
        text = await folder.read(file)
        if text is None:
            continue
        try:
            found.append(StoredVerdict(file, parse_verdict(text, file)))
        except DevFileError as error:
            notes.append(f"{error}: its rows are left out")
    return found, notes


async def write_verdict(folder: WorkFolder, stored: StoredVerdict) -> None:
    await folder.write(stored.file, render_verdict(stored.verdict))
