from orkeon_engine.commands.status.doctor import ARGS, run_doctor
from orkeon_engine.domain.permissions.rule_sets import RULE_SETS
from orkeon_engine.domain.settings.setting_choices import DEFAULT_RULE_SETS
from orkeon_engine.domain.ui.args import parse_args
from orkeon_engine.domain.ui.client_info import ClientFeature, ClientInfo
from orkeon_engine.domain.ui.doctor import GrammarStatus
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.ports.chat_model import LlmFailure
from orkeon_engine.services.local_model import LocalModelPorts
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_local_model_files import FakeLocalModelFiles
from tests.support.doubles.fake_local_model_server import FakeLocalModelServer
from tests.support.doubles.fake_model_catalogue import FakeModelCatalogue
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_system_probe import FakeSystemProbe
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust
from tests.support.scripted_chat_model import ScriptedChatModel

CONFIGURED = {"ORKEON_MODEL": "openai/gpt-4o-mini", "OPENAI_API_KEY": "k"}


def _checks(view):
    return {row[0]: row[1:] for row in view.table.rows}


def _catalogue(**served):
    models = FakeModelCatalogue()
    models.known = {"openai": ["openai/gpt-4o-mini"]}
    models.served = {base: names for base, names in served.items()}
    return models


async def _doctor(*tokens, **kw):
    kw.setdefault("env", CONFIGURED)
    kw.setdefault("models", _catalogue())
    deps = await make_deps(**kw)
    return await run_doctor(parse_args("doctor", ARGS, list(tokens)), deps)


async def test_a_healthy_installation_passes_every_check():
    view = await _doctor()

    checks = _checks(view)
    assert list(checks) == ["python", "git", "grammars", "state.db", "repository state", "settings",
                            "permission rules", "model", "trust", "model name", "shell programs"]
    assert all(status == "ok" for status, _, _ in checks.values())
    assert view.message == "All 11 checks pass." and view.exit_code == 0


async def test_a_rule_that_does_not_parse_fails_naming_the_file_and_the_rule():
    files = FakeConfigFiles(project='{"permissions": {"deny": ["shell_command(git push:*"]}}')

    view = await _doctor(files=files)

    status, found, fix = _checks(view)["permission rules"]
    assert status == "FAILED"
    assert found.startswith("/repo/.orkeon/config.json: permissions.deny[0] 'shell_command(git push:*' does not parse")
    assert "the gate refuses every tool call" in fix
    assert view.message == "1 of 11 checks failed: permission rules." and view.exit_code == 1


async def test_a_session_rule_that_does_not_parse_fails_too():
    deps = await make_deps(env=CONFIGURED, models=_catalogue())
    await deps.session.set_state("permissions.rules", {"allow": ["file_read("]})

    checks = _checks(await run_doctor(parse_args("doctor", ARGS, []), deps))

    assert checks["permission rules"][0] == "FAILED" and checks["permission rules"][1].startswith("session: ")


async def test_the_rules_in_force_are_counted():
    files = FakeConfigFiles(project='{"permissions": {"deny": ["shell_command(git push:*)"], "allow": ["file_read"]}}')

    checks = _checks(await _doctor(files=files))

    built_in = sum(len(RULE_SETS[name].entries()) for name in DEFAULT_RULE_SETS)
    assert built_in and checks["permission rules"] == ("ok", f"{2 + built_in} rules parse", "")


async def test_a_model_litellm_does_not_know_fails_the_model_name():
    checks = _checks(await _doctor(env={"ORKEON_MODEL": "openai/gtp-4o-mini", "OPENAI_API_KEY": "k"}))

    assert checks["model name"][:2] == ("FAILED", "litellm does not know openai/gtp-4o-mini")
    assert "/model list" in checks["model name"][2]


async def test_a_model_on_an_api_base_is_not_looked_up_in_litellm_nor_asked_without_online():
    env = {"ORKEON_MODEL": "openai/local", "ORKEON_API_BASE": "http://127.0.0.1:8080/v1"}

    checks = _checks(await _doctor(env=env))

    assert "model name" not in checks and "model served" not in checks


async def test_online_asks_the_api_base_whether_it_serves_the_model():
    env = {"ORKEON_MODEL": "openai/local", "ORKEON_API_BASE": "http://127.0.0.1:8080/v1"}
    models = _catalogue(**{"http://127.0.0.1:8080/v1": ["local"]})

    checks = _checks(await _doctor("--online", env=env, models=models, chat_model=ScriptedChatModel(["ok"])))

    assert checks["model served"] == ("ok", "http://127.0.0.1:8080/v1 serves openai/local", "")


