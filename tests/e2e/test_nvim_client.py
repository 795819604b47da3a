"""The Neovim client end to end: a headless Neovim loads editors/nvim the README's plain-packpath way and
runs it against the real `orkeon-lsp` (tests/support/nvim.py), the model played by the loopback stub."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
from pathlib import Path

import pytest

from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.adapters.sqlite_session_store import SqliteSessionStore
from orkeon_engine.adapters.system_clock import SystemClock
from orkeon_engine.commands.catalogue import CATALOGUE
from orkeon_engine.domain.session.session import BufferEntry
from tests.support.nvim import run_in_nvim
from tests.support.stub_openai_server import StubOpenAIServer


def git(folder: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=True, timeout=60)
    return done.stdout


def model_env(stub: StubOpenAIServer) -> dict[str, str]:
    return {"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url}


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    folder = (tmp_path / "project").resolve()
    folder.mkdir()
    git(folder, "init", "-q", "-b", "main")
    git(folder, "config", "user.name", "Ana Tester")
    git(folder, "config", "user.email", "ana@example.com")
    (folder / "cart.py").write_text("TAX = 0.2\n", encoding="utf-8")
    git(folder, "add", "cart.py")
    git(folder, "commit", "-q", "-m", "chore: start")
    (folder / "cart.py").write_text("TAX = 0.21\n", encoding="utf-8")
    return folder

STATUS = """
require('orkeon').setup({ cmd = E.server_cmd })
vim.cmd('Orkeon status')
local buf = E.view('status')
E.record('lines', vim.api.nvim_buf_get_lines(buf, 0, -1, false))
E.record('buftype', vim.bo[buf].buftype)
E.record('shown', vim.fn.bufwinid(buf) ~= -1)
E.record('root', vim.lsp.get_clients({ name = 'orkeon' })[1].root_dir)
"""


def test_orkeon_status_shows_the_view_in_a_scratch_buffer(tmp_path):
    workspace = (tmp_path / "project").resolve()
    workspace.mkdir()

    recorded = run_in_nvim(tmp_path, workspace, STATUS)

    rows = {line.split()[0]: line for line in recorded["lines"] if line.strip()}
    assert str(workspace) in rows["workspace"]
    assert "version" in rows
    assert recorded["buftype"] == "nofile"
    assert recorded["shown"] is True
    assert recorded["root"] == str(workspace)


COMPLETION = """
require('orkeon').setup({ cmd = E.server_cmd })
E.record('names', vim.fn.getcompletion('Orkeon ', 'cmdline'))
E.record('config_flags', vim.fn.getcompletion('Orkeon config --', 'cmdline'))
"""


def test_orkeon_completes_command_names_and_their_flags(tmp_path):
    workspace = (tmp_path / "project").resolve()
    workspace.mkdir()

    recorded = run_in_nvim(tmp_path, workspace, COMPLETION)

    assert recorded["names"] == sorted([*(entry.name for entry in CATALOGUE), "cancel"])
    assert "--user" in recorded["config_flags"]


DRAFT = {"type": "fix", "scope": "cart", "subject": "round the tax to whole cents",
         "body": "Totals were off by a cent on some carts.", "breaking": False}
EDITED = "fix(cart): keep the tax in cents\n\nWritten in Neovim."

COMMIT = """
vim.ui.select = function(items, opts, on_choice)
  E.record('question', opts.prompt)
  E.record('choices', vim.tbl_map(opts.format_item, items))
  on_choice(items[2])
end
vim.ui.input = function(opts, on_confirm)
  E.record('asked', opts.prompt)
  E.record('default', opts.default)
  on_confirm(%s)
