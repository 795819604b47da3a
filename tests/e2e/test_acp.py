"""End to end: the real `orkeon-acp` over stdio, driven by the ACP SDK's client side (tests/support/
acp_client.py), its model played by the loopback stub server streaming server-sent events.

One agent process and one stub serve the tests of this module (each test opens its own session in its
own folder and sets the stub's script); the test of a client without fs and terminal starts its own.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from acp import RequestError

from tests.support.acp_client import BARE, HANG, EditorClient, agent, prompt
from tests.support.stub_openai_server import StubOpenAIServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

MODEL = {"ORKEON_MODEL": "openai/stub-model"}
ANSWER = "The parser splits the line at each comma, then trims every field."


class Harness:
    """The module's agent, its editor and its model, and a fresh folder per test."""

    def __init__(self, conn, client: EditorClient, stub: StubOpenAIServer, root: Path) -> None:
        self.conn = conn
        self.client = client
        self.stub = stub
        self.root = root
        self._count = 0

    async def session(self, steps, answers=None, buffers=None, files=None) -> tuple[str, Path]:
        """A new session in a new folder holding `files`, the stub playing `steps`."""
        self._count += 1
        folder = self.root / f"ws{self._count}"
        folder.mkdir()
        for name, text in (files or {}).items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text, encoding="utf-8")
        self.client.reset(answers, buffers)
        self.stub.steps = list(steps)
        self.stub.requests.clear()
        response = await self.conn.new_session(cwd=str(folder))
        return response.session_id, folder


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def harness(tmp_path_factory) -> AsyncIterator[Harness]:
    root = tmp_path_factory.mktemp("acp")
    client = EditorClient()
    with StubOpenAIServer(default={"echo": True}) as stub:
        async with agent(client, root, ORKEON_API_BASE=stub.url, **MODEL) as conn:
            yield Harness(conn, client, stub, root)


def _write(path: str, content: str, call_id: str = "call_w") -> dict:
    return {"tool_calls": [{"id": call_id, "name": "file_write", "arguments": {"path": path, "content": content}}],
            "content": None}


async def test_a_prompt_streams_the_answer_in_chunks_and_ends_with_end_turn(harness):
    session, _ = await harness.session([{"content": ANSWER}])

    stop = await prompt(harness.conn, session, "how does the parser split a line?")

    chunks = harness.client.of_kind("agent_message_chunk", session)
    assert stop == "end_turn"
    assert len(chunks) > 1 and harness.client.agent_text(session) == ANSWER
    assert harness.stub.requests[0]["stream"] is True


async def test_a_new_session_announces_the_catalogues_commands_and_its_mode(harness):
    session, _ = await harness.session([])

    (commands,) = await harness.client.wait_for("available_commands_update")
    (mode,) = await harness.client.wait_for("current_mode_update")

    names = {command.name: command for command in commands.available_commands}
    assert {"assistant", "status", "mode", "review", "undo", "rewind"} <= set(names)
    assert names["mode"].input is not None and mode.current_mode_id == "default"


async def test_an_allowed_edit_asks_first_and_arrives_through_fs_write_text_file(harness):
    steps = [{"tool_calls": [{"id": "call_r", "name": "file_read", "arguments": {"path": "cart.py"}}],
              "content": None},
             _write("cart.py", "TAX = 0.21\n"),
             {"content": "cart.py now sets TAX to 0.21."}]
    session, folder = await harness.session(steps, answers=["allow_once"], files={"cart.py": "TAX = 0.2\n"})
    host = os.path.realpath(folder / "cart.py")
    harness.client.buffers[host] = "TAX = 0.2  # unsaved\n"

    stop = await prompt(harness.conn, session, "set the tax to 0.21 in cart.py")

    (question,) = harness.client.permission_requests
    assert stop == "end_turn"
    assert question.kinds() == ["allow_once", "allow_always", "reject_once", "reject_always"]
    assert question.tool_call.tool_call_id == "call_w" and question.tool_call.kind == "edit"
    assert harness.client.writes == [(host, "TAX = 0.21\n")]
    assert (folder / "cart.py").read_text(encoding="utf-8") == "TAX = 0.2\n"
    assert "TAX = 0.2  # unsaved" in harness.stub.requests[1]["messages"][-1]["content"]
    start = next(u for u in harness.client.of_kind("tool_call", session) if u.tool_call_id == "call_w")
    (diff,) = start.content
    assert (diff.path, diff.old_text, diff.new_text) == (host, "TAX = 0.2  # unsaved\n", "TAX = 0.21\n")
    assert start.locations[0].path == host
    done = [u.status for u in harness.client.of_kind("tool_call_update", session) if u.tool_call_id == "call_w"]
    assert done == ["in_progress", "completed"]