async def test_online_fails_when_the_api_base_does_not_list_the_model():
    env = {"ORKEON_MODEL": "openai/lcoal", "ORKEON_API_BASE": "http://127.0.0.1:8080/v1"}
    models = _catalogue(**{"http://127.0.0.1:8080/v1": ["local", "other"]})

    checks = _checks(await _doctor("--online", env=env, models=models, chat_model=ScriptedChatModel(["ok"])))

    assert checks["model served"][:2] == ("FAILED", "http://127.0.0.1:8080/v1 does not list openai/lcoal; it serves: "
                                                    "openai/local, openai/other")


async def test_online_fails_when_the_api_base_cannot_list_its_models():
    env = {"ORKEON_MODEL": "openai/local", "ORKEON_API_BASE": "http://127.0.0.1:8080/v1"}
    models = _catalogue()
    models.serve_error = "connection refused"

    checks = _checks(await _doctor("--online", env=env, models=models, chat_model=ScriptedChatModel(["ok"])))

    assert checks["model served"][0] == "FAILED" and "connection refused" in checks["model served"][1]


async def test_a_program_someone_put_on_shell_allow_that_is_not_installed_fails():
    probe = FakeSystemProbe()
    probe.missing_programs = {"pytst"}
    files = FakeConfigFiles(project='{"shell.allow": ["git", "pytst", "cd"]}')

    status, found, fix = _checks(await _doctor(files=files, probe=probe))["shell programs"]

    assert status == "FAILED" and found == "shell.allow (project) names pytst, not found on the PATH"
    assert fix.startswith("install them, or take them off shell.allow")


async def test_a_shell_builtin_on_shell_allow_needs_no_program():
    probe = FakeSystemProbe()
    probe.missing_programs = {"cd", "echo"}
    files = FakeConfigFiles(project='{"shell.allow": ["cd", "echo"]}')

    assert _checks(await _doctor(files=files, probe=probe))["shell programs"][0] == "ok"


async def test_programs_of_the_default_list_missing_here_are_named_without_failing():
    probe = FakeSystemProbe()
    probe.missing_programs = {"cargo", "go"}

    status, found, _ = _checks(await _doctor(probe=probe))["shell programs"]

    assert status == "ok" and found.endswith("installed; not here: cargo, go")


async def test_a_missing_git_fails_with_its_fix():
    probe = FakeSystemProbe()
    probe.git = None

    checks = _checks(await _doctor(probe=probe))

    assert checks["git"][0] == "FAILED" and "install git" in checks["git"][2]


async def test_a_grammar_that_does_not_load_fails_the_grammars_check():
    probe = FakeSystemProbe()
    probe.grammar_list = [GrammarStatus("python", True), GrammarStatus("go", False, "ImportError: no module")]

    view = await _doctor(probe=probe)

    assert _checks(view)["grammars"][:2] == ("FAILED", "go: ImportError: no module")
    assert view.message == "1 of 11 checks failed: grammars."


async def test_a_state_db_that_is_not_saved_fails_with_the_reason():
    checks = _checks(await _doctor(store=FakeSessionStore(persistent=False, limitation="read-only folder")))

    assert checks["state.db"][:2] == ("FAILED", "not saved: read-only folder")


async def test_a_state_db_that_cannot_be_written_fails():
    store = FakeSessionStore()
    deps = await make_deps(store=store, env=CONFIGURED)
    store.fail_writes = OSError("disk full")

    checks = _checks(await run_doctor(parse_args("doctor", ARGS, []), deps))

    assert checks["state.db"][0] == "FAILED" and "disk full" in checks["state.db"][1]


async def test_the_state_db_check_leaves_nothing_in_the_state_bag():
    deps = await make_deps(env=CONFIGURED)

    await run_doctor(parse_args("doctor", ARGS, []), deps)

    assert await deps.session.read_state() == {}


async def test_an_invalid_settings_file_fails_naming_it():
    checks = _checks(await _doctor(files=FakeConfigFiles(project='{"nope": 1}')))

    assert checks["settings"][0] == "FAILED"
    assert checks["settings"][1].startswith("/repo/.orkeon/config.json: unknown key 'nope'")


async def test_no_model_fails_with_how_to_configure_one():
    checks = _checks(await _doctor(env={}))

    assert checks["model"][:2] == ("FAILED", "no model is configured")
    assert checks["model"][2].startswith("run `orkeon model local`")
    assert "`orkeon config set model <provider/model> --user`" in checks["model"][2]


async def test_the_local_model_not_set_up_fails_naming_the_command_that_sets_it_up():
    env = {"ORKEON_MODEL": "openai/qwen2.5-coder-1.5b", "ORKEON_API_BASE": "local"}

    checks = _checks(await _doctor(env=env))

    assert checks["model"][0] == "FAILED" and "run `orkeon model local` to set it up" in checks["model"][1]
    assert checks["model"][2] == "orkeon model local"


