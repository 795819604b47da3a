"""MemoryVectors: the shared memory index's dense vectors, a sqlite-vec table beside the full-text one.

Each entry's vector is computed by the embedder from its title and text, and kept with the hash of that
text and the model's id (`entries.vector_of`): a changed entry, or another model, gets a new one. The
vectors are brought up to date when a search asks for them, not when the files change, so a search
without vectors never pays for the model. Entry ids are never reused, so a vector left behind by a run
without vectors matches no entry and is never recalled.

The stdlib's sqlite3 cannot load extensions on every Python build (it cannot on this project's CI): the
connection comes from `sqlean`, an SQLite built with extension loading, in the embeddings extra.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from orkeon_engine.adapters.minilm_embedder import MiniLmEmbedder

MIN_SIMILARITY = 0.3
"""A neighbour less similar than this (cosine) is not recalled on its own."""
CHUNK = 256
SCHEMA = """
CREATE VIRTUAL TABLE IF NOT EXISTS entry_vectors USING vec0(
  entry_id INTEGER PRIMARY KEY, embedding float[{dimensions}] distance_metric=cosine
);
"""


def connect_with_vectors(target: str) -> tuple[Any, tuple[type[Exception], ...]]:
    """A connection to `target` with sqlite-vec loaded, and the exception types its errors take."""
    import sqlean
    import sqlite_vec

    conn = sqlean.connect(target, isolation_level=None, check_same_thread=False)
    conn.enable_load_extension(True)
    sqlite_vec.load(conn)
    conn.enable_load_extension(False)
    return conn, (sqlite3.Error, sqlean.Error)


def embedding_text(title: str, text: str) -> str:
    """What an entry's vector is computed from: its title, then its text."""
    return f"{title}\n{text}"


class MemoryVectors:
    """The vectors of one index connection, by `embedder`."""

    def __init__(self, embedder: MiniLmEmbedder) -> None:
        self.embedder = embedder
        self.current = False
        """Whether every entry has its vector (set by `bring_up_to_date`, cleared when entries change)."""

    def create(self, conn: Any) -> None:
        conn.executescript(SCHEMA.format(dimensions=self.embedder.dimensions))

    def forget(self, conn: Any, entry_id: int) -> None:
        conn.execute("DELETE FROM entry_vectors WHERE entry_id = ?", (entry_id,))
        self.current = False

    def ranking(self, conn: Any, query: str, pool: int) -> list[int]:
        """The ids of the `pool` entries nearest `query` (similar enough), nearest first."""
        self.bring_up_to_date(conn)
        vector = self.embedder.encode([query])[0]
        rows = conn.execute(
            "SELECT entry_id, distance FROM entry_vectors WHERE embedding MATCH ? AND k = ? ORDER BY distance",
            (vector.tobytes(), pool)).fetchall()
        return [int(item) for item, distance in rows if 1.0 - float(distance) >= MIN_SIMILARITY]

    def bring_up_to_date(self, conn: Any) -> None:
        """Compute the vectors of the entries that lack one for their text and this model."""
        if self.current:
            return
        model = self.embedder.model_id
        rows = conn.execute(
            "SELECT id, hash, title, body FROM entries WHERE problem IS NULL AND "
            "(vector_of IS NULL OR vector_of != hash || ':' || ?)", (model,)).fetchall()
        for start in range(0, len(rows), CHUNK):
            chunk = rows[start:start + CHUNK]
            vectors = self.embedder.encode([embedding_text(title, body) for _, _, title, body in chunk])
            conn.execute("BEGIN IMMEDIATE")
            try:
                for (entry_id, digest, _, _), vector in zip(chunk, vectors, strict=True):
                    conn.execute("DELETE FROM entry_vectors WHERE entry_id = ?", (entry_id,))
                    conn.execute("INSERT INTO entry_vectors(entry_id, embedding) VALUES (?, ?)",
                                 (entry_id, vector.tobytes()))
                    conn.execute("UPDATE entries SET vector_of = ? WHERE id = ?", (f"{digest}:{model}", entry_id))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        self.current = True
