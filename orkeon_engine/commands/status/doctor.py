"""/doctor: is this installation able to work? Python, git, the grammars, state.db, the settings files, every
permission rule in force, the model (its name known to litellm, or with `--online` listed by the configured
server, and one one-token call to prove it answers), the programs on shell.allow and, from the editor, the
client's capabilities; each check ok or failed, with the fix. "All checks pass" only when every one does;
`orkeon doctor` exits 1 when one failed."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError, ConfigFileError, NotConfiguredError
from orkeon_engine.domain.model.chat import CallOptions
from orkeon_engine.domain.model.local_model import LocalModelError
from orkeon_engine.domain.model.providers import PROVIDER_KEYS, key_variable, qualified_model
from orkeon_engine.domain.settings.setting_choices import LOCAL_API_BASE
from orkeon_engine.domain.ui.args import ArgSpec, Flag, ParsedArgs
from orkeon_engine.domain.ui.client_info import ClientInfo
from orkeon_engine.domain.ui.doctor import (
    SHELL_BUILTINS,
    Check,
    git_check,
    grammars_check,
    model_name_check,
    python_check,
    rules_check,
    served_model_check,
    shell_programs_check,
    summary,
)
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.ports.chat_model import AnswerCut, LlmFailure
from orkeon_engine.ports.model_catalogue import ModelListError
from orkeon_engine.services.local_model import local_files
from orkeon_engine.services.model_settings import HOW_TO_CONFIGURE, resolve_model
from orkeon_engine.services.permission_rules import PermissionRules
from orkeon_engine.services.workspace_trust import trust_line

ARGS = ArgSpec(flags=(Flag("online", "also make one one-token model call to prove the model answers"),))
PROBE_KEY = "doctor.probe"
_HOW = HOW_TO_CONFIGURE
ONLINE_SYSTEM = "Reply with the single word ok."
ONLINE_USER = "ok?"
_ONLINE_FIXES = {
    "auth": "the provider refused the key: export a valid one in the provider's variable",
    "connection": "the server cannot be reached: check model.apiBase (or ORKEON_API_BASE) and that it runs",
    "timeout": "the server did not answer in time: check that it runs, or raise llm.timeout",
    "rate_limit": "the provider is rate limiting this key: wait, or check the account's quota",
    "bad_request": "the provider refused the request: check the model's name (/model list)",
    "bad_reply": "the server's answer is no chat completion: check model.apiBase (or ORKEON_API_BASE) names an "
                 "OpenAI-compatible /v1",
}
SETTINGS_FIX = "fix the file (it is never rewritten for you), or move it aside; `/config keys` lists the keys"


async def run_doctor(args: ParsedArgs, deps: Deps) -> CommandView:
    checks = await _machine(deps)
    checks.append(await _state_db(deps))
    checks.append(_repository_state(deps))
    checks.append(_settings(deps))
    checks.append(await _permission_rules(deps))
    checks.append(await _model(deps))
    checks.append(await _trust(deps))
    checks += await _model_name(deps, online=args.has("online"))
    if args.has("online"):
        checks.append(await _online(deps))
    checks.append(await _shell_programs(deps))
    if deps.client_info is not None:
        checks.append(_editor(deps.client_info))
    rows = [[c.name, "ok" if c.ok else "FAILED", c.detail, c.fix] for c in checks]
    return CommandView(
        table=table(["check", "status", "found", "fix"], rows),
        message=summary(checks),
        exit_code=0 if all(c.ok for c in checks) else 1,
        data={"checks": [{"name": c.name, "ok": c.ok, "detail": c.detail, "fix": c.fix} for c in checks]},
    )


async def _machine(deps: Deps) -> list[Check]:
    if deps.probe is None:
        return [Check.failed("system", "this engine has no system probe wired", "run /doctor from `orkeon`")]
    version, executable = deps.probe.python()
    return [
        python_check(version, executable),
        git_check(await deps.probe.git_version()),
        grammars_check(await deps.probe.grammars()),
    ]


async def _state_db(deps: Deps) -> Check:
    store = deps.session.store
    if not store.persistent:
        return Check.failed("state.db", f"not saved: {store.limitation}",
                            "make the folder named there this user's own and writable (or set XDG_STATE_HOME "
                            "to one that is), then start again")
    try:
        await deps.session.set_state(PROBE_KEY, deps.clock.now().isoformat())
        await deps.session.set_state(PROBE_KEY, None)
    except OSError as error:
        return Check.failed("state.db", f"{store.location}: cannot be written ({error})",
                            "free disk space or fix the folder's permissions; another process may hold it")
    return Check.passed("state.db", f"{store.location} is writable")


def _repository_state(deps: Deps) -> Check:
    """State files an older Orkeon read back from `.orkeon/local/` that came with the repository or are not
    this user's: never applied, said here until they are gone."""
    ignored = deps.workspace.ignored
    if ignored:
        return Check.failed("repository state", "; ".join(ignored),
                            "delete the files named (`git rm --cached` them when git tracks them): Orkeon never "
                            "reads them, but a tool that does would trust them")
    return Check.passed("repository state", "nothing under .orkeon/local/ is read back: this workspace's state "
                                            f"is in {deps.workspace.state_dir or 'memory'}")


