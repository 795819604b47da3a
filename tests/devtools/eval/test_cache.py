"""The cache: a model joined from its wheels' parts in order and checked; the build's instruction sets."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from devtools.eval import cache


def _wheel(folder: Path, package: str, number: int, data: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(folder / f"{package}{number}-1.0-py3-none-any.whl", "w") as wheel:
        wheel.writestr(f"{package}{number}/data/part{number:02d}.bin", data)


def _spec(size: int | None) -> cache.ModelSpec:
    return cache.ModelSpec("tiny", "Tiny model", ("tiny-part1", "tiny-part2", "tiny-part10"), "tiny.gguf", size)


def _parts(root: Path, first: bytes) -> None:
    folder = root / "wheels" / "tiny"
    _wheel(folder, "tiny_part", 1, first)
    _wheel(folder, "tiny_part", 2, b"-two-")
    _wheel(folder, "tiny_part", 10, b"-ten")
    # the numbered part files are named in order; part1 must not pick part10's wheel
    (folder / "pip-download.log").write_text("", encoding="utf-8")


def test_the_parts_are_joined_in_their_numbers_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKEON_EVAL_CACHE", str(tmp_path))
    _parts(tmp_path, b"GGUF-one")
    spec = _spec(size=len(b"GGUF-one-two--ten"))
    (tmp_path / "models").mkdir()

    joined = cache._join(spec)

    assert joined.read_bytes() == b"GGUF-one-two--ten"


def test_a_joined_file_that_is_not_gguf_is_refused_and_removed(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKEON_EVAL_CACHE", str(tmp_path))
    _parts(tmp_path, b"HTML-one")

    with pytest.raises(cache.EvalSetupError, match="does not start with GGUF"):
        cache._join(_spec(size=None))
    assert list((tmp_path / "models").glob("*")) == []


def test_a_joined_file_of_the_wrong_size_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKEON_EVAL_CACHE", str(tmp_path))
    _parts(tmp_path, b"GGUF-one")

    with pytest.raises(cache.EvalSetupError, match="not the 5 expected"):
        cache._join(_spec(size=5))


def test_the_build_names_its_instruction_sets_and_never_amx() -> None:
    flags = cache.cpu_flags()

    assert flags == [] or ("-DGGML_NATIVE=OFF" in flags and "-DGGML_AMX_INT8=OFF" in flags)
