"""FakeLocalModelFiles: the LocalModelFiles port over plain fields: what is there, what a fetch finds, and an
error a step raises; `fetched` and `built` record the steps run."""

from __future__ import annotations

from orkeon_engine.domain.model.local_model import LocalModelError, LocalModelSpec
from orkeon_engine.ports.progress import Progress


class FakeLocalModelFiles:
    def __init__(self, folder: str = "/cache/orkeon/local-model", models: dict[str, str] | None = None,
                 server: str = "", cores: int = 2) -> None:
        self._folder = folder
        self.models: dict[str, str] = dict(models or {})
        """The models there, by size key: their file."""
        self.server = server
        """llama-server as found ("" when it must be built)."""
        self._cores = cores
        self.fetch_error: LocalModelError | None = None
        self.build_error: LocalModelError | None = None
        self.fetched: list[str] = []
        self.built = 0

    @property
    def folder(self) -> str:
        return self._folder

    @property
    def cores(self) -> int:
        return self._cores

    async def model_path(self, spec: LocalModelSpec) -> str | None:
        return self.models.get(spec.key)

    async def found_server(self) -> str:
        return self.server

    async def fetch_model(self, spec: LocalModelSpec, progress: Progress) -> str:
        if spec.key not in self.models:
            self.fetched.append(spec.key)
            if self.fetch_error is not None:
                raise self.fetch_error
            progress.report(f"downloaded {spec.title}", 100)
            self.models[spec.key] = f"{self._folder}/models/{spec.file_name}"
        return self.models[spec.key]

    async def server_binary(self, progress: Progress) -> str:
        if not self.server:
            self.built += 1
            if self.build_error is not None:
                raise self.build_error
            progress.report("built llama-server", 100)
            self.server = f"{self._folder}/src/llama.cpp/build/bin/llama-server"
        return self.server
