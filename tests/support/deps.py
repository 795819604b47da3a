"""make_deps: a Deps over the fakes, for the command use cases' tests."""

from __future__ import annotations

from collections.abc import Mapping

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.workspace import WorkspaceInfo
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.findings_board import FindingsBoard
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_findings_store import FakeFindingsStore
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.doubles.fake_review_source import FakeReviewSource
from tests.support.doubles.fake_session_store import FakeSessionStore


async def make_deps(
    files: FakeConfigFiles | None = None,
    env: Mapping[str, str] | None = None,
    workspace: WorkspaceInfo | None = None,
    human: FakeHumanInput | None = None,
    store: FakeSessionStore | None = None,
    findings_store: FakeFindingsStore | None = None,
    review_source: FakeReviewSource | None = None,
) -> Deps:
    from orkeon_engine.commands.catalogue import CATALOGUE

    store = store or FakeSessionStore()
    session = await CurrentSession.open(store)
    return Deps(
        workspace=workspace or WorkspaceInfo(root="/repo", git_root="/repo", writable=True),
        session=session,
        config=ConfigStore(files or FakeConfigFiles(), session),
        clock=FakeClock(),
        logger=FakeLogger(),
        human=human or FakeHumanInput(),
        progress=FakeProgress(),
        env=dict(env or {}),
        version="0.1.0",
        catalogue=CATALOGUE,
        findings=FindingsBoard(findings_store or FakeFindingsStore()),
        review_source=review_source or FakeReviewSource(),
    )
