"""End to end: one gate, every front end. The same scripted model calls reach the same outcome through the
real `orkeon` prompt (a pty answering its question), the real `orkeon-lsp` (pytest-lsp answering
window/showMessageRequest) and the real `orkeon-acp` (the ACP SDK's client answering
session/request_permission), and that outcome is the cell of the table in docs/permissions.md.

Each front end is one process over one workspace and one stub model, shared by this module's tests: its
fixture starts on the first test that needs it, and its tests share an xdist worker (xdist_group). A test
plays one mode's eight turns (four rule set-ups, each answered "Allow once" and then "Deny"). A front end
that skips the question (tests/support/gate_front_ends.py, `skip_questions`) makes the matrix fail;
"Always allow" writes the same rule to the same file everywhere; a child gets its own mode's and step's
cells whichever front end started it.
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from orkeon_engine.domain.permissions.modes import PERMISSION_MODES
from tests.support import gate_matrix
from tests.support.gate_front_ends import ALWAYS_ALLOW, AcpFrontEnd, CliFrontEnd, LspFrontEnd
from tests.support.orkeon_cli import write_user_settings
from tests.support.stub_openai_server import StubOpenAIServer

pytestmark = pytest.mark.asyncio(loop_scope="module")

MATRIX = gate_matrix.read_table()
FRONT_ENDS = [pytest.param(name, id=name, marks=pytest.mark.xdist_group(f"gate-{name}"))
              for name in ("cli", "lsp", "acp")]
"""Under `--dist loadgroup` (the Makefile's) a front end's tests share one xdist worker, so one process."""
DONE = {"content": "Done with the calls."}


async def _started(kind: type, root: Path) -> AsyncIterator[Any]:
    workspace, home = root / "workspace", root / "home"
    workspace.mkdir()
    home.mkdir()
    gate_matrix.prepare_workspace(workspace, {})
    write_user_settings(home, gate_matrix.user_settings())
    trust_store = home / "xdg" / "orkeon" / "trusted.json"  # the matrix's rules are the project's: trusted
    trust_store.write_text(json.dumps({"trusted": [os.path.realpath(workspace)]}), encoding="utf-8")
    with StubOpenAIServer(default={"echo": True}) as stub:
        front_end = kind(stub, workspace, home)
        if hasattr(front_end, "start"):
            await front_end.start()
        try:
            yield front_end
        finally:
            await front_end.close()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def cli_front_end(tmp_path_factory) -> AsyncIterator[CliFrontEnd]:
    async for front_end in _started(CliFrontEnd, tmp_path_factory.mktemp("gate-cli")):
        yield front_end


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def lsp_front_end(tmp_path_factory) -> AsyncIterator[LspFrontEnd]:
    async for front_end in _started(LspFrontEnd, tmp_path_factory.mktemp("gate-lsp")):
        yield front_end


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def acp_front_end(tmp_path_factory) -> AsyncIterator[AcpFrontEnd]:
    async for front_end in _started(AcpFrontEnd, tmp_path_factory.mktemp("gate-acp")):
        yield front_end


@pytest.fixture
def front_end(request):
    """The front end the test is parametrized with (its module fixture, started on first use)."""
    return request.getfixturevalue(f"{request.param}_front_end")


async def _matrix_turn(front_end, mode: str, rules: str, answer: str) -> list[str]:
    """One turn of every call under `mode`, `rules` and `answer`; the cells that differ from the table."""
    settings = gate_matrix.settings_for(rules)
    gate_matrix.prepare_workspace(front_end.workspace, settings)
    observed = await front_end.turn(mode, [gate_matrix.model_turn(settings), DONE], answer)
    seen = gate_matrix.outcomes(observed)
    return [f"{front_end.name}: {problem}"
            for problem in gate_matrix.mismatches(MATRIX, mode, rules, answer, seen)]


@pytest.mark.parametrize("mode", PERMISSION_MODES)
@pytest.mark.parametrize("front_end", FRONT_ENDS, indirect=True)
async def test_every_cell_of_the_documented_matrix_is_what_the_front_end_shows(front_end, mode):
    wrong: list[str] = []

    for rules in gate_matrix.RULE_SETUPS:
        for answer in gate_matrix.ANSWERS:
            wrong += await _matrix_turn(front_end, mode, rules, answer)

    assert wrong == []


@pytest.mark.xdist_group("gate-lsp")
async def test_a_front_end_that_skips_the_question_fails_the_matrix(lsp_front_end):
    lsp_front_end.skip_questions = True
    try:
        wrong = await _matrix_turn(lsp_front_end, "default", "none", gate_matrix.ALLOW_ONCE)
    finally:
        lsp_front_end.skip_questions = False

    assert "lsp: edit src/app.py | none | default | answered Allow once: expected asked then ran, " \
           "saw ran without asking" in wrong
    assert len(wrong) == 5  # the five calls that ask: the edit, ls, uname, the extra tool and the settings file


LS = {"tool_calls": [{"id": "a_ls", "name": "shell_command", "arguments": {"command": "ls"}}], "content": None}
LS_AGAIN = {"tool_calls": [{"id": "a_ls2", "name": "shell_command", "arguments": {"command": "ls"}}],
            "content": None}


@pytest.mark.parametrize("front_end", FRONT_ENDS, indirect=True)
async def test_always_allow_writes_the_same_rule_to_the_same_file_and_the_next_call_runs(front_end):
    gate_matrix.prepare_workspace(front_end.workspace, {})
    first = await front_end.turn("default", [LS, DONE], ALWAYS_ALLOW)
    settings = json.loads((front_end.workspace / gate_matrix.SETTINGS_FILE).read_text(encoding="utf-8"))

    second = await front_end.turn("default", [LS_AGAIN, DONE], gate_matrix.DENY)

    assert settings == {"permissions": {"allow": ["shell_command(ls)"]}}
    assert len(first.questions) == 1
    assert first.results["a_ls"].startswith("exit code 0")
    assert second.questions == [] and second.results["a_ls2"].startswith("exit code 0")


def _child_turn(charter: str, brief: str, calls: tuple[gate_matrix.MatrixCall, ...]) -> list[dict[str, Any]]:
    """The parent spawns a `charter` child in the foreground; the child makes `calls`, then reports."""
    return [
        {"tool_calls": [{"id": f"spawn_{charter}", "name": "spawn_agent",
                         "arguments": {"brief": brief, "charter": charter, "background": False}}], "content": None},
        {"when": brief, **gate_matrix.model_turn({}, calls)},
        {"when": brief, "content": "The report: src/app.py matches the notes."},
        DONE,
    ]


def _child_call(call_id: str, tool: str, arguments: dict[str, Any], shown: str) -> gate_matrix.MatrixCall:
    return gate_matrix.MatrixCall(call_id, call_id, tool, arguments, "", shown)


CHILD_CALLS = (
    _child_call("c_read", "file_read", {"path": "notes.txt"}, "/workspace/notes.txt"),
    _child_call("c_env", "file_read", {"path": ".env"}, "/workspace/.env"),
    _child_call("c_noise", "file_read", {"path": "node_modules/pkg/index.js"}, "/workspace/node_modules/pkg/index.js"),
    _child_call("c_edit", "file_write", {"path": "src/app.py", "content": "VALUE = 3\n"}, "/workspace/src/app.py"),
    _child_call("c_ls", "shell_command", {"command": "ls"}, "$ ls"),
    _child_call("c_extra", gate_matrix.EXTRA_TOOL, {"text": "T-2"}, f"Allow {gate_matrix.EXTRA_TOOL}?"),
)
R, AR, X = gate_matrix.RAN, gate_matrix.ASKED_RAN, gate_matrix.REFUSED
CHILD_CELLS = {
    # dev-reviewer: plan mode (reads only) under dev-review's sets (read-noise, secrets...): nothing asks
    "dev-reviewer": {"c_read": R, "c_env": X, "c_noise": X, "c_edit": X, "c_ls": X, "c_extra": X},
    # general: the parent's mode (default here) and tools (the MCP server's too) under no step: the edit, the
    # command and the extra tool ask, as the parent's
    "general": {"c_read": R, "c_env": X, "c_noise": R, "c_edit": AR, "c_ls": AR, "c_extra": AR},
}


@pytest.mark.parametrize("charter", CHILD_CELLS)
@pytest.mark.parametrize("front_end", FRONT_ENDS, indirect=True)
async def test_a_child_gets_its_charters_and_steps_cells_from_any_front_end(front_end, charter):
    gate_matrix.prepare_workspace(front_end.workspace, {})
    (front_end.workspace / "node_modules" / "pkg").mkdir(parents=True, exist_ok=True)
    (front_end.workspace / "node_modules" / "pkg" / "index.js").write_text("x\n", encoding="utf-8")

    observed = await front_end.turn("default", _child_turn(charter, f"Check src/app.py ({charter})", CHILD_CALLS),
                                    gate_matrix.ALLOW_ONCE, CHILD_CALLS)

    assert gate_matrix.outcomes(observed, CHILD_CALLS) == CHILD_CELLS[charter]