async def test_undo_through_the_prompt_gives_the_clients_buffer_its_unsaved_text_back(harness):
    steps = [_write("cart.py", "TAX = 0.21\n"), {"content": "cart.py now sets TAX to 0.21."}]
    session, folder = await harness.session(steps, answers=["allow_once"], files={"cart.py": "TAX = 0.2\n"})
    host = os.path.realpath(folder / "cart.py")
    harness.client.buffers[host] = "TAX = 0.2  # unsaved\n"
    await prompt(harness.conn, session, "set the tax to 0.21 in cart.py")

    stop = await prompt(harness.conn, session, "/undo")

    assert stop == "end_turn"
    assert harness.client.writes == [(host, "TAX = 0.21\n"), (host, "TAX = 0.2  # unsaved\n")]
    assert "took back the edits of turn 1" in harness.client.agent_text(session)
    assert (folder / "cart.py").read_text(encoding="utf-8") == "TAX = 0.2\n"


async def test_reject_always_writes_a_deny_rule_and_the_file_is_left_alone(harness):
    steps = [_write("cart.py", "TAX = 1\n"), {"content": "I will not change cart.py."}]
    session, folder = await harness.session(steps, answers=["reject_always"], files={"cart.py": "TAX = 0.2\n"})

    stop = await prompt(harness.conn, session, "set the tax to 1")

    settings = json.loads((folder / ".orkeon" / "config.json").read_text(encoding="utf-8"))
    assert stop == "end_turn"
    assert settings["permissions"] == {"deny": ["file_write(/cart.py)"]}
    assert harness.client.writes == [] and (folder / "cart.py").read_text(encoding="utf-8") == "TAX = 0.2\n"
    assert "refused by the person" in harness.stub.requests[1]["messages"][-1]["content"]
    (failed,) = [u for u in harness.client.of_kind("tool_call_update", session) if u.tool_call_id == "call_w"]
    assert failed.status == "failed"


async def test_allow_always_writes_the_rule_it_showed(harness):
    steps = [_write("notes.md", "# notes\n"), {"content": "done"}]
    session, folder = await harness.session(steps, answers=["allow_always"])

    await prompt(harness.conn, session, "start the notes")

    (question,) = harness.client.permission_requests
    shown = next(option.name for option in question.options if option.kind == "allow_always")
    settings = json.loads((folder / ".orkeon" / "config.json").read_text(encoding="utf-8"))
    assert settings["permissions"] == {"allow": ["file_write(/notes.md)"]}
    assert "file_write(/notes.md)" in shown and harness.client.writes[0][1] == "# notes\n"


async def test_cancel_stops_a_turn_waiting_on_the_model_and_the_session_goes_on(harness):
    session, _ = await harness.session([{"hang": 30}, {"content": "back again"}])
    running = asyncio.ensure_future(prompt(harness.conn, session, "take your time"))
    while not harness.stub.requests:
        await asyncio.sleep(0.02)

    await harness.conn.cancel(session_id=session)

    assert await asyncio.wait_for(running, 10) == "cancelled"
    assert await prompt(harness.conn, session, "still there?") == "end_turn"
    assert harness.client.agent_text(session) == "back again"


async def test_cancel_stops_a_turn_waiting_on_the_persons_answer(harness):
    session, folder = await harness.session([_write("a.txt", "x\n")], answers=[HANG])
    running = asyncio.ensure_future(prompt(harness.conn, session, "write a.txt"))
    while not harness.client.permission_requests:
        await asyncio.sleep(0.02)

    await harness.conn.cancel(session_id=session)

    assert await asyncio.wait_for(running, 10) == "cancelled"
    assert not (folder / "a.txt").exists() and harness.client.writes == []


