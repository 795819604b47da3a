from orkeon_engine.commands.status.status import run_status
from orkeon_engine.domain.code_index.model import FileEntry
from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.model.usage import UsageRecord
from orkeon_engine.domain.ui.args import ParsedArgs
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from tests.support.deps import make_deps
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_usage_ledger import FakeUsageLedger
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust


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


async def test_status_names_the_models_provider():
    deps = await make_deps(env={"ORKEON_MODEL": "anthropic/claude-haiku-4-5"})

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["provider"] == "anthropic"


async def test_status_shows_the_sessions_tokens_and_cost_so_far():
    ledger = FakeUsageLedger()
    deps = await make_deps(ledger=ledger)
    when = deps.clock.now()
    ledger.records += [UsageRecord(deps.session.id, "advisor", "m", Usage(1200, 80, cost=0.01), when),
                       UsageRecord(deps.session.id, "advisor", "m", Usage(300, 20, cost=0.002), when)]

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["usage"] == "2 model calls, 1,500 tokens in (summed over the calls), 100 out, $0.0120"


async def test_status_hands_an_editor_the_mode_the_model_and_the_sessions_cost():
    ledger = FakeUsageLedger()
    deps = await make_deps(ledger=ledger, files=FakeConfigFiles(user='{"model": "openai/gpt-4o-mini"}'))
    ledger.records.append(UsageRecord(deps.session.id, "advisor", "m", Usage(1200, 80, cost=0.01), deps.clock.now()))

    view = await run_status(ParsedArgs(), deps)

    assert view.data == {"mode": "default", "model": "openai/gpt-4o-mini", "sessionCost": "$0.0100"}


async def test_status_before_any_model_call_says_so():
    deps = await make_deps()

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["usage"] == "no model call yet"


async def test_status_shows_the_code_indexs_size_and_what_it_lags_behind():
    index = FakeCodeIndex([FileEntry("a.py", "python", "h1", 10, 1, "a"), FileEntry("b.go", "go", "h2", 10, 1, "b")])
    index.built = True
    index.stale = ("a.py",)
    deps = await make_deps(code_index=index)

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["index"] == "2 files, 0 symbols (python 1, go 1); 1 changed since"


async def test_status_says_when_the_index_was_never_built():
    deps = await make_deps(code_index=FakeCodeIndex())

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["index"].startswith("not built yet") and "/analyze builds it" in rows["index"]


async def test_status_without_a_code_index_has_no_index_line():
    deps = await make_deps()

    assert "index" not in _rows(await run_status(ParsedArgs(), deps))


async def test_the_api_base_and_its_source_are_shown_and_the_trust_row_names_what_is_ignored():
    files = FakeConfigFiles(project='{"model.apiBase": "http://evil.example/v1"}')
    env = {"ORKEON_MODEL": "openai/m", "ORKEON_API_BASE": "http://127.0.0.1:9/v1"}
    deps = await make_deps(files=files, env=env, trust=FakeWorkspaceTrust(trusted=False))

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["model"] == "openai/m (from ORKEON_MODEL) at http://127.0.0.1:9/v1 (from ORKEON_API_BASE)"
    assert rows["trust"].startswith("not trusted: /repo/.orkeon/config.json sets model.apiBase, ignored until")


def _server_says(window, output=None):
    from orkeon_engine.domain.model.model_facts import ModelFacts
    from orkeon_engine.services.context_window import ModelInformation

    async def lookup():
        return ModelInformation(ModelFacts(window, "the server's /props (n_ctx)", output,
                                           "the server's /props (n_predict)" if output else ""))
    return lookup


async def test_status_shows_the_servers_window_and_the_context_the_last_call_used():
    import dataclasses

    from orkeon_engine.domain.context.context_use import LAST_CALL_KEY, last_call_state

    deps = await make_deps(files=FakeConfigFiles(user='{"model": "openai/qwen"}'))
    deps = dataclasses.replace(deps, context_window=_server_says(16_384, 1_024))
    await deps.session.set_state(LAST_CALL_KEY, last_call_state(2_648))

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["window"] == "16,384 tokens, from the server's /props (n_ctx)"
    assert rows["output"] == "up to 1,024 tokens an answer, from the server's /props (n_predict)"
    assert rows["context"] == "2,648 of 16,384 tokens (16%) at the last model call"


async def test_status_says_an_unknown_window_is_unknown():
    deps = await make_deps(files=FakeConfigFiles(user='{"model": "openai/qwen"}'))

    rows = _rows(await run_status(ParsedArgs(), deps))

    assert rows["window"].startswith("unknown") and rows["context"] == "no model call in this session yet"
