import pytest

from orkeon_engine.commands.settings.skills import ARGS, run_skills
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.skills import SKILL_CAP_CHARS
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles


def _args(*tokens):
    return parse_args("skills", ARGS, list(tokens))


async def _deps():
    return await make_deps(vfs=FakeFiles({"docs/review.md": "Check the tests first.\n",
                                          "docs/big.md": "z\n" * SKILL_CAP_CHARS}))


async def test_skills_with_nothing_attached_says_how_to_attach():
    deps = await _deps()

    view = await run_skills(_args(), deps)

    assert view.message.startswith("No skill is attached. `/skills attach <path>`")


async def test_attach_lists_the_playbooks_with_their_size_and_whether_they_are_cut():
    deps = await _deps()

    view = await run_skills(_args("attach", "docs/review.md", "docs/big.md"), deps)

    assert view.message.startswith("attached /workspace/docs/review.md, /workspace/docs/big.md.")
    assert view.table.rows[0] == ("/workspace/docs/review.md", "23 chars", "all of it")
    assert view.table.rows[1][1] == f"{2 * SKILL_CAP_CHARS:,} chars"
    assert view.table.rows[1][2].endswith("(cut)")


async def test_detach_all_empties_the_list():
    deps = await _deps()
    await run_skills(_args("attach", "docs/review.md"), deps)

    view = await run_skills(_args("detach", "--all"), deps)

    assert view.message.startswith("detached /workspace/docs/review.md. No skill is attached.")


async def test_attaching_a_folder_is_refused_with_the_reason():
    deps = await _deps()

    with pytest.raises(CommandFailedError, match="cannot attach /workspace/docs: a folder, not a file"):
        await run_skills(_args("attach", "docs"), deps)


async def test_detach_without_a_path_or_all_shows_the_usage():
    deps = await _deps()

    with pytest.raises(ArgumentError, match="detach needs a <path> or --all"):
        await run_skills(_args("detach"), deps)


async def test_an_unknown_action_shows_the_usage():
    deps = await _deps()

    with pytest.raises(ArgumentError, match="unknown action 'add'"):
        await run_skills(_args("add", "docs/review.md"), deps)
