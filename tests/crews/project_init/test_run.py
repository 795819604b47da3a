"""run_project_init over FakeFiles and the scripted model."""

import pytest

from orkeon_engine.crews.project_init.prompts import INIT_SYSTEM
from orkeon_engine.crews.project_init.run import BACKUP, InitDeps, run_project_init
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.services.llm import Llm
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.scripted_chat_model import ScriptedChatModel

CLAUDE = "# Working here\n\n- Run `make test` before every commit.\n- Never edit files under generated/.\n"
DRAFT = "# AGENTS.md\n\n## Commands\n- Run `make test` before every commit.\n"
PROJECT = {
    "CLAUDE.md": CLAUDE,
    "pyproject.toml": "[project]\nname = 'shop'\n",
    "Makefile": "test:\n\tpytest\n",
    ".github/workflows/ci.yml": "steps:\n  - run: make test\n",
    "shop/models.py": "class Item: ...\n",
}


def _deps(answers, texts=None):
    files = FakeFiles(dict(texts or PROJECT))
    model = ScriptedChatModel(answers)
    return InitDeps(files, Llm(model, FakeClock()), FakeProgress()), files, model


async def test_the_model_gets_the_instructions_as_system_and_the_project_as_material():
    deps, _, model = _deps([DRAFT])

    await run_project_init(deps)

    request = model.requests[0]
    assert request.system == INIT_SYSTEM
    for part in ("<<<FILE CLAUDE.md", "<<<FILE Makefile", "<<<FILE .github/workflows/ci.yml", "shop/"):
        assert part in request.last_user_text


async def test_a_rule_of_claude_md_the_draft_dropped_is_kept_in_agents_md():
    deps, files, _ = _deps([DRAFT])

    result = await run_project_init(deps)

    written = files.texts["/workspace/AGENTS.md"]
    assert "- Never edit files under generated/." in written
    assert written.count("Run `make test` before every commit.") == 1
    assert result.carried == {"CLAUDE.md": 1}
    assert files.texts["/workspace/CLAUDE.md"] == CLAUDE


async def test_an_existing_agents_md_is_merged_and_kept_under_output_first():
    previous = "# AGENTS.md\n\n- Use tabs in the Makefile only.\n"
    deps, files, _ = _deps([DRAFT], {**PROJECT, "AGENTS.md": previous})

    result = await run_project_init(deps)

    assert files.texts[BACKUP] == previous
    assert "- Use tabs in the Makefile only." in files.texts["/workspace/AGENTS.md"]
    assert result.merged == ("AGENTS.md", "CLAUDE.md")


async def test_a_fenced_answer_is_unwrapped():
    deps, files, _ = _deps(["```markdown\n" + DRAFT + "```"])

    await run_project_init(deps)

    assert files.texts["/workspace/AGENTS.md"].startswith("# AGENTS.md\n")


async def test_an_empty_answer_writes_nothing():
    deps, files, _ = _deps([" "])

    with pytest.raises(CommandFailedError, match="empty AGENTS.md; nothing was written"):
        await run_project_init(deps)

    assert files.writes == []


async def test_without_a_model_nothing_is_read_or_written():
    files = FakeFiles(dict(PROJECT))
    deps = InitDeps(files, Llm(ScriptedChatModel(not_configured=True), FakeClock()), FakeProgress())

    with pytest.raises(NotConfiguredError):
        await run_project_init(deps)

    assert files.writes == []
