"""End to end: /undo and /rewind on the `orkeon` command line, each step a real process, in a folder
without git; the model is the loopback stub.

An assistant turn rewrites cart.py and creates tax.py; `orkeon undo` (a later run: the checkpoint is kept in
state.db) puts cart.py back and removes tax.py. When the person edits cart.py after the turn, `orkeon undo`
fails naming cart.py and leaves both files as they are. `orkeon rewind` lists the turn.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.test_cli_newcomer import model_env, orkeon
from tests.support.stub_openai_server import StubOpenAIServer

SCRIPT = [
    {"tool_calls": [{"name": "file_write", "arguments": {"path": "cart.py", "content": "TAX = 0.21\n"}}],
     "content": None},
    {"tool_calls": [{"name": "file_write", "arguments": {"path": "tax.py", "content": "RATE = 0.21\n"}}],
     "content": None},
    {"content": "cart.py now sets TAX to 0.21."},
]


def _edited(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "shop"
    folder.mkdir()
    (folder / "cart.py").write_text("TAX = 0.2\n", encoding="utf-8")
    home = tmp_path / "home"
    with StubOpenAIServer(SCRIPT) as stub:
        done = orkeon(folder, "assistant", "mode:acceptEdits set the tax to 0.21", home=home, extra=model_env(stub))
    assert done.returncode == 0, done.stderr
    assert "checkpoint: turn 1 changed cart.py, tax.py" in done.stdout
    assert (folder / "cart.py").read_text(encoding="utf-8") == "TAX = 0.21\n"
    return folder, home


def test_undo_in_a_later_run_restores_the_file_and_removes_the_created_one(tmp_path):
    folder, home = _edited(tmp_path)

    listed = orkeon(folder, "rewind", home=home)
    undone = orkeon(folder, "undo", home=home)

    assert "1. set the tax to 0.21 | cart.py, tax.py (created)" in listed.stdout
    assert undone.returncode == 0, undone.stderr
    assert "took back the edits of turn 1" in undone.stdout
    assert (folder / "cart.py").read_text(encoding="utf-8") == "TAX = 0.2\n" and not (folder / "tax.py").exists()


def test_undo_after_the_person_changed_the_file_fails_naming_it_and_changes_nothing(tmp_path):
    folder, home = _edited(tmp_path)
    (folder / "cart.py").write_text("TAX = 0.25  # mine\n", encoding="utf-8")

    refused = orkeon(folder, "undo", home=home)

    assert refused.returncode != 0
    assert "cart.py no longer holds what the turn left" in refused.stderr + refused.stdout
    assert (folder / "cart.py").read_text(encoding="utf-8") == "TAX = 0.25  # mine\n"
    assert (folder / "tax.py").read_text(encoding="utf-8") == "RATE = 0.21\n"