end
require('orkeon').setup({ cmd = E.server_cmd })
vim.cmd('Orkeon commit')
E.record('lines', vim.api.nvim_buf_get_lines(E.view('commit'), 0, -1, false))
"""


def test_the_servers_question_and_free_text_go_through_vim_ui_select_and_input(tmp_path, repository):
    with StubOpenAIServer([{"content": json.dumps(DRAFT)}]) as stub:
        recorded = run_in_nvim(tmp_path, repository, COMMIT % json.dumps(EDITED), env=model_env(stub))

    assert recorded["question"].startswith("Orkeon: ") and "round the tax to whole cents" in recorded["question"]
    assert recorded["choices"] == ["Commit", "Edit message", "Cancel"]
    assert recorded["asked"] == "Orkeon: Commit message "
    assert recorded["default"].startswith("fix(cart): round the tax to whole cents")
    assert any(line.startswith("committed ") for line in recorded["lines"])
    assert git(repository, "log", "-1", "--format=%B").strip() == EDITED
    assert "Orkeon /commit: drafting the message" in recorded["echoes"]


OLD = "import os\n\n\ndef load(path):\n    return None\n"
NEW = ("import os\n\n\ndef load(path):\n    handle = open(path)\n    data = handle.read()\n    return data\n\n\n"
       "def size(path):\n    return os.stat(path).st_size / 0\n")
LEAK = {"path": "app.py", "line": 5, "quote": "    handle = open(path)", "severity": "high",
        "title": "The file is never closed", "detail": "Use a with block."}
ZERO = {"path": "app.py", "line": 10, "quote": "return os.stat(path).st_size / 0", "severity": "medium",
        "title": "Division by zero", "detail": "size always raises."}
WRONG = {"path": "app.py", "line": 4, "quote": "os.remove(path)", "severity": "low",  # on no added line
         "title": "A quote that is not in the diff"}


@pytest.fixture
def staged_change(tmp_path: Path) -> Path:
    folder = (tmp_path / "project").resolve()
    folder.mkdir()
    git(folder, "init", "-q", "-b", "main")
    git(folder, "config", "user.name", "Ana Tester")
    git(folder, "config", "user.email", "ana@example.com")
    (folder / "app.py").write_text(OLD, encoding="utf-8")
    git(folder, "add", "app.py")
    git(folder, "commit", "-q", "-m", "chore: start")
    (folder / "app.py").write_text(NEW, encoding="utf-8")
    git(folder, "add", "app.py")
    return folder


REVIEW = """
require('orkeon').setup({ cmd = E.server_cmd })
vim.cmd('Orkeon review --lens correctness')
E.record('lines', vim.api.nvim_buf_get_lines(E.view('review'), 0, -1, false))
local file = vim.uri_to_bufnr(vim.uri_from_fname(vim.fs.joinpath(E.workspace, 'app.py')))
E.wait(function() return #vim.diagnostic.get(file) == 2 end, 'two diagnostics on app.py')
local function lines_and_severities()
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(file)) do
    found[#found + 1] = { line = d.lnum, severity = d.severity, source = d.source, code = d.code, message = d.message }
  end
  table.sort(found, function(a, b) return a.line < b.line end)
  return found
end
E.record('published', lines_and_severities())

-- opened and edited above the findings: they follow the text
vim.cmd.edit(vim.fs.joinpath(E.workspace, 'app.py'))
vim.api.nvim_buf_set_lines(0, 0, 0, false, { '# one', '# two' })
E.wait(function()
  local now = lines_and_severities()
  return #now == 2 and now[1].line == 6 and now[2].line == 12
end, 'the diagnostics to move two lines down')
E.record('moved', lines_and_severities())
"""


def test_review_puts_its_findings_on_the_right_lines_as_diagnostics(tmp_path, staged_change):
    reply = {"content": json.dumps({"findings": [LEAK, ZERO, WRONG]})}
    with StubOpenAIServer([reply], default={"content": json.dumps({"findings": []})}) as stub:
        recorded = run_in_nvim(tmp_path, staged_change, REVIEW, env=model_env(stub))

    assert recorded["lines"][:2] == ["app.py:5: high [correctness] The file is never closed",
                                     "app.py:11: medium [correctness] Division by zero"]
    published = recorded["published"]
    assert [(d["line"], d["severity"], d["code"]) for d in published] == [(4, 1, "correctness"), (10, 2, "correctness")]
    assert all(d["source"] == "orkeon" for d in published)
    assert "The file is never closed" in published[0]["message"]
    assert [d["line"] for d in recorded["moved"]] == [6, 12]


ASSISTANT_SCRIPT = [
    {"tool_calls": [{"name": "file_read", "arguments": {"path": "cart.py"}}], "content": None},
    {"tool_calls": [{"name": "file_write", "arguments": {"path": "cart.py", "content": "TAX = 0.21\n"}}],
     "content": None},
    {"content": "cart.py now sets TAX to 0.21."},
]

PERMISSION = """
vim.ui.select = function(items, opts, on_choice)
  E.record('question', opts.prompt)
  E.record('choices', vim.tbl_map(opts.format_item, items))
  for _, item in ipairs(items) do
    if item.title == %s then return on_choice(item) end
  end
  on_choice(nil)
end
require('orkeon').setup({ cmd = E.server_cmd })
vim.cmd.edit(vim.fs.joinpath(E.workspace, 'cart.py'))
local cart = vim.api.nvim_get_current_buf()
vim.cmd('Orkeon assistant set the tax to 0.21 in cart.py')
E.record('lines', vim.api.nvim_buf_get_lines(E.view('assistant'), 0, -1, false))
E.record('cart', vim.api.nvim_buf_get_lines(cart, 0, -1, false))
"""


@pytest.mark.parametrize(("answer", "buffer"), [("Allow once", ["TAX = 0.21"]), ("Deny", ["TAX = 0.2"])])
def test_a_permission_question_is_answered_through_vim_ui_select(tmp_path, answer, buffer):
    workspace = (tmp_path / "project").resolve()
    workspace.mkdir()
    (workspace / "cart.py").write_text("TAX = 0.2\n", encoding="utf-8")
    with StubOpenAIServer(ASSISTANT_SCRIPT) as stub:
        recorded = run_in_nvim(tmp_path, workspace, PERMISSION % json.dumps(answer), env=model_env(stub))

    assert "file_write" in recorded["question"]
    assert recorded["choices"] == ["Allow once", "Allow for this session", "Always allow", "Deny"]
    assert recorded["cart"] == buffer
    assert (workspace / "cart.py").read_text(encoding="utf-8") == "TAX = 0.2\n"
    assert any("cart.py now sets TAX to 0.21." in line for line in recorded["lines"])


REVIEW_IN_A_NARROW_EDITOR = """
vim.o.columns = 48
require('orkeon').setup({ cmd = E.server_cmd, virtual_text = true })
vim.cmd.edit(vim.fs.joinpath(E.workspace, 'app.py'))
local file = vim.api.nvim_get_current_buf()
vim.cmd('Orkeon review --lens correctness --lens tests')
E.view('review')
E.wait(function() return #vim.diagnostic.get(file) == 2 end, 'two diagnostics on app.py')
E.record('echospace', vim.v.echospace)
local virtual = {}
for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(file, -1, 0, -1, { details = true })) do
  for _, chunk in ipairs(mark[4].virt_text or {}) do virtual[#virtual + 1] = chunk[1] end
end
E.record('virtual', virtual)

-- a typo in the flagged line hides its finding; the undo brings it back
vim.api.nvim_buf_set_text(file, 4, 10, 4, 10, { 'x' })
E.wait(function() return #vim.diagnostic.get(file) == 1 end, 'the finding on the edited line to be hidden')
E.record('after_typo', vim.tbl_map(function(d) return d.lnum end, vim.diagnostic.get(file)))
vim.api.nvim_buf_call(file, function() vim.cmd('undo') end)
E.wait(function() return #vim.diagnostic.get(file) == 2 end, 'the finding to come back on undo')
local lines = vim.tbl_map(function(d) return d.lnum end, vim.diagnostic.get(file))
table.sort(lines)
E.record('after_undo', lines)
"""


def test_a_review_in_a_narrow_editor_fits_its_progress_and_its_finding_survives_a_typo(tmp_path, staged_change):
    reply = {"content": json.dumps({"findings": [LEAK, ZERO]})}
    with StubOpenAIServer([reply], default={"content": json.dumps({"findings": []})}) as stub:
        recorded = run_in_nvim(tmp_path, staged_change, REVIEW_IN_A_NARROW_EDITOR, env=model_env(stub))

    progress = [line for line in recorded["echoes"] if line.startswith("Orkeon /review")]
    assert progress and all(len(line) <= recorded["echospace"] - 1 for line in progress)
    percentages = [int(found.group(1)) for line in progress if (found := re.match(r"Orkeon /review (\d+)%", line))]
    assert any(0 < p < 100 for p in percentages) and percentages == sorted(percentages)
    assert any("The file is never closed" in text for text in recorded["virtual"])
    assert recorded["after_typo"] == [10]
    assert recorded["after_undo"] == [4, 10]


CANCEL_AND_SESSIONS = """
require('orkeon').setup({ cmd = E.server_cmd })
vim.cmd('Orkeon status')
local status = vim.api.nvim_buf_get_lines(E.view('status'), 0, -1, false)
E.record('status', status)
E.record('sessions', vim.fn.getcompletion('Orkeon resume ', 'cmdline'))

vim.cmd('Orkeon review')
E.wait(function()
  for _, line in ipairs(E.recorded_echoes()) do
    if line:find('^Orkeon /review') then return true end
  end
  return false
end, 'the review to start')
vim.cmd('Orkeon cancel')
E.wait(function()
  for _, note in ipairs(E.recorded_notifications()) do
    if note.message == 'Orkeon /review: cancelled' then return true end
  end
  return false
end, 'the review to say it was cancelled')
E.wait(function() return vim.tbl_contains(E.recorded_echoes(), 'Orkeon /review: cancelled') end,
       "the server to end the review's progress as cancelled")
"""


def _saved_session(workspace: Path) -> str:
    """A session with a turn in the workspace's state.db, as an earlier run leaves one (an empty one is not
    offered to /resume)."""
    local = workspace / ".orkeon" / "local"
    local.mkdir(parents=True, exist_ok=True)
    store = SqliteSessionStore(SqliteDatabase(local / "state.db"), SystemClock())

    async def save() -> str:
        info = await store.create_session("earlier work")
        await store.append_entries(info.id, [BufferEntry("user", "hello"), BufferEntry("assistant", "hi")])
        return info.id

    return asyncio.run(save())


def test_orkeon_cancel_stops_the_running_review_and_sessions_complete_from_the_server(tmp_path, staged_change):
    saved = _saved_session(staged_change)
    with StubOpenAIServer([{"hang": 60}]) as stub:
        recorded = run_in_nvim(tmp_path, staged_change, CANCEL_AND_SESSIONS, env=model_env(stub))

    assert saved in recorded["sessions"] and "--limit" in recorded["sessions"]
    assert {"message": "Orkeon /review: cancelled", "level": 2} in recorded["notifications"]
    assert recorded["echoes"][-1] == "Orkeon /review: cancelled"  # the server's progress ended so


REVIEW_BRIEF = "Review cart.py for rounding mistakes"
STOP_A_CHILD = """
require('orkeon').setup({ cmd = E.server_cmd })
vim.ui.select = function(items, opts, on_choice)
  E.record('offered', vim.tbl_map(opts.format_item, items))
  on_choice(items[1])
end
local function shows(name, text)
  local buf = vim.fn.bufnr('orkeon://' .. name)
  return buf ~= -1 and table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\\n'):find(text, 1, true) ~= nil
end
vim.cmd('Orkeon assistant have cart.py reviewed in the background')
E.wait(function() return shows('assistant', 'A reviewer is looking') end, 'the answer', 120000)
vim.cmd('OrkeonStopTask')
E.wait(function() return shows('tasks', 'stopped c1') end, 'the answer of /tasks stop', 120000)
E.record('answer', vim.api.nvim_buf_get_lines(vim.fn.bufnr('orkeon://tasks'), 0, -1, false))
"""


def test_a_running_child_agent_is_picked_and_stopped_with_orkeon_stop_task(tmp_path, repository):
    script = [
        {"tool_calls": [{"name": "spawn_agent", "arguments": {
            "brief": REVIEW_BRIEF, "charter": "dev-reviewer", "background": True}}], "content": None},
        {"when": REVIEW_BRIEF, "hang": 60},
        {"content": "A reviewer is looking at cart.py."},
    ]
    with StubOpenAIServer(script) as stub:
        recorded = run_in_nvim(tmp_path, repository, STOP_A_CHILD, env=model_env(stub))

    assert recorded["offered"] == ["c1  dev-reviewer  running"]
    assert recorded["answer"] == ["stopped c1 dev-reviewer: it ends as stopped."]
