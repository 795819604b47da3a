from orkeon_engine.bootstrap import build_engine
from orkeon_engine.engine import BadArguments, Failed, NotConfigured, Ok
from orkeon_engine.ports.ui import UserInterface
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_progress import FakeProgress


def _ui(logger=None):
    return UserInterface(FakeHumanInput(), FakeProgress(), logger or FakeLogger())


async def _engine(tmp_path, **kw):
    return await build_engine(tmp_path, _ui(kw.pop("logger", None)), env={"XDG_CONFIG_HOME": str(tmp_path / "xdg")},
                              **kw)


async def test_a_command_runs_to_a_view(tmp_path):
    engine = await _engine(tmp_path)

    result = await engine.run("status", [])

    assert isinstance(result, Ok) and "version" in result.render()
    engine.close()


async def test_bad_arguments_come_back_typed_with_the_usage(tmp_path):
    engine = await _engine(tmp_path)

    result = await engine.run("mode", ["plan", "extra"])

    assert isinstance(result, BadArguments) and result.usage.startswith("/mode")
    engine.close()


async def test_an_unknown_command_is_bad_arguments(tmp_path):
    engine = await _engine(tmp_path)

    result = await engine.run("frobnicate", [])

    assert isinstance(result, BadArguments) and "unknown command /frobnicate" in result.message
    engine.close()


async def test_a_failing_command_is_a_failed_result_with_one_line(tmp_path):
    (tmp_path / ".orkeon").mkdir()
    (tmp_path / ".orkeon" / "config.json").write_text("{nope")
    engine = await _engine(tmp_path)

    result = await engine.run("config", ["get", "model"])

    assert isinstance(result, Failed)
    assert result.message.startswith(str(tmp_path / ".orkeon" / "config.json") + ": invalid JSON")
    engine.close()


async def test_a_session_is_saved_and_can_be_resumed(tmp_path):
    first = await _engine(tmp_path)
    await first.run("mode", ["plan"])
    first.close()

    resumed = await _engine(tmp_path, resume=first.session_id)
    result = await resumed.run("mode", ["show"])

    assert result.render().endswith("mode: plan (session)")
    resumed.close()


async def test_each_start_opens_a_new_session(tmp_path):
    first = await _engine(tmp_path)
    second = await _engine(tmp_path)

    assert first.session_id != second.session_id
    first.close()
    second.close()


def test_not_configured_renders_its_message():
    assert NotConfigured("set a model").render() == "set a model"
