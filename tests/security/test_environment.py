"""A command the model runs never receives a credential: `python3 -c "print(os.environ['OPENAI_API_KEY'][::-1])"`
and `cat /proc/self/environ` printed the provider's key (reversed, so no masking caught it). The engine's
shell and jobs start from a scrubbed environment (the inherited set and what shell.environment.inherit
lists, never a credential)."""

import json
import os

from orkeon_engine.bootstrap import build_engine
from orkeon_engine.ports.ui import UserInterface
from orkeon_engine.tools.jobs import wait_for_job
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_progress import FakeProgress

KEY = "sk-proj-Zq81vLmN0pXr4TtY7uWe"
SECRETS = {"OPENAI_API_KEY": KEY, "GITHUB_TOKEN": "ghp_Wk2jH7dL9sQ4mR1xV6bN", "DB_PASSWORD": "hunter2-hunter2",
           "DATABASE_URL": "postgres://app:pa55w0rd-x@db/app"}


async def _engine(tmp_path, settings=None):
    xdg = tmp_path / "xdg"
    if settings is not None:
        (xdg / "orkeon").mkdir(parents=True)
        (xdg / "orkeon" / "config.json").write_text(json.dumps(settings))
    workspace = tmp_path / "ws"
    workspace.mkdir()
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(xdg), **SECRETS}
    ui = UserInterface(FakeHumanInput(), FakeProgress(), FakeLogger())
    return await build_engine(workspace, ui, env=env), workspace


def _leaks(text):
    values = [value for value in SECRETS.values()] + [value[::-1] for value in SECRETS.values()]
    return [value for value in values if value in text] + [p for p in ("hunter2", "pa55w0rd") if p in text]


async def test_a_reversed_provider_key_cannot_be_printed(tmp_path):
    engine, _ = await _engine(tmp_path)

    result = await engine.deps.shell.run(
        "python3 -c \"import os; print(os.environ.get('OPENAI_API_KEY', 'absent')[::-1])\"", timeout=30)

    assert result.output == "tnesba\n"  # 'absent' reversed: the variable is not there
    engine.close()


async def test_the_process_environment_holds_no_credential(tmp_path):
    engine, _ = await _engine(tmp_path)

    result = await engine.deps.shell.run("cat /proc/self/environ | tr '\\0' '\\n'", timeout=30)

    assert _leaks(result.output) == [] and "PATH=" in result.output
    engine.close()


async def test_a_job_gets_the_same_scrubbed_environment(tmp_path):
    engine, _ = await _engine(tmp_path)
    job = await engine.deps.jobs.start("env")
    await wait_for_job(engine.deps.jobs, engine.deps.clock, job.id, 10)

    tail = await engine.deps.jobs.tail(job.id, 200)

    assert _leaks("\n".join(tail.lines)) == [] and any(line.startswith("PATH=") for line in tail.lines)
    engine.close()


async def test_a_credential_listed_in_the_setting_is_still_held_back(tmp_path):
    engine, _ = await _engine(tmp_path, {"shell.environment.inherit": ["OPENAI_*", "GITHUB_TOKEN", "DATABASE_URL"]})

    result = await engine.deps.shell.run("env", timeout=30)

    assert _leaks(result.output) == []
    engine.close()


async def test_bash_env_from_the_engine_never_runs(tmp_path):
    engine, workspace = await _engine(tmp_path)
    (tmp_path / "rc.sh").write_text(f"touch {workspace}/PWNED\n")
    engine.close()
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "BASH_ENV": str(tmp_path / "rc.sh")}
    engine = await build_engine(workspace, UserInterface(FakeHumanInput(), FakeProgress(), FakeLogger()), env=env)

    await engine.deps.shell.run("true", timeout=30)

    assert not (workspace / "PWNED").exists()
    engine.close()
