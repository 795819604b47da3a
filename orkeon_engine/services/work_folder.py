"""The work folder of the dev pipeline through the Files port: the `dev.workFolder` setting read and checked
once, a code made a place (domain/dev/work_folder.py), which kind of work a place holds, and its files read
and written (atomically: the Files port writes a temp file and renames it, or hands an open file to the
editor)."""

from __future__ import annotations

from orkeon_engine.domain.dev.work_folder import (
    DEFAULT_WORK_FOLDER,
    WORK_FILES,
    WorkCodeError,
    WorkKind,
    WorkPlace,
    check_code,
    check_work_folder,
    kind_taken,
)
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.services.config_store import ConfigStore

WORK_FOLDER_SETTING = "dev.workFolder"


async def work_folder_setting(config: ConfigStore) -> str:
    """The checked dev.workFolder setting (its default when unset); CommandFailedError naming the setting
    when its value would leave the workspace."""
    value = await config.get(WORK_FOLDER_SETTING, DEFAULT_WORK_FOLDER)
    try:
        return check_work_folder(str(value))
    except WorkCodeError as error:
        raise CommandFailedError(str(error)) from None


class WorkFolder:
    """The work folder of one workspace."""

    def __init__(self, files: Files, folder: str) -> None:
        self._files = files
        self.folder = folder

    @classmethod
    async def open(cls, config: ConfigStore, files: Files) -> WorkFolder:
        return cls(files, await work_folder_setting(config))

    def place(self, code: str) -> WorkPlace:
        """The place of a code; WorkCodeError saying why a code cannot name a folder."""
        return WorkPlace(self.folder, check_code(code))

    async def held(self, place: WorkPlace) -> WorkKind | None:
        """The kind of work the place already holds, if any."""
        present = {kind: await self._exists(place.work_file(kind)) for kind in WORK_FILES}
        return kind_taken(present)

    async def read(self, relative: str) -> str | None:
        """A file of the work folder (workspace-relative), or None when it does not exist; CommandFailedError
        when it exists but cannot be read."""
        if not await self._exists(relative):
            return None
        try:
            return await self._files.read_text(f"/workspace/{relative}")
        except FilesError as error:
            raise CommandFailedError(f"{relative} cannot be read: {error.reason}") from None

    async def write(self, relative: str, text: str) -> None:
        """Write a file of the work folder whole; CommandFailedError saying why it could not be."""
        try:
            await self._files.write_text(f"/workspace/{relative}", text)
        except FilesError as error:
            raise CommandFailedError(f"{relative} could not be written: {error.reason}") from None

    def host_path(self, relative: str) -> str | None:
        """The file behind a work file, for an editor to open (None when the VFS cannot say)."""
        try:
            return self._files.host_path(f"/workspace/{relative}")
        except FilesError:
            return None

    async def _exists(self, relative: str) -> bool:
        try:
            return await self._files.exists(f"/workspace/{relative}")
        except FilesError:
            return False
