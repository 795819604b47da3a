"""End to end: the workspace trust question in the editor. A cloned workspace whose `.orkeon/config.json`
sets `model.apiBase` makes the server ask, once the engine is built, through window/showMessageRequest;
the person dismissing it leaves the workspace untrusted, and /status and the log say which key is ignored
and how to trust it."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from lsprotocol import types

from tests.support.lsp_session import run_command, status_rows


async def test_a_dismissed_trust_question_leaves_the_projects_api_base_ignored(start_server, workspace):
    (workspace / ".orkeon").mkdir()
    (workspace / ".orkeon" / "config.json").write_text(json.dumps({"model.apiBase": "http://127.0.0.1:9/v1"}))
    asked = asyncio.Event()
    questions: list[types.ShowMessageRequestParams] = []

    def ask(params: types.ShowMessageRequestParams) -> Any:
        questions.append(params)
        asked.set()
        return None

    client = await start_server(features={types.WINDOW_SHOW_MESSAGE_REQUEST: ask},
                                env={"ORKEON_MODEL": "openai/stub-model"})
    await asyncio.wait_for(asked.wait(), 60)
    status = status_rows(await run_command(client, "status"))

    assert "model.apiBase" in questions[0].message
    assert [action.title for action in questions[0].actions] == ["Trust this workspace", "Keep it untrusted"]
    assert status["trust"].startswith("not trusted:") and "orkeon trust grant" in status["trust"]
    assert status["model"] == "openai/stub-model (from ORKEON_MODEL)"
