"""The Neovim plugin's parts in a headless Neovim, without a server: its splitting and rendering agree with
the engine's, the server's questions go through vim.ui.select and vim.ui.input, progress reads well, and the
client it starts declares what the server needs."""

from __future__ import annotations

import json
import shlex
import sys

from orkeon_engine.domain.ui.view import CommandView, Document, render_text, table, to_json
from tests.support.nvim import run_in_nvim

NO_SERVER = "require('orkeon').setup({ autostart = false, cmd = { 'orkeon-lsp-that-does-not-exist' } })\n"


def lua_json(value: object) -> str:
    """A Lua expression decoding `value` from JSON."""
    return f"vim.json.decode([==[{json.dumps(value)}]==])"


def run(tmp_path, scenario: str):
    workspace = (tmp_path / "project").resolve()
    workspace.mkdir()
    return run_in_nvim(tmp_path, workspace, NO_SERVER + scenario)


LINES = [
    "status",
    "review --lens security src/app.py",
    "config set model 'openai/gpt 4o'",
    'assistant "say \\"hi\\"" now',
    "a\\ b c",
    "  spaced   out  ",
    "--x=''",
    "",
]


def test_the_command_line_splits_as_the_engine_splits_it(tmp_path):
    scenario = f"""
local out = {{}}
for i, line in ipairs({lua_json(LINES)}) do out[i] = require('orkeon').split(line) end
E.record('tokens', out)
"""
    recorded = run(tmp_path, scenario)

    tokens = [found or [] for found in recorded["tokens"]]  # an empty Lua table comes back as {}
    assert tokens == [shlex.split(line) for line in LINES]


def test_an_unclosed_quote_is_reported_and_starts_nothing(tmp_path):
    scenario = """
vim.cmd([[Orkeon review --lens "open]])
E.record('clients', #vim.lsp.get_clients())
"""
    recorded = run(tmp_path, scenario)

    assert recorded["clients"] == 0
    assert recorded["notifications"][0]["message"] == "Orkeon: unclosed double quote"


VIEWS = [
    CommandView(table=table(["", ""], [["version", "0.1.0"], ["workspace", "/home/me/project"]]),
                message="limited: not a git repository"),
    CommandView(lines=("diff --git a/x b/x", "+added"), message="1 file changed"),
    CommandView(document=Document("Review", "# Review\n\nTwo findings.\n\n"), message="2 findings"),
    CommandView(table=table(["group", "command"], [["status", "/status"], ["settings", "/config"]])),
    CommandView(message="nothing to review"),
]


def test_a_view_renders_as_the_command_line_shows_it(tmp_path):
    views = [to_json(view) for view in VIEWS]
    scenario = f"""
local out = {{}}
for i, view in ipairs({lua_json(views)}) do out[i] = require('orkeon').render(view) end
E.record('rendered', out)
"""
    recorded = run(tmp_path, scenario)

    assert recorded["rendered"] == [render_text(view).split("\n") for view in VIEWS]


ASK = """
local orkeon = require('orkeon')
vim.ui.select = function(items, opts, on_choice)
  E.record('prompt', opts.prompt)
  E.record('titles', vim.tbl_map(opts.format_item, items))
  on_choice(%s)
end
local answer
coroutine.wrap(function()
  answer = orkeon.handlers['window/showMessageRequest'](nil, {
    type = 2,
    message = 'Run `git push origin main`?',
    actions = { { title = 'Allow once' }, { title = 'Allow for this session' }, { title = 'Always allow' },
                { title = 'Deny' } },
  }, {})
end)()
E.wait(function() return answer ~= nil end, 'the answer to the question')
E.record('answer', answer)
"""


def test_the_gates_question_is_answered_through_vim_ui_select(tmp_path):
    recorded = run(tmp_path, ASK % "items[2]")

    assert recorded["prompt"] == "Orkeon: Run `git push origin main`?"
    assert recorded["titles"] == ["Allow once", "Allow for this session", "Always allow", "Deny"]
    assert recorded["answer"] == {"title": "Allow for this session"}


