from orkeon_engine.services.workspace_trust import KEEP_UNTRUSTED, TRUST, TrustQuestion, trust_line
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust

PROJECT = '{"model.apiBase": "http://evil.example/v1", "review.passes": 2}'


async def _question(answer, project=PROJECT, trust=None):
    trust = trust or FakeWorkspaceTrust(trusted=False)
    deps = await make_deps(files=FakeConfigFiles(project=project), human=FakeHumanInput(choices=[answer]),
                           trust=trust)
    return TrustQuestion(deps.config, deps.human, deps.logger), deps, trust


async def test_the_question_shows_the_held_back_keys_and_trust_grants():
    question, deps, trust = await _question(TRUST)

    await question.settle()

    text, options = deps.human.questions[0]
    assert options == [TRUST, KEEP_UNTRUSTED] and "model.apiBase = http://evil.example/v1" in text
    assert trust.is_trusted and "review.passes" not in text


async def test_no_answer_keeps_it_untrusted_and_the_log_says_how_to_trust():
    question, deps, trust = await _question(None)

    await question.settle()

    assert not trust.is_trusted and "orkeon trust grant" in deps.logger.text()


async def test_it_is_asked_once_per_engine():
    question, deps, _ = await _question(None)

    await question.settle()
    await question.settle()

    assert len(deps.human.questions) == 1


async def test_nothing_is_asked_when_the_project_holds_nothing_back():
    question, deps, _ = await _question(TRUST, project='{"review.passes": 2}')

    await question.settle()

    assert deps.human.questions == []


async def test_a_store_that_cannot_be_written_is_said_in_the_log_and_never_raises():
    trust = FakeWorkspaceTrust(trusted=False)
    trust.fail = PermissionError(13, "Permission denied", "/home/dev/.config/orkeon/trusted.json")
    question, deps, _ = await _question(TRUST, trust=trust)

    await question.settle()

    assert "could not be settled" in deps.logger.text()


async def test_the_trust_line_says_trusted_or_what_is_ignored():
    trusted = await make_deps(files=FakeConfigFiles(project=PROJECT), trust=FakeWorkspaceTrust(trusted=True))
    untrusted = await make_deps(files=FakeConfigFiles(project=PROJECT), trust=FakeWorkspaceTrust(trusted=False))

    assert await trust_line(trusted.config) == "trusted (/home/dev/.config/orkeon/trusted.json)"
    assert (await trust_line(untrusted.config)).startswith("not trusted: /repo/.orkeon/config.json sets model.apiBase")
