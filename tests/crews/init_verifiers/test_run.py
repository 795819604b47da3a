"""run_init_verifiers over FakeFiles and the scripted model."""

import json

from orkeon_engine.crews.init_verifiers.prompts import PLAYBOOK_SYSTEM, READINESS_SYSTEM
from orkeon_engine.crews.init_verifiers.run import VerifiersDeps, run_init_verifiers
from orkeon_engine.services.llm import Llm
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.scripted_chat_model import ScriptedChatModel

PROJECT = {
    "pyproject.toml": "[tool.pytest.ini_options]\n",
    "Makefile": "test:\n\tpytest\n",
    "tests/test_app.py": "def test_x(): pass\n",
    "editors/vscode/package.json": '{"scripts": {"test": "node --test"}}',
    "editors/vscode/test/a.test.js": "",
}
READINESS = json.dumps({"zones": [
    {"zone": "the project root", "tests": "runnable", "lint": "", "build": "not-needed", "evidence": "make test"},
    {"zone": "editors/vscode", "tests": "runnable", "lint": "absent", "build": "", "evidence": "npm test"},
    {"zone": "somewhere/else", "tests": "absent"},
]})
PLAYBOOK = ("## Prerequisites\nPython.\n## Steps\n1. `make test`\n## Expected signal\nAll pass.\n"
            "## What to report\nThe output.\n")


def _deps(answers, texts=None):
    files = FakeFiles(dict(texts or PROJECT))
    model = ScriptedChatModel(answers)
    return VerifiersDeps(files, Llm(model, FakeClock()), FakeProgress()), files, model


async def test_each_zone_gets_its_readiness_and_a_playbook_in_the_fixed_outline():
    deps, files, model = _deps([READINESS, PLAYBOOK, PLAYBOOK])

    outcomes = await run_init_verifiers(deps)

    assert [(o.zone.root, o.status, o.readiness.tests) for o in outcomes] == [
        (".", "written", "runnable"), ("editors/vscode", "written", "runnable")]
    assert files.texts["/workspace/.orkeon/verifiers/root.md"].startswith("# Verify the project root\n")
    assert model.requests[0].system.startswith(READINESS_SYSTEM)
    assert model.requests[1].system == PLAYBOOK_SYSTEM


async def test_a_zone_with_a_playbook_keeps_it_and_costs_no_model_call():
    existing = {**PROJECT, ".orkeon/verifiers/root.md": "# mine\n"}
    deps, files, model = _deps([READINESS, PLAYBOOK], existing)

    outcomes = await run_init_verifiers(deps)

    assert outcomes[0].status == "existing"
    assert files.texts["/workspace/.orkeon/verifiers/root.md"] == "# mine\n"
    assert len(model.requests) == 2


async def test_a_section_the_model_left_out_is_written_as_not_stated():
    deps, files, _ = _deps([READINESS, "## Steps\n1. `make test`\n", PLAYBOOK])

    outcomes = await run_init_verifiers(deps)

    assert outcomes[0].missing == ("Prerequisites", "Expected signal", "What to report")
    assert "Not stated" in files.texts["/workspace/.orkeon/verifiers/root.md"]


async def test_a_project_without_a_manifest_has_no_zone_and_asks_no_model():
    deps, _, model = _deps([], {"notes.txt": "hello"})

    outcomes = await run_init_verifiers(deps)

    assert outcomes == [] and model.requests == []