def test_closing_the_choice_answers_null_which_the_gate_reads_as_deny(tmp_path):
    recorded = run(tmp_path, ASK % "nil")

    assert recorded["answer"] is None
    assert "answer" in recorded


INPUT = """
local orkeon = require('orkeon')
vim.ui.input = function(opts, on_confirm)
  E.record('prompt', opts.prompt)
  E.record('default', opts.default)
  on_confirm(%s)
end
local answer
coroutine.wrap(function()
  answer = orkeon.handlers['orkeon/input'](nil, { question = 'Name of the branch?', default = 'main' }, {})
end)()
E.wait(function() return answer ~= nil end, 'the answer to orkeon/input')
E.record('answer', answer)
"""


def test_a_free_text_question_is_answered_through_vim_ui_input(tmp_path):
    recorded = run(tmp_path, INPUT % "'feature/login'")

    assert recorded["prompt"] == "Orkeon: Name of the branch? "
    assert recorded["default"] == "main"
    assert recorded["answer"] == "feature/login"


def test_a_cancelled_free_text_question_answers_null(tmp_path):
    recorded = run(tmp_path, INPUT % "nil")

    assert recorded["answer"] is None
    assert "answer" in recorded


def test_progress_reads_as_one_line_per_step(tmp_path):
    scenario = """
local text = require('orkeon').progress_text
E.record('lines', {
  text('t1', { kind = 'begin', title = 'Orkeon /review', message = 'correctness' }),
  text('t1', { kind = 'report', message = 'security, 1,200 tokens', percentage = 40 }),
  text('t1', { kind = 'end' }),
  text('t2', { kind = 'begin', title = 'Indexing' }),
})
"""
    recorded = run(tmp_path, scenario)

    assert recorded["lines"] == [
        "Orkeon /review: correctness",
        "Orkeon /review 40%: security, 1,200 tokens",
        "Orkeon /review: done",
        "Orkeon: Indexing",
    ]


def test_the_client_declares_orkeon_input_and_views_and_sends_the_model_as_a_session_setting(tmp_path):
    scenario = """
local orkeon = require('orkeon')
orkeon.setup({ autostart = false, cmd = { 'orkeon-lsp' }, model = 'openai/gpt-4o-mini',
               init_options = { logLevel = 'debug' } })
local config = orkeon.client_config('/work/project')
E.record('experimental', config.capabilities.experimental)
E.record('init_options', config.init_options)
E.record('root', config.root_dir)
E.record('handles', vim.tbl_keys(config.handlers))
E.record('pulled', vim.tbl_get(config.settings, 'orkeon'))
"""
    recorded = run(tmp_path, scenario)

    assert recorded["experimental"] == {"orkeonInput": True, "orkeonViews": True}
    assert recorded["init_options"] == {"logLevel": "debug", "config": {"model": "openai/gpt-4o-mini"}}
    assert recorded["root"] == "/work/project"
    assert sorted(recorded["handles"]) == ["orkeon/input", "window/showMessageRequest"]
    assert recorded["pulled"] == recorded["init_options"]


def test_no_initialization_options_are_sent_as_an_empty_object(tmp_path):
    scenario = """
local config = require('orkeon').client_config('/work/project')
E.record('encoded', vim.json.encode(config.init_options))
E.record('settings', vim.json.encode(config.settings))
"""
    recorded = run(tmp_path, scenario)

    assert recorded["encoded"] == "{}"
    assert recorded["settings"] == '{"orkeon":{}}'


