from pathlib import Path

from orkeon_engine.commands.status.meta import CREWS, run_release_notes, run_version
from orkeon_engine.domain.ui.args import ParsedArgs
from tests.support.deps import make_deps

CREWS_DIR = Path(__file__).resolve().parents[3] / "orkeon_engine" / "crews"


async def test_version_names_the_build():
    deps = await make_deps()

    view = await run_version(ParsedArgs(), deps)

    assert view.message == "orkeon 0.1.0"


async def test_release_notes_name_every_command_of_the_catalogue_and_its_count():
    deps = await make_deps()

    view = await run_release_notes(ParsedArgs(), deps)

    text = "\n".join(view.lines)
    assert f"## Commands ({len(deps.catalogue)})" in text
    for entry in deps.catalogue:
        assert "/" + entry.name in text, entry.name


def test_release_notes_name_every_crew_folder():
    folders = sorted(p.name for p in CREWS_DIR.iterdir() if p.is_dir() and (p / "__init__.py").exists()
                     and not p.name.startswith("_"))

    assert sorted(name for name, _ in CREWS) == folders