def _settings(deps: Deps) -> Check:
    problems = deps.config.file_problems()
    if problems:
        return Check.failed("settings", "; ".join(problems), SETTINGS_FIX)
    return Check.passed("settings", f"{deps.config.location('user')} and {deps.config.location('project')} are "
                                    "valid (or absent)")


async def _model(deps: Deps) -> Check:
    try:
        choice = await resolve_model(deps.config, deps.env)
    except ConfigFileError as error:
        return Check.failed("model", f"unknown: {error}", SETTINGS_FIX)
    if not choice.model:
        return Check.failed("model", "no model is configured", _HOW.removeprefix("no model is configured: "))
    detail = f"{choice.model} (from {choice.model_source})"
    if choice.api_base == LOCAL_API_BASE and deps.local_model is not None:
        try:
            _, path, binary = await local_files(deps.local_model.files, choice.model)
        except LocalModelError as error:
            return Check.failed("model", f"{detail}: {error}", "orkeon model local")
        return Check.passed("model", f"{detail}, served by Orkeon on demand: {path} with {binary}")
    if choice.api_base:
        return Check.passed("model", f"{detail} at {choice.api_base} (from {choice.api_base_source})")
    names = PROVIDER_KEYS.get(choice.provider)
    if names and key_variable(choice.provider, deps.env) is None:
        return Check.failed("model", f"{detail}, but no {' or '.join(names)} is set",
                            f"export {names[0]} in the environment that starts orkeon (or its editor)")
    return Check.passed("model", detail)


async def _trust(deps: Deps) -> Check:
    """Failed when the project's settings file sets keys that are ignored for want of trust."""
    line = await trust_line(deps.config)
    if line.startswith("not trusted: "):
        return Check.failed("trust", line.removeprefix("not trusted: "),
                            "review the project's settings file, then run `orkeon trust grant`")
    return Check.passed("trust", line)


async def _permission_rules(deps: Deps) -> Check:
    book = await PermissionRules(deps.config, deps.session).effective()
    return rules_check(len(book.entries), book.problems)


async def _model_name(deps: Deps, online: bool) -> list[Check]:
    """Litellm knows the model; or, with an api base, the server lists it (asked only with --online)."""
    try:
        choice = await resolve_model(deps.config, deps.env)
    except ConfigFileError:
        return []  # the model check already says the settings cannot be read
    if not choice.model or deps.models is None:
        return []
    if not choice.api_base:
        return [model_name_check(choice.model, await deps.models.is_known(choice.model))]
    if not online or choice.api_base == LOCAL_API_BASE:  # the local server: the model check says it all
        return []
    key_name = key_variable(choice.provider, deps.env)
    try:
        served = await deps.models.served_models(choice.api_base, deps.env.get(key_name) if key_name else None)
    except ModelListError as error:
        return [served_model_check(choice.model, choice.api_base, None, str(error))]
    names = [qualified_model(choice.provider, name) for name in served]
    return [served_model_check(choice.model, choice.api_base, names)]


async def _shell_programs(deps: Deps) -> Check:
    try:
        found = await deps.config.read_value("shell.allow")
    except (ConfigFileError, CommandFailedError) as error:
        return Check.failed("shell programs", f"shell.allow cannot be read: {error}", SETTINGS_FIX)
    programs = [str(name) for name in found.value or []]
    if deps.probe is None:
        return Check.failed("shell programs", "this engine has no system probe wired", "run /doctor from `orkeon`")
    missing = [name for name in programs if name not in SHELL_BUILTINS and deps.probe.find_program(name) is None]
    return shell_programs_check(programs, missing, found.source)


async def _online(deps: Deps) -> Check:
    if deps.llm is None:
        return Check.failed("model answers", "this engine has no model wired", _HOW)
    try:
        model = await deps.llm.require_model()
        await deps.llm.complete(ONLINE_SYSTEM, ONLINE_USER, CallOptions(max_tokens=1))
    except NotConfiguredError:
        return Check.failed("model answers", "not tried: no model is configured", _HOW)
    except AnswerCut:  # the one token asked for came back: the model answered
        pass
    except LlmFailure as error:
        return Check.failed("model answers", f"{error.model or 'the model'} failed ({error.kind}): {error}",
                            _ONLINE_FIXES.get(error.kind, "check the model name, the api base and the key"))
    except CommandFailedError as error:
        return Check.failed("model answers", f"not tried: {error}", SETTINGS_FIX)
    return Check.passed("model answers", f"{model} answered a one-token call")


def _editor(client: ClientInfo) -> Check:
    missing = client.missing()
    supported = [f.name for f in client.features if f.supported]
    detail = f"{client.label()}: " + (", ".join(supported) if supported else "none of the capabilities used")
    if not missing:
        return Check.passed("editor", detail)
    lost = "; ".join(f"without {f.name}, {f.without}" if f.without else f"no {f.name}" for f in missing)
    return Check.failed("editor", f"{detail}. {lost}",
                        "update the editor's client or extension; Orkeon works without them, with these limits")
