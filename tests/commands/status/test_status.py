from orkeon_engine.commands.status.status import run_status
from orkeon_engine.domain.args import ParsedArgs
from orkeon_engine.domain.workspace import WorkspaceInfo
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_session_store import FakeSessionStore


def _rows(view):
    return {row[0]: row[1] for row in view.table.rows}


async def test_status_shows_the_version_workspace_model_mode_and_session():
    deps = await make_deps(files=FakeConfigFiles(user='{"model": "openai/gpt-4o-mini"}'))

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["version"] == "0.1.0"
    assert rows["workspace"] == "/repo"
    assert rows["model"] == "openai/gpt-4o-mini (from user)"
    assert rows["mode"] == "default (fallback)"
    assert rows["session"].startswith(deps.session.id)


async def test_status_says_when_no_model_is_configured():
    deps = await make_deps()

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["model"].startswith("not configured")


async def test_status_outside_a_git_repository_says_what_is_limited():
    info = WorkspaceInfo(root="/tmp/x", git_root=None, writable=True, limitations=("not a git repository: ...",))
    deps = await make_deps(workspace=info)

    view = await run_status(ParsedArgs(), deps)

    assert _rows(view)["git"] == "not a git repository"
    assert view.message.startswith("limited: not a git repository")


async def test_status_reports_a_broken_settings_file_instead_of_failing():
    deps = await make_deps(files=FakeConfigFiles(project="{"))

    rows = [row for row in (await run_status(ParsedArgs(), deps)).table.rows if row[0] == "settings"]

    assert rows and rows[0][1].startswith("/repo/.orkeon/config.json: invalid JSON")


async def test_status_says_when_the_session_is_not_saved():
    deps = await make_deps(store=FakeSessionStore(persistent=False, limitation="read-only folder"))

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert "not saved (read-only folder)" in rows["session"]


async def test_status_shows_a_mode_set_in_the_settings_with_its_file():
    deps = await make_deps(files=FakeConfigFiles(project='{"permissions.fallback": "plan"}'))

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["mode"] == "plan (settings: /repo/.orkeon/config.json)"


async def test_status_says_a_mode_that_is_no_mode_refuses_every_call():
    deps = await make_deps()
    await deps.session.set_state("permissions.mode", "turbo")

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["mode"] == "turbo (session), refusing every call"
