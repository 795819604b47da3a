from orkeon_engine.services.permission_mode import resolve_mode
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles


async def test_an_explicit_mode_wins():
    deps = await make_deps()
    await deps.session.set_state("permissions.mode", "plan")

    choice = await resolve_mode(deps.session, deps.config, explicit="acceptEdits")

    assert choice.describe() == "acceptEdits (explicit)"


async def test_the_sessions_default_comes_before_the_setting():
    deps = await make_deps(files=FakeConfigFiles(project='{"permissions.fallback": "acceptEdits"}'))
    await deps.session.set_state("permissions.mode", "plan")

    assert (await resolve_mode(deps.session, deps.config)).describe() == "plan (session)"


async def test_the_setting_says_which_file_holds_it():
    deps = await make_deps(files=FakeConfigFiles(project='{"permissions.fallback": "acceptEdits"}'))

    choice = await resolve_mode(deps.session, deps.config)

    assert choice.describe() == "acceptEdits (settings: /repo/.orkeon/config.json)"
    assert choice.known == "acceptEdits"


async def test_nothing_set_is_the_fallback():
    deps = await make_deps()

    assert (await resolve_mode(deps.session, deps.config)).describe() == "default (fallback)"


async def test_a_stale_session_value_is_kept_so_the_gate_refuses():
    deps = await make_deps()
    await deps.session.set_state("permissions.mode", "turbo")

    choice = await resolve_mode(deps.session, deps.config)

    assert choice.mode == "turbo" and choice.known is None


async def test_an_unreadable_settings_file_is_a_problem_not_a_mode():
    deps = await make_deps(files=FakeConfigFiles(project="{"))

    choice = await resolve_mode(deps.session, deps.config)

    assert choice.known is None and choice.problem.startswith("/repo/.orkeon/config.json: invalid JSON")
