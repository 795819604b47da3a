"""run_analyze over the fake index and the scripted model."""

import pytest

from orkeon_engine.crews.analyze.prompts import ANALYSIS_SYSTEM
from orkeon_engine.crews.analyze.run import AnalyzeDeps, AnalyzeRequest, run_analyze
from orkeon_engine.domain.code_index.model import FileEntry, ImportRef, Symbol
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.services.llm import Llm
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.scripted_chat_model import ScriptedChatModel

ENGINE = FileEntry("app/engine.py", "python", "h", 100, 80, "app.engine",
                   symbols=(Symbol("Engine", "app.engine.Engine", "class", "app/engine.py", 1, 80, 0, 100),),
                   imports=(ImportRef("app.store.db", 1),))
STORE = FileEntry("app/store/db.py", "python", "h", 100, 40, "app.store.db",
                  symbols=(Symbol("Database", "app.store.db.Database", "class", "app/store/db.py", 1, 40, 0, 90),))


def _deps(model=None, progress=None):
    llm = Llm(model, FakeClock()) if model is not None else None
    return AnalyzeDeps(FakeCodeIndex([ENGINE, STORE]), progress or FakeProgress(), llm)


async def test_a_raw_run_harvests_without_asking_the_model():
    deps = _deps()

    result = await run_analyze(AnalyzeRequest(raw=True), deps)

    assert result.synthesis == ""
    assert "class app.engine.Engine" in result.harvest_text
    assert deps.index.builds == [False]


async def test_every_stage_is_reported_on_the_progress_line():
    progress = FakeProgress()

    await run_analyze(AnalyzeRequest(raw=True), _deps(progress=progress))

    stages = [m for m in progress.messages() if m.startswith("analyze ") and "files)" not in m]
    assert [m.split(":")[0] for m in stages] == [f"analyze {n}/5" for n in range(1, 6)]


async def test_the_synthesis_is_asked_with_the_instructions_as_system_and_the_harvest_as_material():
    model = ScriptedChatModel(["The project is an engine over a store: `app.engine.Engine` ..."])

    result = await run_analyze(AnalyzeRequest(), _deps(model))

    request = model.requests[0]
    assert request.system == ANALYSIS_SYSTEM
    assert "<<<HARVEST\n# Harvest of /repo" in request.last_user_text
    assert result.synthesis.startswith("The project is an engine")


async def test_without_a_configured_model_it_fails_before_indexing():
    deps = _deps(ScriptedChatModel(not_configured=True))

    with pytest.raises(NotConfiguredError):
        await run_analyze(AnalyzeRequest(), deps)

    assert deps.index.builds == []


async def test_an_empty_synthesis_fails_pointing_at_the_raw_harvest():
    with pytest.raises(CommandFailedError, match="/analyze --raw shows the harvest"):
        await run_analyze(AnalyzeRequest(), _deps(ScriptedChatModel(["  "])))


async def test_a_cancelled_run_stops_at_the_next_stage():
    with pytest.raises(CommandFailedError, match="cancelled"):
        await run_analyze(AnalyzeRequest(raw=True), _deps(progress=FakeProgress(cancel_after=2)))
