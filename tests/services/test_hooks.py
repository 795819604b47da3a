from orkeon_engine.services.hooks import read_hooks
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles


async def test_the_hooks_come_from_the_setting_with_its_source():
    deps = await make_deps(files=FakeConfigFiles(project='{"hooks": {"afterTurn": ["make lint"]}}'))

    declared = await read_hooks(deps.config)

    assert [h.command for h in declared.book.hooks] == ["make lint"]
    assert declared.source == "project"


async def test_an_unreadable_settings_file_is_a_problem_not_an_exception():
    deps = await make_deps(files=FakeConfigFiles(project="{"))

    declared = await read_hooks(deps.config)

    assert declared.book.hooks == ()
    assert declared.book.problems[0].startswith("/repo/.orkeon/config.json: invalid JSON")
