"""/init-verifiers over FakeFiles, the model scripted."""

import json

from orkeon_engine.commands.project.init_verifiers import ARGS, run_init_verifiers
from orkeon_engine.domain.ui.args import parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.scripted_chat_model import ScriptedChatModel

READINESS = json.dumps({"zones": [{"zone": "the project root", "tests": "runnable", "lint": "configured",
                                   "build": "", "evidence": "make test, ruff"}]})
PLAYBOOK = "## Prerequisites\nA venv.\n## Steps\n1. `make test`\n## Expected signal\npassed\n## What to report\nAll.\n"


async def test_the_view_lists_each_zone_with_its_tooling_readiness_and_playbook():
    files = FakeFiles({"pyproject.toml": "[tool.pytest.ini_options]\n[tool.ruff]\n", "Makefile": "test:\n\tx\n",
                       "tests/test_a.py": ""})
    deps = await make_deps(vfs=files, chat_model=ScriptedChatModel([READINESS, PLAYBOOK]))

    view = await run_init_verifiers(parse_args("init-verifiers", ARGS, []), deps)

    assert view.table.rows == (("the project root", "pytest, ruff", "runnable", "configured", "unknown",
                                ".orkeon/verifiers/root.md (written)"),)
    assert view.message == "1 playbook written, 0 already there."
    assert "/workspace/.orkeon/verifiers/root.md" in files.texts


async def test_a_project_without_a_manifest_is_told_why_there_is_nothing_to_verify():
    deps = await make_deps(vfs=FakeFiles({"notes.txt": "x"}))

    view = await run_init_verifiers(parse_args("init-verifiers", ARGS, []), deps)

    assert view.message.startswith("no zone found")
