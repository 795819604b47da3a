import pytest

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.skills import MAX_SKILLS, SKILL_CAP_CHARS, SKILLS_STATE_KEY
from orkeon_engine.services.skills import attach, attached_paths, attached_skills, detach
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles


async def _deps(**texts):
    return await make_deps(vfs=FakeFiles({f"docs/{name}.md": text for name, text in texts.items()}))


async def test_attach_keeps_the_resolved_paths_in_the_state_bag():
    deps = await _deps(review="Check the tests.\n")

    await attach(deps.session, deps.files, ["docs/review.md"])

    assert await deps.session.get_state(SKILLS_STATE_KEY) == ["/workspace/docs/review.md"]


async def test_attaching_the_same_file_twice_keeps_it_once():
    deps = await _deps(review="x")
    await attach(deps.session, deps.files, ["docs/review.md"])

    added = await attach(deps.session, deps.files, ["/workspace/docs/review.md"])

    assert added == [] and await attached_paths(deps.session) == ["/workspace/docs/review.md"]


async def test_a_missing_file_attaches_nothing_and_names_the_path():
    deps = await _deps(review="x")

    with pytest.raises(CommandFailedError, match="cannot attach /workspace/docs/nope.md: no such file"):
        await attach(deps.session, deps.files, ["docs/review.md", "docs/nope.md"])

    assert await attached_paths(deps.session) == []


async def test_the_session_holds_a_bounded_number_of_skills():
    deps = await _deps(**{f"s{n}": "x" for n in range(MAX_SKILLS + 1)})

    with pytest.raises(CommandFailedError, match=f"{MAX_SKILLS} skills at most"):
        await attach(deps.session, deps.files, [f"docs/s{n}.md" for n in range(MAX_SKILLS + 1)])


async def test_the_texts_are_read_fresh_and_a_long_one_is_capped_and_marked():
    deps = await _deps(small="short", big="y\n" * SKILL_CAP_CHARS)
    await attach(deps.session, deps.files, ["docs/small.md", "docs/big.md"])
    deps.files.texts["/workspace/docs/small.md"] = "edited"

    small, big = await attached_skills(deps.session, deps.files)

    assert (small.text, small.cut) == ("edited", False)
    assert big.cut and big.text.endswith("characters of this playbook are shown]")
    assert len(big.text) < SKILL_CAP_CHARS + 100


async def test_a_file_deleted_after_attaching_comes_back_with_its_error():
    deps = await _deps(review="x")
    await attach(deps.session, deps.files, ["docs/review.md"])
    del deps.files.texts["/workspace/docs/review.md"]

    (skill,) = await attached_skills(deps.session, deps.files)

    assert (skill.text, skill.error) == ("", "no such file")


async def test_detach_removes_the_named_paths_or_all_of_them():
    deps = await _deps(a="1", b="2")
    await attach(deps.session, deps.files, ["docs/a.md", "docs/b.md"])

    removed = await detach(deps.session, deps.files, ["docs/a.md"])

    assert removed == ["/workspace/docs/a.md"]
    assert await attached_paths(deps.session) == ["/workspace/docs/b.md"]


async def test_detaching_a_path_that_is_not_attached_lists_what_is():
    deps = await _deps(a="1")
    await attach(deps.session, deps.files, ["docs/a.md"])

    with pytest.raises(CommandFailedError, match="is not attached; attached: /workspace/docs/a.md"):
        await detach(deps.session, deps.files, ["docs/b.md"])
