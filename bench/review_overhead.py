"""Review overhead beside the model: a 2,000-line diff and 100 findings from the scripted model.

Measures, in one run, from the model's last reply to the last diagnostic published: the answer validated,
the findings anchored, merged and ranked, stored in a real state.db, announced, found again in each file's
text and published as LSP diagnostics (serialised as the server sends them). Also the anchoring cost per
finding. The baseline is the floor the review cannot avoid: validating the model's JSON answer alone.
Budget (DESIGN.md): under 100 ms. Prints figures only; asserts nothing.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lsprotocol import types  # noqa: E402
from pygls.protocol import default_converter  # noqa: E402
from pygls.workspace import Workspace  # noqa: E402

from orkeon_engine.adapters.sqlite_db import SqliteDatabase  # noqa: E402
from orkeon_engine.adapters.sqlite_findings_store import SqliteFindingsStore  # noqa: E402
from orkeon_engine.commands.git.review import ARGS, run_review  # noqa: E402
from orkeon_engine.crews.code_review.answer import LensAnswer  # noqa: E402
from orkeon_engine.domain.git.diff import parse_diff  # noqa: E402
from orkeon_engine.domain.review.anchoring import Proposal, settle_findings  # noqa: E402
from orkeon_engine.domain.ui.args import parse_args  # noqa: E402
from orkeon_engine.services.findings_board import FindingsBoard  # noqa: E402
from orkeon_lsp.features.diagnostics import Diagnostics  # noqa: E402
from tests.support.deps import make_deps  # noqa: E402
from tests.support.doubles.fake_review_source import FakeReviewSource  # noqa: E402
from tests.support.scripted_chat_model import ScriptedChatModel  # noqa: E402

FILES = 10
LINES_PER_FILE = 196  # with the four header lines of each file, the diff is 2,000 lines
FINDINGS = 100
RUNS = 15


def make_workspace(root: Path) -> tuple[str, str]:
    """Ten files on disk and the staged-style diff that added most of their lines; the model's answer."""
    diff: list[str] = []
    findings: list[dict[str, Any]] = []
    for index in range(FILES):
        path = f"pkg/module_{index}.py"
        lines = [f"value_{index}_{n} = compute({n}, scale={index})" for n in range(LINES_PER_FILE)]
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("\n".join(lines) + "\n", encoding="utf-8")
        diff += [f"diff --git a/{path} b/{path}", f"--- a/{path}", f"+++ b/{path}",
                 f"@@ -1,10 +1,{LINES_PER_FILE} @@"]
        diff += [(" " if n < 10 else "+") + line for n, line in enumerate(lines)]
        for k in range(FINDINGS // FILES):
            number = 20 + k * 15
            stated = number if k % 3 else number - 2  # a third quote a line two above: anchoring moves them
            findings.append({"path": path, "line": stated, "quote": lines[number - 1], "severity": "medium",
                             "title": f"finding {index}-{k}", "detail": "the scale is applied twice",
                             "replacement": lines[number - 1].replace("scale", "factor")})
    return "\n".join(diff) + "\n", json.dumps({"findings": findings})


class _Server:
    """What Diagnostics needs of the language server: the engine, the workspace, the publish call."""

    def __init__(self, root: Path, engine: Any) -> None:
        self.workspace = Workspace(root.as_uri())
        self.engine = self
        self._engine = engine
        self.converter = default_converter()
        self.published = 0
        self.last_publish = 0.0

    async def get(self) -> Any:
        return self._engine

    def text_document_publish_diagnostics(self, params: types.PublishDiagnosticsParams) -> None:
        json.dumps(self.converter.unstructure(params))
        self.published += 1
        self.last_publish = time.perf_counter()

    def log(self, level: str, message: str) -> None:
        pass


class _Engine:
    def __init__(self, board: FindingsBoard, root: Path) -> None:
        self.findings = board
        self.repository_root = str(root)


async def one_run(root: Path, diff: str, reply: str) -> float:
    db = SqliteDatabase(root / f"state-{time.perf_counter_ns()}.db")
    board = FindingsBoard(SqliteFindingsStore(db))
    server = _Server(root, _Engine(board, root))
    await Diagnostics(server).attach()  # type: ignore[arg-type]
    last_reply = 0.0

    def answer(request: Any) -> str:
        nonlocal last_reply
        last_reply = time.perf_counter()
        return reply

    deps = await make_deps(chat_model=ScriptedChatModel([answer]), review_source=FakeReviewSource(diff))
    deps.findings = board
    view = await run_review(parse_args("review", ARGS, ["--lens", "correctness"]), deps)
    assert view.lines and server.published == FILES, (view.message, server.published)
    db.close()
    return (server.last_publish - last_reply) * 1000


def anchoring_cost(diff_text: str, reply: str) -> float:
    diff = parse_diff(diff_text)
    answer = LensAnswer.model_validate_json(reply)
    proposals = [Proposal(f.path, f.line, f.quote, f.severity, "correctness", f.title, f.detail,
                          replacement=f.replacement) for f in answer.findings]
    start = time.perf_counter()
    for _ in range(RUNS):
        settle_findings(proposals, diff)
    return (time.perf_counter() - start) * 1_000_000 / RUNS / len(proposals)


def baseline(reply: str) -> float:
    start = time.perf_counter()
    for _ in range(RUNS):
        LensAnswer.model_validate_json(reply)
    return (time.perf_counter() - start) * 1000 / RUNS


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        diff, reply = make_workspace(root)
        asyncio.run(one_run(root, diff, reply))  # warm-up: imports, first SQLite file
        times = [asyncio.run(one_run(root, diff, reply)) for _ in range(RUNS)]
        per_finding = anchoring_cost(diff, reply)
        floor = baseline(reply)
    print(f"diff: {diff.count(chr(10))} lines in {FILES} files; {FINDINGS} findings; {RUNS} runs")
    print(f"baseline, validating the model's JSON answer alone: {floor:.2f} ms")
    print(f"last model reply -> last diagnostic published: p50 {statistics.median(times):.1f} ms, "
          f"max {max(times):.1f} ms (budget < 100 ms)")
    print(f"anchoring, merging and ranking: {per_finding:.1f} us per finding")


if __name__ == "__main__":
    main()
