"""The three front ends of the gate matrix (issue 26), each a real process driven as a person drives it.

Each front end owns one workspace, one loopback stub model and one process, and plays a turn the same way:
a fresh session, the mode set through the front end's own command, the stub scripted with the turn's
model calls, one request, every question answered with the same answer. `turn(...)` returns the matrix's
Observed: the calls the questions named (as the person saw them) and the tool results the model read.

- `CliFrontEnd`: the interactive `orkeon` prompt on a pty (tests/support/pty_cli.py), answering `choose 1-N:`;
- `LspFrontEnd`: `orkeon-lsp` under pytest-lsp's client, answering `window/showMessageRequest`; with
  `skip_questions` it is the deliberately broken front end: it lets the call run without showing the
  question to anyone (it records nothing), as an editor that "does not prompt" would;
- `AcpFrontEnd`: `orkeon-acp` under the ACP SDK's client (tests/support/acp_client.py), answering
  `session/request_permission`.
"""

from __future__ import annotations

import re
import sys
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.uris import from_fs_path
from pytest_lsp.client import make_test_lsp_client

from tests.support import gate_matrix
from tests.support.acp_client import EditorClient, agent, prompt
from tests.support.gate_matrix import Observed
from tests.support.lsp_session import full_capabilities, run_command, server_env
from tests.support.orkeon_cli import STUB_MODEL, orkeon_env
from tests.support.pty_cli import PROMPT, PtyOrkeon
from tests.support.stub_openai_server import StubOpenAIServer

REQUEST = "try each of these calls"
CHOOSE = re.compile(r"choose 1-\d: ")
QUESTION_HEAD = re.compile(r"^(\[[^\]]+\] )?Allow \S+\?$", re.MULTILINE)
QUESTION_OR_PROMPT = re.compile(f"{CHOOSE.pattern}|{PROMPT.pattern}")
ALWAYS_ALLOW = "Always allow"
ACP_ANSWERS = {gate_matrix.ALLOW_ONCE: "allow_once", gate_matrix.DENY: "reject_once", ALWAYS_ALLOW: "allow_always"}
CLI_ANSWERS = {gate_matrix.ALLOW_ONCE: "1", gate_matrix.DENY: "Deny", ALWAYS_ALLOW: ALWAYS_ALLOW}


def observed_from(stub: StubOpenAIServer, questions: list[str]) -> Observed:
    """The turn's Observed: every tool result the model read in any of its requests (the ids are unique)."""
    results: dict[str, str] = {}
    for request in stub.requests:
        results.update(gate_matrix.tool_results(request))
    return Observed(list(questions), results)


class CliFrontEnd:
    name = "cli"

    def __init__(self, stub: StubOpenAIServer, workspace: Path, home: Path) -> None:
        self.stub = stub
        self.workspace = workspace
        self.cli = PtyOrkeon(workspace, orkeon_env(home, stub.url))
        self.cli.expect(PROMPT)

    async def turn(self, mode: str, steps: list[dict[str, Any]], answer: str,
                   calls: tuple[gate_matrix.MatrixCall, ...] = gate_matrix.CALLS) -> Observed:
        self.cli.command("/clear")
        self.cli.command(f"/mode {mode}")
        self.stub.steps = list(steps)
        self.stub.requests.clear()
        self.cli.send(REQUEST)
        questions = []
        while True:
            before, found = self.cli.expect(QUESTION_OR_PROMPT)
            if found.group(0) == PROMPT.pattern:
                return observed_from(self.stub, questions)
            heads = list(QUESTION_HEAD.finditer(before))
            questions.append(gate_matrix.call_named_by(before[heads[-1].start():] if heads else before, calls))
            self.cli.send(CLI_ANSWERS[answer])

    async def close(self) -> None:
        self.cli.close()


class LspFrontEnd:
    name = "lsp"

    def __init__(self, stub: StubOpenAIServer, workspace: Path, home: Path) -> None:
        self.stub = stub
        self.workspace = workspace
        self.home = home
        self.answer = gate_matrix.DENY
        self.questions: list[str] = []
        self.skip_questions = False
        self.calls = gate_matrix.CALLS
        self.client = make_test_lsp_client()

        def ask(params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
            return self._ask(params)

        self.client.feature(types.WINDOW_SHOW_MESSAGE_REQUEST)(ask)

    def _ask(self, params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
        if not self.skip_questions:  # the broken front end shows nothing and lets the call through
            self.questions.append(gate_matrix.call_named_by(params.message, self.calls))
        titles = [action.title for action in params.actions or []]
        answer = gate_matrix.ALLOW_ONCE if self.skip_questions else self.answer
        return types.MessageActionItem(title=answer) if answer in titles else None

    async def start(self) -> LspFrontEnd:
        env = server_env(self.home, ORKEON_MODEL=STUB_MODEL, ORKEON_API_BASE=self.stub.url)
        await self.client.start_io(sys.executable, "-m", "orkeon_lsp", env=env, cwd=str(self.home))
        uri = from_fs_path(str(self.workspace))
        await self.client.initialize_session(types.InitializeParams(
            capabilities=full_capabilities(), root_uri=uri,
            workspace_folders=[types.WorkspaceFolder(uri=uri, name="workspace")]))
        return self

    async def turn(self, mode: str, steps: list[dict[str, Any]], answer: str,
                   calls: tuple[gate_matrix.MatrixCall, ...] = gate_matrix.CALLS) -> Observed:
        await run_command(self.client, "clear")
        await run_command(self.client, "mode", mode)
        self.stub.steps = list(steps)
        self.stub.requests.clear()
        self.answer, self.questions, self.calls = answer, [], calls
        await run_command(self.client, "assistant", REQUEST)
        return observed_from(self.stub, self.questions)

    async def close(self) -> None:
        await self.client.shutdown_session()
        await self.client.stop()


class AcpFrontEnd:
    name = "acp"

    def __init__(self, stub: StubOpenAIServer, workspace: Path, home: Path) -> None:
        self.stub = stub
        self.workspace = workspace
        self.home = home
        self.client = EditorClient()
        self._stack = AsyncExitStack()
        self.conn: Any = None

    async def start(self) -> AcpFrontEnd:
        self.conn = await self._stack.enter_async_context(
            agent(self.client, self.home, ORKEON_MODEL=STUB_MODEL, ORKEON_API_BASE=self.stub.url))
        return self

    async def turn(self, mode: str, steps: list[dict[str, Any]], answer: str,
                   calls: tuple[gate_matrix.MatrixCall, ...] = gate_matrix.CALLS) -> Observed:
        session = (await self.conn.new_session(cwd=str(self.workspace))).session_id
        await self.conn.set_session_mode(session_id=session, mode_id=mode)
        self.client.reset(answers=[ACP_ANSWERS[answer]] * 20)
        self.stub.steps = list(steps)
        self.stub.requests.clear()
        await prompt(self.conn, session, REQUEST)
        questions = [request.tool_call.tool_call_id for request in self.client.permission_requests]
        return observed_from(self.stub, questions)

    async def close(self) -> None:
        await self._stack.aclose()
