"""/init merging an existing CLAUDE.md, the model scripted."""

import pytest

from orkeon_engine.commands.project.init import ARGS, run_init
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.ui.args import parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.scripted_chat_model import ScriptedChatModel

CLAUDE = ("# Notes for agents\n\n- Run `make test` before every commit.\n"
          "- The domain package never imports the adapters.\n")
DRAFT = ("# AGENTS.md\n\nA small shop.\n\n## Commands\n- Build: none stated.\n- All tests: `make test`.\n\n"
         "## Conventions\n- Run `make test` before every commit.\n")


async def test_init_writes_agents_md_and_keeps_every_rule_of_claude_md():
    files = FakeFiles({"CLAUDE.md": CLAUDE, "Makefile": "test:\n\tpytest\n", "pyproject.toml": "[project]\n"})
    deps = await make_deps(vfs=files, chat_model=ScriptedChatModel([DRAFT]))

    view = await run_init(parse_args("init", ARGS, []), deps)

    written = files.texts["/workspace/AGENTS.md"]
    assert written.startswith(DRAFT)
    assert "## Kept from CLAUDE.md" in written
    assert "- The domain package never imports the adapters." in written
    assert files.texts["/workspace/CLAUDE.md"] == CLAUDE
    assert view.message == ("wrote AGENTS.md (16 lines); merged CLAUDE.md; kept verbatim: 1 line of "
                            "CLAUDE.md.")


async def test_init_without_a_model_says_how_to_configure_one():
    deps = await make_deps(vfs=FakeFiles({"Makefile": "x"}), chat_model=ScriptedChatModel(not_configured=True))

    with pytest.raises(NotConfiguredError):
        await run_init(parse_args("init", ARGS, []), deps)
