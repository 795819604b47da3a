"""Recall over the shared memory: the full-text query built from free words, the fusion of two rankings,
and the answer as the model (memory_recall) and the person (/memory search) read it.

The query comes from a model or a person, so `fts_query` never hands their syntax to SQLite's FTS5: it
keeps words only, each quoted, joined by OR (bm25 then ranks the entries that share the most and the
rarest words). `fuse_rankings` is reciprocal rank fusion: an entry's score is the sum over the rankings
of 1 / (k + its rank), so an entry near the top of both rankings comes first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

RecallMethod = Literal["bm25", "bm25+vectors"]
MAX_QUERY_WORDS = 32
MAX_RECALL = 10
DEFAULT_RECALL = 5
EXCERPT_CHARS = 500
RRF_K = 60
STOP_WORDS = frozenset((
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "do", "does", "for", "from", "has", "have",
    "how", "i", "if", "in", "into", "is", "it", "its", "me", "my", "no", "not", "of", "on", "or", "our", "so",
    "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "to", "was", "we", "were",
    "what", "when", "where", "which", "who", "why", "will", "with", "you", "your",
))
_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class RecallHit:
    """One entry recalled: its path (relative to the workspace), title, tags, score and text."""

    path: str
    title: str
    score: float
    tags: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class RecallAnswer:
    """The best entries for a query, best first, and how they were ranked.

    `note` says why vectors were not used when they were asked for; `problems` names the entry files
    the index skipped (each with its reason); `entries` is how many entries the index holds."""

    hits: tuple[RecallHit, ...] = ()
    method: RecallMethod = "bm25"
    entries: int = 0
    note: str = ""
    problems: tuple[str, ...] = field(default_factory=tuple)


def query_words(text: str) -> list[str]:
    """The words of a query, lower-cased, each once, stop words left out unless nothing else is left."""
    words = list(dict.fromkeys(word.lower() for word in _WORD.findall(text)))
    kept = [word for word in words if word not in STOP_WORDS]
    return (kept or words)[:MAX_QUERY_WORDS]


def fts_query(text: str) -> str:
    """An FTS5 MATCH expression for free text: its words quoted and OR-ed; "" when it has no word."""
    return " OR ".join(f'"{word}"' for word in query_words(text))


def fuse_rankings(rankings: Sequence[Sequence[int]], k: int = RRF_K) -> list[tuple[int, float]]:
    """Reciprocal rank fusion of rankings of ids (best first): (id, score) best first, ties by first seen."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(dict.fromkeys(ranking), start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    order = {item: index for index, item in enumerate(dict.fromkeys(i for r in rankings for i in r))}
    return sorted(scores.items(), key=lambda pair: (-pair[1], order[pair[0]]))


def clamp_limit(limit: int) -> int:
    return max(1, min(MAX_RECALL, limit))


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """The text on one line, cut at a word before `limit` characters with `...` when longer."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    return flat[:limit].rsplit(" ", 1)[0] + "..."


def describe_method(answer: RecallAnswer) -> str:
    if answer.method == "bm25+vectors":
        return "full text (bm25) and vectors, fused"
    return "full text (bm25)" + (f"; {answer.note}" if answer.note else "")


def render_recall(query: str, answer: RecallAnswer) -> str:
    """The answer as the model reads it: each entry with its path, score, tags and text (cut)."""
    if not answer.hits:
        where = f"{answer.entries} entries" if answer.entries else "the shared memory, which is empty"
        return f"no entry of the shared memory matches {query!r} (searched {where})."
    lines = [f"{len(answer.hits)} entries of the shared memory for {query!r}, best first "
             f"({describe_method(answer)}); they are lessons a team wrote, possibly stale: check them "
             "against the code."]
    for rank, hit in enumerate(answer.hits, start=1):
        lines.append(f"{rank}. {hit.title} ({hit.path}, score {format_score(hit.score)})")
        if hit.tags:
            lines.append(f"   tags: {', '.join(hit.tags)}")
        lines.append(f"   {excerpt(hit.text)}")
    return "\n".join(lines)


def format_score(score: float) -> str:
    return f"{score:.4f}" if score < 1 else f"{score:.2f}"
