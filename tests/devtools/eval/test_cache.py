"""The eval's cache: the product's local model files under $ORKEON_EVAL_CACHE (the model, once joined, is
taken from there without a download)."""

from __future__ import annotations

from pathlib import Path

import pytest

from devtools.eval import cache


def test_the_eval_takes_the_model_from_its_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKEON_EVAL_CACHE", str(tmp_path))
    spec = cache.MODELS["0.5b"]
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / spec.file_name).write_bytes(b"GGUF")
    said: list[str] = []

    found = cache.model_file(spec, said.append)

    assert found == tmp_path / "models" / spec.file_name and said == []