def test_a_progress_line_is_cut_to_fit_the_message_area(tmp_path):
    scenario = """
local fit = require('orkeon').fit
E.record('lines', { fit('Orkeon /review: correctness answered (1 of 5) · 1,234 tokens in, 56 out (20%)', 30),
                    fit('short', 30), fit('日本語のテキストです', 7) })
"""
    recorded = run(tmp_path, scenario)

    assert recorded["lines"] == ["Orkeon /review: correctness a…", "short", "日本語…"]


def test_setup_defines_the_command_and_the_cancel_key(tmp_path):
    scenario = """
vim.api.nvim_del_user_command('Orkeon')
require('orkeon').setup({ autostart = false, cmd = { 'orkeon-lsp-that-does-not-exist' } })
E.record('command', vim.api.nvim_get_commands({})['Orkeon'] ~= nil)
E.record('key', vim.fn.maparg('<Leader>oc', 'n'))
vim.cmd('Orkeon cancel')
"""
    recorded = run(tmp_path, scenario)

    assert recorded["command"] is True and recorded["key"] == "<Plug>(orkeon-cancel)"
    assert recorded["notifications"][-1]["message"] == "Orkeon: nothing is running"


VALUES = """
local orkeon = require('orkeon')
orkeon.setup({ autostart = false, cmd = { 'orkeon-lsp-that-does-not-exist' },
               catalogue_cmd = { %s, '-m', 'orkeon_engine.cli', 'catalogue', '--format', 'json' } })
E.record('modes', vim.fn.getcompletion('Orkeon mode ', 'cmdline'))
E.record('lenses', vim.fn.getcompletion('Orkeon review --lens ', 'cmdline'))
E.record('after_lens', vim.fn.getcompletion('Orkeon review --lens security --', 'cmdline'))
E.record('memory', vim.fn.getcompletion('Orkeon memory a', 'cmdline'))
E.record('keys', vim.fn.getcompletion('Orkeon config get model.', 'cmdline'))
E.record('help', vim.fn.getcompletion('Orkeon help sta', 'cmdline'))
E.record('first', vim.fn.getcompletion('Orkeon ca', 'cmdline'))
"""


def test_values_are_completed_from_the_catalogues_choices(tmp_path):
    recorded = run(tmp_path, VALUES % json.dumps(sys.executable))

    assert recorded["modes"][:7] == ["show", "next", "default", "acceptEdits", "bypassPermissions", "plan", "dontAsk"]
    assert recorded["lenses"] == ["correctness", "security", "performance", "maintainability", "tests"]
    assert "--passes" in recorded["after_lens"]
    assert recorded["memory"] == ["add", "admit"]
    assert recorded["keys"] and all(key.startswith("model.") for key in recorded["keys"])
    assert recorded["help"] == ["status"]
    assert recorded["first"] == ["cache", "cancel"]


TASKS = {"message": "3 tasks, 2 running.", "data": {"tasks": [
    {"id": "t1", "kind": "crew", "name": "/review", "state": "done", "running": False},
    {"id": "t2", "kind": "crew", "name": "/assistant", "state": "running", "running": True},
    {"id": "c1", "kind": "child", "name": "dev-reviewer", "state": "running", "running": True},
]}}
PICK = f"""
local orkeon = require('orkeon')
vim.ui.select = function(items, opts, on_choice)
  E.record('prompt', opts.prompt)
  E.record('items', vim.tbl_map(opts.format_item, items))
  on_choice(items[2])
end
orkeon.pick_task({lua_json(TASKS)}, function(id) E.record('picked', id) end)
orkeon.pick_task({lua_json({"message": "none", "data": {}})}, function(id) E.record('wrongly', id) end)
"""


def test_stopping_a_task_offers_the_running_crews_and_children_and_hands_on_the_one_picked(tmp_path):
    recorded = run(tmp_path, PICK)

    assert recorded["items"] == ["t2  /assistant  running", "c1  dev-reviewer  running"]
    assert recorded["picked"] == "c1" and "wrongly" not in recorded
    assert recorded["notifications"][-1]["message"] == "Orkeon: no crew and no child agent is running"
