import pytest

from orkeon_engine.commands.status.help import run_help
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ParsedArgs
from tests.support.deps import make_deps


async def test_bare_help_lists_every_command_of_the_catalogue_by_group():
    deps = await make_deps()

    view = await run_help(ParsedArgs(), deps)

    listed = {row[1] for row in view.table.rows}
    assert listed == {"/" + entry.name for entry in deps.catalogue}
    assert f"{len(deps.catalogue)} commands" in view.message


async def test_help_for_one_command_shows_its_usage_and_flags():
    deps = await make_deps()

    view = await run_help(ParsedArgs(words=("config",)), deps)

    assert view.lines[0].startswith("usage: /config")
    assert any("--project" in line for line in view.lines)


async def test_help_for_an_unknown_command_names_the_known_ones():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="no command named 'nope'; commands: .*status"):
        await run_help(ParsedArgs(words=("nope",)), deps)
