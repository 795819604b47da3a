"""The shared memory's reference set (tests/fixtures/shared_memory): 205 lessons of a coding agent's own
domain, 50 queries with the entries a good answer holds, and the recall floors bench/memory_recall.py set.
Shared by the recall test and the benchmark."""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from pathlib import Path

from orkeon_engine.domain.shared_memory.evaluation import ReferenceQuery
from orkeon_engine.domain.shared_memory.recall import RecallAnswer

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "shared_memory"
ENTRIES = FIXTURE / "entries"
FLOORS = FIXTURE / "floors.json"


def reference_queries() -> list[ReferenceQuery]:
    rows = json.loads((FIXTURE / "queries.json").read_text(encoding="utf-8"))
    return [ReferenceQuery(row["query"], tuple(row["expected"])) for row in rows]


def seed_memory(root: Path) -> Path:
    """Copy the reference entries into `root`/.orkeon/memory; the folder."""
    folder = root / ".orkeon" / "memory"
    shutil.copytree(ENTRIES, folder, dirs_exist_ok=True)
    return folder


def ranked_keys(answer: RecallAnswer) -> list[str]:
    """The keys of the hits (their file names' stems: the reference entries are named after their keys)."""
    return [Path(hit.path).stem for hit in answer.hits]


def floors() -> dict[str, dict[str, float]]:
    """{"bm25": {"recall": .., "mrr": ..}, "bm25+vectors": {...}}, as the benchmark wrote them."""
    return json.loads(FLOORS.read_text(encoding="utf-8"))


def write_floors(measured: dict[str, tuple[float, float]], margin: float) -> dict[str, dict[str, float]]:
    """Write the floors: each measured figure less `margin`, rounded down to two decimals."""
    def floor(value: float) -> float:
        return max(0.0, int((value - margin) * 100) / 100)

    data = {method: {"recall": floor(recall), "mrr": floor(mrr)} for method, (recall, mrr) in measured.items()}
    FLOORS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return data


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