async def test_the_local_model_set_up_passes_with_its_file_and_server():
    env = {"ORKEON_MODEL": "openai/qwen2.5-coder-0.5b", "ORKEON_API_BASE": "local"}
    files = FakeLocalModelFiles(models={"0.5b": "/cache/m.gguf"}, server="/usr/bin/llama-server")

    checks = _checks(await _doctor(env=env, local_model=LocalModelPorts(files, FakeLocalModelServer())))

    assert checks["model"][0] == "ok" and "/cache/m.gguf with /usr/bin/llama-server" in checks["model"][1]


async def test_a_model_whose_provider_key_is_missing_fails_naming_the_variable():
    checks = _checks(await _doctor(env={"ORKEON_MODEL": "anthropic/claude-haiku-4-5"}))

    assert checks["model"][0] == "FAILED" and "ANTHROPIC_API_KEY" in checks["model"][2]


async def test_a_model_on_an_api_base_needs_no_provider_key():
    env = {"ORKEON_MODEL": "openai/local", "ORKEON_API_BASE": "http://127.0.0.1:8080/v1"}

    checks = _checks(await _doctor(env=env))

    assert checks["model"] == ("ok", "openai/local (from ORKEON_MODEL) at http://127.0.0.1:8080/v1 (from "
                                     "ORKEON_API_BASE)", "")


async def test_from_the_editor_the_clients_capabilities_are_a_check():
    client = ClientInfo("Neovim", "0.12", (ClientFeature("showDocument", True),
                                           ClientFeature("showMessageRequest", False, "every ask is refused")))

    checks = _checks(await _doctor(client_info=client))

    status, found, fix = checks["editor"]
    assert status == "FAILED"
    assert found == "Neovim 0.12: showDocument. without showMessageRequest, every ask is refused"
    assert fix.startswith("update the editor's client")


async def test_without_an_editor_there_is_no_editor_check():
    assert "editor" not in _checks(await _doctor())


async def test_online_makes_one_one_token_call_that_proves_the_model_answers():
    model = ScriptedChatModel(["ok"])

    checks = _checks(await _doctor("--online", chat_model=model))

    assert checks["model answers"] == ("ok", "scripted/model answered a one-token call", "")
    assert len(model.requests) == 1 and model.requests[0].options.max_tokens == 1
    assert model.requests[0].tools == ()


async def test_online_with_a_failing_provider_fails_with_a_fix_for_its_kind():
    model = ScriptedChatModel([LlmFailure("401 invalid key", model="openai/gpt-4o-mini", kind="auth")])

    checks = _checks(await _doctor("--online", chat_model=model))

    status, found, fix = checks["model answers"]
    assert status == "FAILED" and found == "openai/gpt-4o-mini failed (auth): 401 invalid key"
    assert fix.startswith("the provider refused the key")


async def test_online_without_a_model_says_it_was_not_tried():
    checks = _checks(await _doctor("--online", env={}, chat_model=ScriptedChatModel(not_configured=True)))

    assert checks["model answers"][:2] == ("FAILED", "not tried: no model is configured")


async def test_without_online_no_model_call_is_made():
    model = ScriptedChatModel()

    await _doctor(chat_model=model)

    assert model.requests == []


async def test_an_untrusted_project_holding_back_its_api_base_fails_the_trust_check_with_the_fix():
    files = FakeConfigFiles(project='{"model.apiBase": "http://evil.example/v1"}')

    checks = _checks(await _doctor(files=files, trust=FakeWorkspaceTrust(trusted=False)))

    assert checks["trust"][0] == "FAILED" and "model.apiBase" in checks["trust"][1]
    assert checks["trust"][2] == "review the project's settings file, then run `orkeon trust grant`"
    assert checks["model"][1] == "openai/gpt-4o-mini (from ORKEON_MODEL)"


async def test_state_that_came_with_the_repository_fails_naming_the_file_and_why():
    line = ("ignored .orkeon/local/state.db: git tracks it, so it came with the repository; Orkeon keeps this "
            "workspace's state in its own folder and never reads this one (remove it, or `git rm --cached` it)")
    workspace = WorkspaceInfo("/repo", "/repo", True, state_dir="/home/me/.local/state/orkeon/workspaces/r-1",
                              ignored=(line,))

    view = await _doctor(workspace=workspace)

    status, found, fix = _checks(view)["repository state"]
    assert status == "FAILED" and found == line and "git rm --cached" in fix
    assert view.exit_code == 1
