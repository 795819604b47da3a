"""End to end: `orkeon assistant` against the loopback stub, its model writing tool calls as text.

In the native protocol (the default for an OpenAI-compatible api base), the model answers with a ```json
call in its content and no tool_calls, as small models on llama.cpp do: the call runs, the file is edited,
and what the person reads holds no blob. With `model.toolCalls: prompt`, no request carries tools: the
tools are in the system message and the result goes back as a <tool_result> user message.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.orkeon_cli import run_orkeon, write_user_settings
from tests.support.stub_openai_server import StubOpenAIServer

WRITE = '{"name": "file_write", "arguments": {"path": "cart.py", "content": "TAX = 0.21\\n"}}'
FENCED = f"```json\n{WRITE}\n```"
TAGGED = f"<tool_call>\n{WRITE}\n</tool_call>"
ANSWER = "cart.py now sets TAX to 0.21."


def _workspace(tmp_path: Path) -> Path:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "cart.py").write_text("TAX = 0.2\n", encoding="utf-8")
    return workspace


def test_a_json_fenced_call_in_the_content_edits_the_file_and_the_answer_holds_no_blob(tmp_path):
    workspace = _workspace(tmp_path)
    with StubOpenAIServer([{"content": f"I will set it.\n{FENCED}"}, {"content": ANSWER}]) as stub:
        done = run_orkeon(workspace, ["assistant", "mode:acceptEdits set the tax to 0.21 in cart.py"], tmp_path,
                          stub.url)
        requests = list(stub.requests)

    assert done.returncode == 0, done.stderr
    assert (workspace / "cart.py").read_text(encoding="utf-8") == "TAX = 0.21\n"
    assert ANSWER in done.stdout
    for shown in (done.stdout, done.stderr):
        assert "```" not in shown and '"arguments"' not in shown
    assert requests[0].get("tools")  # native: the tools were offered as tools
    (result,) = [m for m in requests[1]["messages"] if m["role"] == "tool"]
    assert result["name"] == "file_write" and "cart.py" in result["content"]


def test_in_prompt_mode_no_request_carries_tools_and_the_result_comes_back_as_text(tmp_path):
    workspace = _workspace(tmp_path)
    write_user_settings(tmp_path, {"model.toolCalls": "prompt"})
    with StubOpenAIServer([{"content": TAGGED}, {"content": ANSWER}]) as stub:
        done = run_orkeon(workspace, ["assistant", "mode:acceptEdits set the tax to 0.21 in cart.py"], tmp_path,
                          stub.url)
        requests = list(stub.requests)

    assert done.returncode == 0, done.stderr
    assert (workspace / "cart.py").read_text(encoding="utf-8") == "TAX = 0.21\n"
    assert ANSWER in done.stdout and "<tool_call>" not in done.stdout
    assert all("tools" not in request and "tool_choice" not in request for request in requests)
    system = requests[0]["messages"][0]["content"]
    assert "## Tools" in system and "<tool_call>" in system and "- file_write(" in system
    roles = [m["role"] for m in requests[1]["messages"]]
    assert "tool" not in roles and roles[-2:] == ["assistant", "user"]
    assert requests[1]["messages"][-2]["content"] == TAGGED
    assert requests[1]["messages"][-1]["content"].startswith('<tool_result name="file_write">')


def test_a_bad_tool_calls_setting_is_one_sentence_naming_the_key_and_the_values(tmp_path):
    workspace = _workspace(tmp_path)
    write_user_settings(tmp_path, {"model.toolCalls": "text"})
    with StubOpenAIServer([{"content": ANSWER}]) as stub:
        done = run_orkeon(workspace, ["config", "set", "model.toolCalls", "json"], tmp_path, stub.url)

    said = done.stdout + done.stderr
    assert done.returncode != 0 and "Traceback" not in said
    assert "model.toolCalls" in said and "auto | native | prompt" in said, said
    assert json.loads((tmp_path / "xdg" / "orkeon" / "config.json").read_text())["model.toolCalls"] == "text"
