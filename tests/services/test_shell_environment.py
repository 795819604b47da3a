from orkeon_engine.services.shell_environment import environment_for_commands
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles

ENGINE = {"PATH": "/usr/bin", "EDITOR": "vim", "OPENAI_API_KEY": "sk-0123456789abcdef"}


async def test_the_listed_names_are_added_and_a_held_back_one_is_said_in_the_log():
    deps = await make_deps(files=FakeConfigFiles(user='{"shell.environment.inherit": ["EDITOR", "OPENAI_API_KEY"]}'))

    variables = await environment_for_commands(deps.config, ENGINE, deps.logger)

    assert variables == {"PATH": "/usr/bin", "EDITOR": "vim"}
    assert ("warning", "OPENAI_API_KEY is listed in shell.environment.inherit but never reaches a command: a "
                       "provider's key") in deps.logger.lines


async def test_a_broken_settings_file_leaves_the_default_set():
    deps = await make_deps(files=FakeConfigFiles(user="{"))

    assert await environment_for_commands(deps.config, ENGINE, deps.logger) == {"PATH": "/usr/bin"}
