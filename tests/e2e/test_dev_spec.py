"""End to end: /dev-spec through the real language server, the model played by the loopback stub.

The spec is drafted from the stub's JSON and written; its first question (the Blocking one, its
recommended option first) is asked through window/showMessageRequest and the answer lands under
Decisions in spec.md; the second question is dismissed, so it stays open and the step reads BLOCKED; the
background reviewer's answer is recorded in review.md and shown as a document.
"""

from __future__ import annotations

from pathlib import Path

from pygls.uris import to_fs_path

from tests.e2e.test_crews import answering, model_env
from tests.support.dev_steps import MAJOR_FINDING, findings, spec_answer
from tests.support.lsp_session import run_command
from tests.support.stub_openai_server import StubOpenAIServer

SCRIPT = [
    {"when": "You draft the spec of a feature", "content": spec_answer()},
    {"when": "Review .orkeon/work/cart-save/spec.md", "content": findings(MAJOR_FINDING)},
]


async def test_dev_spec_asks_its_first_question_in_the_editor_and_records_the_answer(start_server, workspace):
    (workspace / "shop").mkdir()
    (workspace / "shop" / "cart.py").write_text("class Cart:\n    pass\n", encoding="utf-8")
    features, asked = answering("Keep the saved prices (recommended)", None)
    with StubOpenAIServer(SCRIPT) as stub:
        client = await start_server(features=features, env=model_env(stub))

        result = await run_command(client, "dev-spec", "cart-save", "let", "shoppers", "save", "a", "cart")

    spec = (workspace / ".orkeon" / "work" / "cart-save" / "spec.md").read_text(encoding="utf-8")
    decisions = spec.split("## 13. Decisions")[1]
    assert [a.title for a in asked[0].actions] == ["Keep the saved prices (recommended)", "Take today's prices"]
    assert "Q1 (Blocking), question 1 of 2" in asked[0].message
    assert "### Q1 · Blocking" in decisions and "- Answer: Keep the saved prices\n- Given as: option 1" in decisions
    assert "### Q2 · Major" in spec.split("## 12. Open questions")[1].split("## 13.")[0]
    assert result["message"] == "spec cart-save: BLOCKED — 1 open question"
    review = workspace / ".orkeon" / "work" / "cart-save" / "review.md"
    assert "### R1 · Major · UC1" in review.read_text(encoding="utf-8")
    shown = [Path(to_fs_path(document.uri)).name for document in client.shown_documents]
    assert "dev-spec.md" in shown
    assert result["data"]["review"]["verdict"] == "FINDINGS"
