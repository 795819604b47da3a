"""Deps.for_run: one run's Deps knows its command, its progress line, and binds the model to both."""

import dataclasses

import pytest

from orkeon_engine.domain.errors import NotConfiguredError
from tests.support.deps import make_deps
from tests.support.doubles.fake_progress import FakeProgress


async def test_for_run_names_the_command_and_binds_the_model_to_it_and_to_the_progress_line():
    deps = await make_deps()
    progress = FakeProgress()

    run = deps.for_run("review", progress)

    assert (run.current_command, run.progress) == ("review", progress)
    assert (run.llm.command, run.llm.progress) == ("review", progress)
    assert deps.current_command == "" and deps.llm.command == ""


async def test_for_run_without_a_progress_line_keeps_the_engines():
    deps = await make_deps()

    run = deps.for_run("status")

    assert run.progress is deps.progress and run.llm.progress is deps.progress


async def test_require_llm_without_a_model_wired_is_not_configured():
    deps = dataclasses.replace(await make_deps(), llm=None)

    with pytest.raises(NotConfiguredError):
        deps.require_llm()
