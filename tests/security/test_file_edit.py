"""file_edit, the partial edit tool, meets every guard file_write meets.

The attacks: a model (or a file talking to it) that reaches for the new edit tool to touch what the rules
keep file_write away from: a secret file under the shipped `secrets` rule set, a file outside the workspace
by `..` or an absolute host path, a change in a read-only mode, a change the person was asked about and
denied. Each is refused and the file is unchanged.
"""

from __future__ import annotations

import pytest

from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.scripted_chat_model import Call, ScriptedChatModel

FILES = {"/workspace/.env": "API_KEY=s3cret\n", "/workspace/a.py": "print('a')\n"}


async def _edit(arguments, mode="acceptEdits", human=None):
    model = ScriptedChatModel([[Call("file_edit", arguments)], "done"])
    files = FakeFiles(dict(FILES))
    deps = await make_deps(chat_model=model, vfs=files, human=human or FakeHumanInput())
    await run_main_loop(MainLoopInput("go", mode, "explicit"), main_loop_ports(deps.for_run("assistant")))
    return files.texts, list(model.requests[-1].tool_results().values())


async def test_the_secrets_rule_set_keeps_file_edit_off_an_env_file():
    texts, results = await _edit({"path": ".env", "old": "s3cret", "new": "leaked"}, mode="bypassPermissions")

    assert texts["/workspace/.env"] == "API_KEY=s3cret\n" and "refused" in results[0].lower()


@pytest.mark.parametrize("path", ["../outside.py", "/etc/passwd", "/workspace/../../etc/hosts"])
async def test_a_path_leaving_the_workspace_is_refused(path):
    texts, results = await _edit({"path": path, "old": "root", "new": "pwned"})

    assert texts == FILES and results[0]


async def test_a_read_only_mode_does_not_offer_it_and_refuses_it_as_unknown():
    texts, results = await _edit({"path": "a.py", "old": "'a'", "new": "'pwned'"}, mode="plan")

    assert texts["/workspace/a.py"] == "print('a')\n" and "file_edit" in results[0]


async def test_a_denied_question_leaves_the_file_as_it_was():
    human = FakeHumanInput(["Deny"])
    texts, results = await _edit({"path": "a.py", "old": "'a'", "new": "'pwned'"}, mode="default", human=human)

    assert len(human.questions) == 1 and texts["/workspace/a.py"] == "print('a')\n"
