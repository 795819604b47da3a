"""LocalModelFiles and LocalModelServer: the local model's files in the user's cache folder (the model joined
from its wheels, llama-server found or built), and the one server per user that serves it on demand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from orkeon_engine.domain.model.local_model import LocalModelSpec, ServerRecord
from orkeon_engine.ports.progress import Progress


class LocalModelFiles(Protocol):
    """The model files and llama-server, kept in one folder of the user's cache.

    Failure contract: `model_path` and `found_server` never raise (nothing there is None, or ""); `fetch_model`
    and `server_binary` raise LocalModelError naming the step that failed and what would let it pass, and leave
    no half-written file where a later run would take it for a whole one. Progress is reported as it goes."""

    @property
    def folder(self) -> str:
        """Where the files are kept."""
        ...

    @property
    def cores(self) -> int:
        """How many cores a build of llama-server uses (for the time said before it)."""
        ...

    async def model_path(self, spec: LocalModelSpec) -> str | None:
        """The model's GGUF file when it is there, else None."""
        ...

    async def found_server(self) -> str:
        """llama-server on PATH, else the one built before, else ""."""
        ...

    async def fetch_model(self, spec: LocalModelSpec, progress: Progress) -> str:
        """The model's file, downloaded and joined when missing."""
        ...

    async def server_binary(self, progress: Progress) -> str:
        """llama-server, found or built when missing."""
        ...


@dataclass(frozen=True)
class LocalServerStatus:
    """The server as the lock file and the process table say: the record (None: no server), whether its
    supervisor is alive, and the seconds since the last model call (None: unknown)."""

    record: ServerRecord | None
    alive: bool
    idle_seconds: float | None = None
    folder: str = ""


class LocalModelServer(Protocol):
    """The one llama-server of this user, shared by every workspace, under a lock file.

    Failure contract: `api_base` starts it when none runs (or the one running serves another model, or its lock
    file is stale), waits for its health, records the call for the idle stop, and returns its address; it raises
    LocalModelError when it cannot start, or crashed again after its one restart (the crash is said once, the
    next call starts it afresh). `status` never raises; `stop` returns whether a server was stopped."""

    async def api_base(self, model_path: str, binary: str, alias: str, idle_minutes: float) -> str:
        ...

    async def status(self) -> LocalServerStatus:
        ...

    async def stop(self) -> bool:
        ...
