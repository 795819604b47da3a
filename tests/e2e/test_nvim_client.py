"""The Neovim client end to end: a headless Neovim loads editors/nvim the README's plain-packpath way and
runs it against the real `orkeon-lsp` (tests/support/nvim.py)."""

from __future__ import annotations

from orkeon_engine.commands.catalogue import CATALOGUE
from tests.support.nvim import run_in_nvim

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

    assert recorded["names"] == sorted(entry.name for entry in CATALOGUE)
    assert "--user" in recorded["config_flags"]
