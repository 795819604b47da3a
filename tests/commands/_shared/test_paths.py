from orkeon_engine.commands._shared.paths import on_disk, shown
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from tests.support.deps import make_deps


async def test_an_output_file_is_shown_as_the_file_on_disk():
    deps = await make_deps()

    assert shown(deps, "/output/analysis.md") == ".orkeon/local/output/analysis.md"


async def test_a_workspace_file_is_shown_from_a_subfolder_of_the_person():
    deps = await make_deps(workspace=WorkspaceInfo("/repo", "/repo", True, cwd="/repo/src"))

    assert shown(deps, "/workspace/AGENTS.md") == "../AGENTS.md"


async def test_a_path_that_is_no_virtual_path_is_shown_as_it_is():
    deps = await make_deps()

    assert shown(deps, "/nowhere/x.md") == "/nowhere/x.md"


async def test_a_typed_path_is_on_the_person_s_disk():
    deps = await make_deps(workspace=WorkspaceInfo("/repo", "/repo", True, cwd="/repo/src"))

    assert on_disk(deps, "../x.md") == "/repo/x.md"