async def test_a_shell_command_runs_in_the_editors_terminal(harness):
    steps = [{"tool_calls": [{"id": "call_s", "name": "shell_command", "arguments": {"command": "ls"}}],
              "content": None},
             {"content": "one file"}]
    session, folder = await harness.session(steps, answers=["allow_once"], files={"only.txt": "x"})

    stop = await prompt(harness.conn, session, "list the files")

    (terminal,) = harness.client.terminals.values()
    assert stop == "end_turn"
    assert (terminal.args[-2:], terminal.cwd, terminal.released) == (["-c", "ls"], str(folder), True)
    assert "exit code 0\nonly.txt" in harness.stub.requests[1]["messages"][-1]["content"]
    contents = [item.type for u in harness.client.of_kind("tool_call_update", session) if u.content
                for item in u.content]
    assert "terminal" in contents


async def test_set_mode_plan_and_a_plan_turn_shows_its_plan(harness):
    session, _ = await harness.session([{"content": "1. Read the parser\n2. Split it\n3. Run the tests"}])

    await harness.conn.set_session_mode(session_id=session, mode_id="plan")
    await prompt(harness.conn, session, "how would you split the parser?")

    modes = [u.current_mode_id for u in harness.client.of_kind("current_mode_update", session)]
    (plan,) = harness.client.of_kind("plan", session)
    assert modes[-1] == "plan"
    assert [entry.content for entry in plan.entries] == ["Read the parser", "Split it", "Run the tests"]
    assert "read-only" in harness.stub.requests[0]["messages"][0]["content"]


async def test_an_unknown_mode_is_refused_with_the_modes(harness):
    session, _ = await harness.session([])

    with pytest.raises(RequestError) as refused:
        await harness.conn.set_session_mode(session_id=session, mode_id="yolo")

    assert "acceptEdits" in str(refused.value)


async def test_a_slash_command_answers_with_its_view(harness):
    session, folder = await harness.session([])

    stop = await prompt(harness.conn, session, "/status")

    assert stop == "end_turn" and str(folder) in harness.client.agent_text(session)


async def test_a_loaded_session_replays_its_conversation(harness):
    session, folder = await harness.session([{"content": "first answer"}])
    await prompt(harness.conn, session, "first question")
    harness.client.reset()

    response = await harness.conn.load_session(cwd=str(folder), session_id=session)

    said = [(u.session_update, u.content.text) for _, u in harness.client.updates
            if u.session_update in ("user_message_chunk", "agent_message_chunk")]
    assert said == [("user_message_chunk", "first question"), ("agent_message_chunk", "first answer")]
    assert response.modes.current_mode_id == "default"


async def test_loading_a_session_that_does_not_exist_is_an_error(harness):
    _, folder = await harness.session([])

    with pytest.raises(RequestError) as refused:
        await harness.conn.load_session(cwd=str(folder), session_id="no-such-session")

    assert "no-such-session" in str(refused.value)


async def test_a_client_without_fs_or_terminal_gets_the_disk_and_the_local_shell(tmp_path):
    (tmp_path / "ws").mkdir()
    steps = [_write("a.txt", "on disk\n"), {"tool_calls": [{"id": "s", "name": "shell_command",
                                                            "arguments": {"command": "cat a.txt"}}],
                                            "content": None}, {"content": "done"}]
    client = EditorClient(answers=["allow_once", "allow_once"])
    with StubOpenAIServer(steps) as stub:
        async with agent(client, tmp_path, capabilities=BARE, ORKEON_API_BASE=stub.url, **MODEL) as conn:
            session = (await conn.new_session(cwd=str(tmp_path / "ws"))).session_id
            stop = await prompt(conn, session, "write a.txt and show it")
        requests = list(stub.requests)

    assert stop == "end_turn"
    assert (tmp_path / "ws" / "a.txt").read_text(encoding="utf-8") == "on disk\n"
    assert client.writes == [] and client.terminals == {}
    assert "exit code 0\non disk" in requests[2]["messages"][-1]["content"]


async def test_the_todo_list_the_model_keeps_is_the_sessions_plan_with_each_status(harness):
    todos = [{"content": "Read the parser", "status": "completed"}, {"content": "Split it", "status": "in_progress"}]
    session, _ = await harness.session([{"tool_calls": [{"name": "todo_write", "arguments": {"todos": todos}}],
                                         "content": None}, {"content": "Working on it."}])

    await prompt(harness.conn, session, "split the parser")

    (plan,) = harness.client.of_kind("plan", session)
    assert [(entry.content, entry.status) for entry in plan.entries] == [("Read the parser", "completed"),
                                                                          ("Split it", "in_progress")]
